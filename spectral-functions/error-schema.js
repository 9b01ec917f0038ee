// Checks that every 4xx/5xx response of an operation references one of the error schemas the
// contract declares in info.x-error-schemas. Runs on the unresolved document so $refs are visible.
const PREFIX = '#/components/schemas/';

function resolveLocal(doc, ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .reduce((node, key) => (node == null ? undefined : node[key.replace(/~1/g, '/').replace(/~0/g, '~')]), doc);
}

export default function errorSchema(responses, _options, context) {
  const doc = context.document.data;
  const allowed = doc?.info?.['x-error-schemas'];
  if (!Array.isArray(allowed) || responses == null || typeof responses !== 'object') return [];
  const results = [];
  for (const [status, rawResponse] of Object.entries(responses)) {
    if (!/^[45](\d\d|XX)$/.test(status)) continue;
    const response = rawResponse?.$ref ? resolveLocal(doc, rawResponse.$ref) : rawResponse;
    const content = response?.content;
    if (!content || Object.keys(content).length === 0) {
      results.push({
        message: `${status} response has no body; it must use one of: ${allowed.join(', ')}`,
        path: [...context.path, status],
      });
      continue;
    }
    for (const [mediaType, media] of Object.entries(content)) {
      const ref = media?.schema?.$ref;
      const name = typeof ref === 'string' && ref.startsWith(PREFIX) ? ref.slice(PREFIX.length) : undefined;
      if (!name || !allowed.includes(name)) {
        results.push({
          message: `${status} ${mediaType} must reference one of the error schemas ${allowed.join(', ')}`,
          path: [...context.path, status, 'content', mediaType, 'schema'],
        });
      }
    }
  }
  return results;
}
