// Builds requests that satisfy a contract operation (path, query and header parameters, auth,
// body), for driving Prism from the contract alone.
import { deref, isJsonMedia, parametersOf, type Json, type Operation } from './openapi.ts';
import type { ContractValidator } from './schema.ts';

const STRING_CANDIDATES = [
  'ZAAAA1000AA000001',
  'abc123',
  'aurora',
  'f_ecom_aaaa_prd',
  'default',
  'en',
  'GBP',
  'en-GB',
  'GB',
  'EUR',
  'me',
  '1',
  '00000000-0000-4000-8000-000000000000',
  '2026-01-01',
  '2026-01-01T00:00:00Z',
  'alex.owner@example.com',
  'https://example.com/',
  'a',
  'A1',
  'x'.repeat(18),
  'cus_ABC123',
  'pm_ABC123',
  'seti_ABC123',
];

function firstNamedExample(doc: Json, holder: Json): { found: boolean; value?: Json } {
  for (const raw of Object.values<Json>(holder?.examples ?? {})) {
    const example = deref(doc, raw);
    if (example && 'value' in example) return { found: true, value: example.value };
  }
  if (holder && 'example' in holder) return { found: true, value: holder.example };
  return { found: false };
}

/** A value valid against schema: its examples first, else something minimal of the right type. */
export function sampleValue(doc: Json, validator: ContractValidator, rawSchema: Json, depth = 0): Json {
  const schema = deref(doc, rawSchema);
  if (!schema || typeof schema !== 'object' || depth > 12) return undefined;
  const valid = (v: Json) => v !== undefined && validator.validate(rawSchema, v).length === 0;
  const pick = (candidates: Json[]) => candidates.find(valid);
  const direct = pick([
    schema.example,
    ...(Array.isArray(schema.examples) ? schema.examples : []),
    schema.const,
    ...(Array.isArray(schema.enum) ? schema.enum : []),
    schema.default,
  ]);
  if (direct !== undefined) return direct;
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    if (Array.isArray(schema[key])) {
      if (key === 'allOf') {
        const merged = Object.assign({}, ...schema[key].map((s: Json) => sampleValue(doc, validator, s, depth + 1)));
        if (valid(merged)) return merged;
      } else {
        for (const branch of schema[key]) {
          const v = sampleValue(doc, validator, branch, depth + 1);
          if (valid(v)) return v;
        }
      }
    }
  }
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['object'];
  const type = types.find((t) => t !== 'null') ?? 'null';
  switch (type) {
    case 'string':
      return pick(STRING_CANDIDATES) ?? 'x';
    case 'integer':
    case 'number':
      return pick([schema.minimum, 1, 0, 10, schema.maximum]) ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const item = sampleValue(doc, validator, schema.items ?? {}, depth + 1);
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    default: {
      const out: Json = {};
      for (const name of schema.required ?? []) {
        out[name] = sampleValue(doc, validator, schema.properties?.[name] ?? {}, depth + 1);
      }
      // An empty object would be an empty (absent) form body: add the first scalar property.
      if (Object.keys(out).length === 0) {
        for (const [name, prop] of Object.entries<Json>(schema.properties ?? {})) {
          const value = sampleValue(doc, validator, prop, depth + 1);
          if (value !== undefined && value !== null && typeof value !== 'object') {
            out[name] = value;
            if (valid(out)) break;
            delete out[name];
          }
        }
      }
      return out;
    }
  }
}

function paramValue(doc: Json, validator: ContractValidator, param: Json): Json {
  const named = firstNamedExample(doc, param);
  if (named.found) return named.value;
  const schema = param.schema ?? Object.values<Json>(param.content ?? {})[0]?.schema ?? { type: 'string' };
  return sampleValue(doc, validator, schema);
}

/** Stripe-style form encoding: a[b]=1, a[0]=x. */
export function formEncode(value: Json): string {
  const params = new URLSearchParams();
  const walk = (prefix: string, v: Json) => {
    if (v === undefined) return;
    if (v === null) params.append(prefix, '');
    else if (Array.isArray(v)) v.forEach((item, i) => walk(`${prefix}[${i}]`, item));
    else if (typeof v === 'object')
      for (const [k, item] of Object.entries<Json>(v)) walk(prefix ? `${prefix}[${k}]` : k, item);
    else params.append(prefix, String(v));
  };
  walk('', value);
  return params.toString();
}

export interface BuiltRequest {
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

function authHeaders(doc: Json, op: Operation, query: URLSearchParams): Record<string, string> {
  const headers: Record<string, string> = {};
  const requirements: Json[] = op.operation.security ?? doc.security ?? [];
  if (requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0)) return headers;
  for (const name of Object.keys(requirements[0])) {
    const scheme = deref(doc, doc.components?.securitySchemes?.[name]);
    if (!scheme) continue;
    if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic') {
      headers.authorization = `Basic ${Buffer.from('client:secret').toString('base64')}`;
    } else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
      headers.authorization = 'Bearer test-token';
    } else if (scheme.type === 'apiKey') {
      if (scheme.in === 'header') headers[String(scheme.name).toLowerCase()] = 'test-key';
      else if (scheme.in === 'query') query.set(scheme.name, 'test-key');
      else if (scheme.in === 'cookie') headers.cookie = `${scheme.name}=test-key`;
    }
  }
  return headers;
}

export function buildRequest(doc: Json, validator: ContractValidator, op: Operation): BuiltRequest {
  let path = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const param of parametersOf(doc, op)) {
    if (param.in === 'path') {
      path = path.replace(`{${param.name}}`, encodeURIComponent(String(paramValue(doc, validator, param))));
    } else if (param.required && param.in === 'query') {
      const value = paramValue(doc, validator, param);
      if (Array.isArray(value)) {
        if (param.explode === false) query.append(param.name, value.join(','));
        else for (const v of value) query.append(param.name, String(v));
      } else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries<Json>(value)) query.append(`${param.name}[${k}]`, String(v));
      } else query.append(param.name, String(value));
    } else if (param.required && param.in === 'header') {
      headers[String(param.name).toLowerCase()] = String(paramValue(doc, validator, param));
    } else if (param.required && param.in === 'cookie') {
      headers.cookie = `${headers.cookie ? `${headers.cookie}; ` : ''}${param.name}=${paramValue(doc, validator, param)}`;
    }
  }
  Object.assign(headers, authHeaders(doc, op, query));
  let body: string | undefined;
  const requestBody = deref(doc, op.operation.requestBody);
  const media = Object.keys(requestBody?.content ?? {})[0];
  if (requestBody && media) {
    const mediaObject = requestBody.content[media];
    const named = firstNamedExample(doc, mediaObject);
    const value = named.found ? named.value : sampleValue(doc, validator, mediaObject.schema ?? {});
    headers['content-type'] = media;
    if (/x-www-form-urlencoded/i.test(media)) body = formEncode(value);
    else if (isJsonMedia(media)) body = JSON.stringify(value);
    else body = typeof value === 'string' ? value : JSON.stringify(value);
  }
  const qs = query.toString();
  return { path: qs ? `${path}?${qs}` : path, method: op.method.toUpperCase(), headers, body };
}
