// Compares one of our upstream contracts with a public reference description: operations must
// exist there (same method, same full path), and every parameter and every body property we
// declare must exist there with a compatible type. Our contract may leave things out, never add.
import {
  deref,
  isJsonMedia,
  operations,
  parametersOf,
  serverBasePath,
  serversOf,
  type Json,
  type Operation,
} from './openapi.ts';

export interface RefDoc {
  name: string;
  doc: Json;
}

export interface RefOperation {
  ref: RefDoc;
  fullPath: string;
  op: Operation;
}

export interface Divergence {
  operation: string;
  location: string;
  what: string;
}

export function formatDivergence(d: Divergence): string {
  return `${d.operation} | ${d.location} | ${d.what}`;
}

/** `/a/{x}/b` -> `/a/{}/b`, no trailing slash. */
export function normaliseTemplate(path: string): string {
  return path.replace(/\{[^}]+\}/g, '{}').replace(/\/+$/, '') || '/';
}

function joinPath(base: string, path: string): string {
  return `${base}/${path.replace(/^\/+/, '')}`.replace(/\/+$/, '') || '/';
}

export function fullPathOf(doc: Json, op: Operation): string {
  return joinPath(serverBasePath(serversOf(doc, op)[0]), op.path);
}

export class ReferenceIndex {
  readonly basePaths: string[] = [];
  private readonly byKey = new Map<string, RefOperation>();

  constructor(refs: RefDoc[]) {
    for (const ref of refs) {
      const base = serverBasePath(ref.doc.servers?.[0]);
      this.basePaths.push(base);
      for (const op of operations(ref.doc)) {
        const fullPath = joinPath(serverBasePath(serversOf(ref.doc, op)[0]), op.path);
        this.byKey.set(`${op.method} ${normaliseTemplate(fullPath)}`, { ref, fullPath, op });
      }
    }
  }

  /** True when some reference's server base path is a prefix of this full path. */
  covers(fullPath: string): boolean {
    return (
      this.basePaths.some((base) => base !== '' && (fullPath === base || fullPath.startsWith(`${base}/`))) ||
      this.basePaths.includes('')
    );
  }

