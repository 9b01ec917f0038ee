/**
 * The requests of one operation, from its parameters and request body in proxy.yaml: N valid
 * cases (fixtures from the seed first, then schema-generated values) and up to M invalid ones,
 * each breaking one thing (a parameter, the body, its media type), plus the calls without session
 * or CSRF token where the operation's `security` and parameters require them (ignored_auth).
 */
import { parametersOf, type Json, type Operation } from '../../contract/lib/openapi.ts';
import { BODY_FIXTURES, OPERATION_PARAMETER_FIXTURES, PARAMETER_FIXTURES } from './fixtures.ts';
import type { SchemaFuzzer } from './generate.ts';
import type { Random } from './random.ts';

export type CaseKind = 'valid' | 'invalid' | 'no-session' | 'no-csrf';

export interface FuzzCase {
  label: string;
  kind: CaseKind;
  method: string;
  /** Path and query as sent. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Send the visitor's cookie / CSRF token (the CSRF token only where the operation takes one). */
  withCookie: boolean;
  withCsrf: boolean;
}

export const CSRF_HEADER = 'X-CSRF-Token';
/** The server's base path (proxy.yaml `servers`: /api). */
const BASE = '/api';
/** Path segments a traversal or encoded-slash attack puts in a path parameter, exactly as sent. */
const TRAVERSALS = ['..%2F..%2Fhealthz', '%2e%2e', '%2e%2e%2f%2e%2e%2fsession', '..', 'a%2Fb', '%252e%252e%252f'];

type Values = Map<Json, string | undefined>;

/** The value a server reads from a serialised parameter: numbers and booleans where the schema types them. */
function deserialise(fuzzer: SchemaFuzzer, schema: Json, text: string): Json {
  const s = fuzzer.resolve(schema);
  const types = [s.type].flat();
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text))
    return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

export interface OperationCases {
  cases: FuzzCase[];
  requiresSession: boolean;
  takesCsrf: boolean;
}

export function buildCases(
  doc: Json,
  op: Operation,
  fuzzer: SchemaFuzzer,
  random: Random,
  dynamic: Record<string, string | undefined>,
  counts: { valid: number; invalid: number },
): OperationCases {
  const id: string = op.operation.operationId;
  const params = parametersOf(doc, op).filter((p) => p.name !== CSRF_HEADER);
  const takesCsrf = parametersOf(doc, op).some((p) => p.in === 'header' && p.name === CSRF_HEADER);
  const security: Json[] = op.operation.security ?? doc.security ?? [];
  const requiresSession = security.length > 0 && security.every((r) => Object.keys(r).length > 0);
  const requestBody = op.operation.requestBody ? fuzzer.resolve(op.operation.requestBody) : undefined;
  const [mediaType, media] = Object.entries<Json>(requestBody?.content ?? {})[0] ?? [];
  const fixtureOf = (name: string) =>
    dynamic[name] ?? OPERATION_PARAMETER_FIXTURES[id]?.[name] ?? PARAMETER_FIXTURES[name];

  const drawValues = (first: boolean): Values => {
    const values: Values = new Map();
    for (const p of params) {
      const fixture = fixtureOf(p.name);
      const usable = fixture !== undefined && fuzzer.isValid(p.schema, deserialise(fuzzer, p.schema, fixture));
      if (usable && (first || random.chance(0.5))) values.set(p, fixture);
      else if (p.required || (!first && random.chance(0.5))) values.set(p, String(fuzzer.valid(p.schema)));
    }
    return values;
  };
  const drawBody = (first: boolean): Json => {
    if (!media) return undefined;
    const fixture = BODY_FIXTURES[id];
    if (fixture !== undefined && !fuzzer.isValid(media.schema, fixture)) throw new Error(`${id}: body fixture invalid`);
    if (fixture !== undefined && (first || random.chance(0.5))) return fixture;
    if (!first && !requestBody.required && random.chance(0.2)) return undefined;
    return fuzzer.valid(media.schema);
  };
  const request = (
    label: string,
    kind: CaseKind,
    values: Values,
    body: Json,
    override: Partial<FuzzCase> = {},
    raw: { segment?: [Json, string] } = {},
  ): FuzzCase => {
    let path = `${BASE}${op.path}`;
    const query: string[] = [];
    const headers: Record<string, string> = {};
    for (const [p, value] of values) {
      if (value === undefined) continue;
      if (p.in === 'path') {
        const segment = raw.segment && raw.segment[0] === p ? raw.segment[1] : encodeURIComponent(value);
        path = path.replace(`{${p.name}}`, segment);
      } else if (p.in === 'query') query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(value)}`);
      else if (p.in === 'header') headers[p.name] = value;
    }
    if (body !== undefined) headers['content-type'] = mediaType!;
    const text =
      body === undefined
        ? undefined
        : typeof body === 'string' && !/json/.test(mediaType!)
          ? body
          : JSON.stringify(body);
    return {
      label,
      kind,
      method: op.method.toUpperCase(),
      path: query.length ? `${path}?${query.join('&')}` : path,
      ...(text === undefined ? {} : { body: text }),
      withCookie: true,
      withCsrf: takesCsrf,
      ...override,
      headers: { ...headers, ...override.headers },
    };
  };

  const cases: FuzzCase[] = [];
  for (let n = 0; n < counts.valid; n += 1)
    cases.push(request(`valid #${n + 1}`, 'valid', drawValues(n === 0), drawBody(n === 0)));

  // Invalid: from the first valid request, one thing broken at a time. The first candidate of each
  // kind is always sent; the rest are drawn with the seed up to the bound.
  const base = drawValues(true);
  const baseBody = drawBody(true);
  const must: FuzzCase[] = [];
  const more: FuzzCase[] = [];
  for (const p of params) {
    const where = `${p.in} ${p.name}`;
    const current = base.get(p) ?? String(fuzzer.valid(p.schema));
    let first = true;
    for (const m of fuzzer.invalid(p.schema, deserialise(fuzzer, p.schema, current), 8_000)) {
      if (m.value !== null && typeof m.value === 'object') continue; // not expressible as one parameter
      const text = String(m.value);
      if (p.in === 'path' && text === '') continue; // an empty segment is another route
      if (p.in === 'header' && !/^[\x20-\x7e]*$/.test(text)) continue; // not sendable as a header
      if (fuzzer.isValid(p.schema, deserialise(fuzzer, p.schema, text))) continue; // valid once serialised
      const values = new Map(base).set(p, text);
      (first ? must : more).push(request(`${where}: ${m.label}`, 'invalid', values, baseBody));
      first = false;
    }
    if (p.required && p.in !== 'path') {
      const values = new Map(base).set(p, undefined);
      must.push(request(`${where}: missing`, 'invalid', values, baseBody));
    }
    if (p.in === 'path') {
      for (const segment of TRAVERSALS) {
        const valid = fuzzer.isValid(p.schema, decodeURIComponent(segment));
        const label = `${where}: traversal ${segment}`;
        const c = request(label, valid ? 'valid' : 'invalid', base, baseBody, {}, { segment: [p, segment] });
        (segment === TRAVERSALS[0] ? must : more).push(c);
      }
    }
  }
  if (media) {
    const json = /json/.test(mediaType!);
    let first = true;
    for (const m of fuzzer.invalid(media.schema, baseBody)) {
      // Always sent: the first breakage, each missing required field and the unknown field.
      const always = first || /^(missing required|extra field)/.test(m.label);
      (always ? must : more).push(request(`body ${m.label}`, 'invalid', base, m.value));
      first = false;
    }
    if (requestBody.required) must.push(request('body missing', 'invalid', base, undefined));
    const sent = baseBody === undefined ? '{}' : json ? JSON.stringify(baseBody) : String(baseBody);
    // A media type the operation does not declare is invalid input whatever the bytes.
    must.push(
      request('wrong content type text/plain', 'invalid', base, baseBody, {
        headers: { 'content-type': 'text/plain' },
        body: sent,
      }),
    );
    more.push(
      request('wrong content type form', 'invalid', base, baseBody, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'isAdmin=true',
      }),
    );
    if (json) must.push(request('malformed JSON', 'invalid', base, baseBody, { body: '{"productId": "cn-' }));
  }
  const shuffled = more.map((c) => [random.next(), c] as const).sort((a, b) => a[0] - b[0]);
  cases.push(...must, ...shuffled.slice(0, Math.max(0, counts.invalid - must.length)).map(([, c]) => c));

  if (requiresSession)
    cases.push(request('without session cookie', 'no-session', base, baseBody, { withCookie: false }));
  if (takesCsrf) cases.push(request('without CSRF token', 'no-csrf', base, baseBody, { withCsrf: false }));
  return { cases, requiresSession, takesCsrf };
}