  find(method: string, fullPath: string): RefOperation | undefined {
    return this.byKey.get(`${method} ${normaliseTemplate(fullPath)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Schema comparison

interface Flat {
  types?: Set<string>;
  enum?: Json[];
  properties: Map<string, Json[]>;
  patternProperties: [RegExp, Json][];
  additionalProperties: Json[];
  items: Json[];
}

function typesOf(schema: Json): Set<string> | undefined {
  let types: string[] | undefined;
  if (typeof schema.type === 'string') types = [schema.type];
  else if (Array.isArray(schema.type)) types = [...schema.type];
  if (types && schema.nullable === true) types.push('null');
  if (!types && 'const' in schema) types = [schema.const === null ? 'null' : jsonType(schema.const)];
  return types ? new Set(types) : undefined;
}

function jsonType(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * Flattens a schema: allOf merged, oneOf/anyOf branches united (a property of any branch counts),
 * refs resolved. `mode` only affects nothing today but documents intent.
 */
function flatten(doc: Json, raw: Json, seen = new Set<Json>()): Flat {
  const flat: Flat = { properties: new Map(), patternProperties: [], additionalProperties: [], items: [] };
  const schema = deref(doc, raw);
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return flat;
  seen.add(schema);
  const own = typesOf(schema);
  if (own) flat.types = own;
  if (Array.isArray(schema.enum)) flat.enum = [...schema.enum, ...(schema.nullable === true ? [null] : [])];
  else if ('const' in schema) flat.enum = [schema.const];
  for (const [name, s] of Object.entries<Json>(schema.properties ?? {})) flat.properties.set(name, [s]);
  for (const [pattern, s] of Object.entries<Json>(schema.patternProperties ?? {})) {
    try {
      flat.patternProperties.push([new RegExp(pattern, 'u'), s]);
    } catch {
      flat.patternProperties.push([new RegExp(pattern), s]);
    }
  }
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
    flat.additionalProperties.push(schema.additionalProperties);
  }
  if (schema.items && typeof schema.items === 'object') flat.items.push(schema.items);
  const parts: Json[] = [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  for (const part of parts) {
    const sub = flatten(doc, part, seen);
    if (sub.types) flat.types = new Set([...(flat.types ?? []), ...sub.types]);
    if (sub.enum && !(Array.isArray(schema.enum) || 'const' in schema)) flat.enum = [...(flat.enum ?? []), ...sub.enum];
    for (const [name, list] of sub.properties)
      flat.properties.set(name, [...(flat.properties.get(name) ?? []), ...list]);
    flat.patternProperties.push(...sub.patternProperties);
    flat.additionalProperties.push(...sub.additionalProperties);
    flat.items.push(...sub.items);
  }
  // OpenAPI 3.0 `nullable` also applies to a type that comes from allOf/anyOf/oneOf.
  if (schema.nullable === true && flat.types) flat.types.add('null');
  // A branch without a type makes the union untyped only when nothing typed it at all.
  if (!flat.types && flat.properties.size > 0) flat.types = new Set(['object']);
  return flat;
}

const CONSTRAINING = ['type', '$ref', 'properties', 'enum', 'const', 'items', 'allOf', 'oneOf', 'anyOf'];

export interface CompareOptions {
  /** Custom attributes (`c_*`) are allowed on objects (SCAPI allows them everywhere). */
  allowCustomAttributes: boolean;
}

export class SchemaComparer {
  private readonly ours: Json;
  private readonly theirs: Json;
  private readonly options: CompareOptions;

  constructor(ours: Json, theirs: Json, options: CompareOptions) {
    this.ours = ours;
    this.theirs = theirs;
    this.options = options;
  }

  private readonly memo = new Map<Json, Map<Json, string[]>>();
  private readonly inProgress = new Map<Json, Set<Json>>();
  private readonly flatOurs = new Map<Json, Flat>();
  private readonly flatTheirs = new Map<Json, Flat>();

  /** Returns 'what' messages prefixed with the location below `where`. */
  compare(ourSchema: Json, theirSchema: Json, where: string): string[] {
    return this.relative(ourSchema, theirSchema).map((m) => `${where}${m}`);
  }

  /** Messages relative to the compared pair (memoised per pair; a cycle compares as equal). */
  private relative(ourSchema: Json, theirSchema: Json): string[] {
    const a = deref(this.ours, ourSchema);
    const b = deref(this.theirs, theirSchema);
    if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return [];
    const cached = this.memo.get(a)?.get(b);
    if (cached) return cached;
    const running = this.inProgress.get(a) ?? new Set<Json>();
    if (running.has(b)) return [];
    running.add(b);
    this.inProgress.set(a, running);
    const result = this.compute(a, b);
    running.delete(b);
    if (!this.memo.has(a)) this.memo.set(a, new Map());
    this.memo.get(a)!.set(b, result);
    return result;
  }

  private flat(cache: Map<Json, Flat>, doc: Json, schema: Json): Flat {
    let f = cache.get(schema);
    if (!f) {
      f = flatten(doc, schema);
      cache.set(schema, f);
    }
    return f;
  }

  private compute(a: Json, b: Json): string[] {
    const ours = this.flat(this.flatOurs, this.ours, a);
    const theirs = this.flat(this.flatTheirs, this.theirs, b);
    const out: string[] = [];

    // Types: ours must be a subset of theirs (integer fits in number, not the reverse).
    if (ours.types && theirs.types) {
      for (const t of ours.types) {
        const ok = theirs.types.has(t) || (t === 'integer' && theirs.types.has('number'));
        if (!ok) out.push(`: type ${t} not allowed by reference (${[...theirs.types].join('|')})`);
      }
    }
    // Enums: ours must be a subset of theirs.
    if (ours.enum && theirs.enum) {
      const extra = ours.enum.filter((v) => !theirs.enum!.some((w) => JSON.stringify(w) === JSON.stringify(v)));
      if (extra.length) out.push(`: enum values ${JSON.stringify(extra)} not in reference enum`);
    }
    // Object properties.
    for (const [name, ourList] of ours.properties) {
      const at = `.${name}`;
      const candidates = [
        ...(theirs.properties.get(name) ?? theirs.patternProperties.filter(([re]) => re.test(name)).map(([, s]) => s)),
      ];
      if (candidates.length === 0) {
        if (this.options.allowCustomAttributes && name.startsWith('c_')) continue;
        // Only a constraining additionalProperties schema describes extra keys (SCAPI's is an
        // annotation saying "c_* only").
        const additional = theirs.additionalProperties.filter(
          (s) => s && typeof s === 'object' && CONSTRAINING.some((k) => k in s),
        );
        if (additional.length > 0) candidates.push(...additional);
        else if (theirs.properties.size === 0 && theirs.patternProperties.length === 0)
          continue; // free-form
        else {
          out.push(`${at}: property not in reference`);
          continue;
        }
      }
      for (const ourProp of ourList) out.push(...this.bestOf(ourProp, candidates, at));
    }
    // Additional properties maps (ours declares a value schema).
    for (const ourAdd of ours.additionalProperties) {
      if (!ourAdd || typeof ourAdd !== 'object') continue;
      const theirAdd = theirs.additionalProperties.filter((s) => s && typeof s === 'object');
      if (theirAdd.length) out.push(...this.bestOf(ourAdd, theirAdd, '.*'));
    }
    // Array items.
    for (const ourItems of ours.items) {
      if (theirs.items.length) out.push(...this.bestOf(ourItems, theirs.items, '[]'));
    }
    return out;
  }

  /** Compares with each candidate; no divergence if any candidate fits, else the first's list. */
  private bestOf(ourSchema: Json, candidates: Json[], at: string): string[] {
    let first: string[] | undefined;
    for (const candidate of candidates) {
      const result = this.relative(ourSchema, candidate);
      if (result.length === 0) return [];
      first ??= result;
    }
    return (first ?? []).map((m) => `${at}${m}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Operation comparison

const comparers = new WeakMap<Json, WeakMap<Json, SchemaComparer>>();
function comparerFor(ours: Json, theirs: Json, options: CompareOptions): SchemaComparer {
  let byTheirs = comparers.get(ours);
  if (!byTheirs) comparers.set(ours, (byTheirs = new WeakMap()));
  let comparer = byTheirs.get(theirs);
  if (!comparer) byTheirs.set(theirs, (comparer = new SchemaComparer(ours, theirs, options)));
  return comparer;
}

function statusMatches(theirStatus: string, ourStatus: string): boolean {
  if (theirStatus === ourStatus) return true;
  return /^[1-5]XX$/i.test(theirStatus) && theirStatus[0] === ourStatus[0];
}

function findMedia(content: Json, media: string): Json | undefined {
  if (!content) return undefined;
  if (content[media]) return content[media];
  const bare = media.split(';')[0]!.trim().toLowerCase();
  for (const [key, value] of Object.entries<Json>(content)) {
    if (key.split(';')[0]!.trim().toLowerCase() === bare) return value;
  }
  return undefined;
}

export function compareOperation(ours: Json, our: Operation, ref: RefOperation, options: CompareOptions): Divergence[] {
  const operation = `${our.operation.operationId ?? '?'} (${our.label})`;
  const divergences: Divergence[] = [];
  const add = (location: string, what: string) => divergences.push({ operation, location, what });
  const theirs = ref.ref.doc;
  const comparer = comparerFor(ours, theirs, options);

  // Path template: identical after normalising (parameter names included).
  const ourFull = fullPathOf(ours, our);
  if (ourFull !== ref.fullPath)
    add('path', `template ${ourFull} differs from reference ${ref.fullPath} (${ref.ref.name})`);

  // Parameters.
  const theirParams = parametersOf(theirs, ref.op);
  for (const p of parametersOf(ours, our)) {
    const match = theirParams.find(
      (t) =>
        t.in === p.in &&
        (p.in === 'header' ? String(t.name).toLowerCase() === String(p.name).toLowerCase() : t.name === p.name),
    );
    const location = `parameter ${p.in} ${p.name}`;
    if (!match) {
      add(location, 'not in reference');
      continue;
    }
    for (const what of comparer.compare(p.schema, match.schema, 'schema')) add(location, what);
  }

  // Request body, per media type.
  const ourBody = deref(ours, our.operation.requestBody);
  const theirBody = deref(theirs, ref.op.operation.requestBody);
  if (ourBody) {
    if (!theirBody) add('requestBody', 'reference operation has no request body');
    else {
      for (const [media, mediaObject] of Object.entries<Json>(ourBody.content ?? {})) {
        const theirMedia = findMedia(theirBody.content, media);
        const location = `requestBody ${media}`;
        if (!theirMedia) {
          add(location, `media type not in reference (${Object.keys(theirBody.content ?? {}).join(', ')})`);
          continue;
        }
        for (const what of comparer.compare(mediaObject.schema, theirMedia.schema, 'body')) add(location, what);
      }
    }
  }

  // Responses, per status and media type.
  const theirResponses: Json = ref.op.operation.responses ?? {};
  for (const [status, rawResponse] of Object.entries<Json>(our.operation.responses ?? {})) {
    const theirStatus =
      Object.keys(theirResponses).find((s) => statusMatches(s, status)) ??
      (theirResponses.default ? 'default' : undefined);
    const location = `response ${status}`;
    if (!theirStatus) {
      add(location, `status not declared by reference (${Object.keys(theirResponses).join(', ')})`);
      continue;
    }
    const ourResponse = deref(ours, rawResponse);
    const theirResponse = deref(theirs, theirResponses[theirStatus]);
    for (const [media, mediaObject] of Object.entries<Json>(ourResponse?.content ?? {})) {
      const at = `${location} ${media}`;
      const theirMedia = findMedia(theirResponse?.content, media);
      if (!theirMedia) {
        const known = Object.keys(theirResponse?.content ?? {});
        // A JSON body where the reference declares the same body under another JSON media type.
        const jsonAlternative = isJsonMedia(media) ? known.find((k) => isJsonMedia(k)) : undefined;
        add(at, `media type not in reference ${theirStatus} (${known.join(', ') || 'no body'})`);
        if (jsonAlternative) {
          for (const what of comparer.compare(
            mediaObject.schema,
            theirResponse.content[jsonAlternative].schema,
            'body',
          ))
            add(at, what);
        }
        continue;
      }
      for (const what of comparer.compare(mediaObject.schema, theirMedia.schema, 'body')) add(at, what);
    }
  }
  return divergences;
}
