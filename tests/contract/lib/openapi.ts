// Shared helpers for the contract tests: where the contracts are, how to load them, how to walk
// their operations and resolve local $refs.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Public reference descriptions, read in place (never copied into the project). */
export const REFERENCE_DIR = process.env.REFERENCE_DIR ?? resolve(ROOT, '../shared/reference');

export const UPSTREAMS = ['commerce', 'som', 'vehicles', 'identity', 'adyen', 'stripe', 'loqate'] as const;
export type Upstream = (typeof UPSTREAMS)[number];
export type ContractName = Upstream | 'proxy';

export const CONTRACT_FILES: Record<ContractName, string> = {
  proxy: 'openapi/proxy.yaml',
  commerce: 'openapi/upstream/commerce.yaml',
  som: 'openapi/upstream/som.yaml',
  vehicles: 'openapi/upstream/vehicles.yaml',
  identity: 'openapi/upstream/identity.yaml',
  adyen: 'openapi/upstream/adyen.yaml',
  stripe: 'openapi/upstream/stripe.yaml',
  loqate: 'openapi/upstream/loqate.yaml',
};

export const ALL_CONTRACTS = Object.keys(CONTRACT_FILES) as ContractName[];

export type Json = any;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export function contractPath(name: ContractName): string {
  return resolve(ROOT, CONTRACT_FILES[name]);
}

export function contractExists(name: ContractName): boolean {
  return existsSync(contractPath(name));
}

const cache = new Map<string, Json>();

/** Parses a YAML or JSON file (cached per path). */
export function loadDocument(file: string): Json {
  let doc = cache.get(file);
  if (doc === undefined) {
    const text = readFileSync(file, 'utf8');
    doc = file.endsWith('.json') ? JSON.parse(text) : parse(text, { maxAliasCount: -1 });
    cache.set(file, doc);
  }
  return doc;
}

export function loadContract(name: ContractName): Json {
  return loadDocument(contractPath(name));
}

export function unescapePointerSegment(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
}

export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Resolves a local JSON pointer reference (`#/components/schemas/X`) within doc. */
export function resolvePointer(doc: Json, ref: string): Json {
  if (!ref.startsWith('#')) throw new Error(`only local $refs are supported: ${ref}`);
  const segments = ref.slice(1).split('/').slice(1).map(unescapePointerSegment);
  let node = doc;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object' || !(segment in node)) {
      throw new Error(`unresolvable $ref ${ref}`);
    }
    node = node[segment];
  }
  return node;
}

/** Follows $ref chains (local only) until a node without $ref; throws on cycles. */
export function deref(doc: Json, node: Json): Json {
  const seen = new Set<string>();
  while (node && typeof node === 'object' && typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) throw new Error(`cyclic $ref ${node.$ref}`);
    seen.add(node.$ref);
    node = resolvePointer(doc, node.$ref);
  }
  return node;
}

export interface Operation {
  path: string;
  method: string;
  operation: Json;
  pathItem: Json;
  /** `METHOD /path` */
  label: string;
}

export function operations(doc: Json): Operation[] {
  const result: Operation[] = [];
  for (const [path, rawItem] of Object.entries<Json>(doc?.paths ?? {})) {
    const pathItem = deref(doc, rawItem);
    for (const method of HTTP_METHODS) {
      const operation = pathItem?.[method];
      if (operation) result.push({ path, method, operation, pathItem, label: `${method.toUpperCase()} ${path}` });
    }
  }
  return result;
}

/** Path-item and operation parameters merged (operation wins on the same name + in), dereferenced. */
export function parametersOf(doc: Json, op: Operation): Json[] {
  const byKey = new Map<string, Json>();
  for (const raw of [...(op.pathItem.parameters ?? []), ...(op.operation.parameters ?? [])]) {
    const p = deref(doc, raw);
    byKey.set(`${p.in}:${p.in === 'header' ? String(p.name).toLowerCase() : p.name}`, p);
  }
  return [...byKey.values()];
}

/** The servers that apply to an operation: operation, then path item, then document. */
export function serversOf(doc: Json, op: Operation): Json[] {
  return op.operation.servers ?? op.pathItem.servers ?? doc.servers ?? [];
}

/**
 * The path part of a server URL, with `{version}` as `v1` and other variables by their default;
 * no trailing slash ('' for a bare host).
 */
export function serverBasePath(server: Json | undefined): string {
  if (!server?.url) return '';
  let url: string = server.url;
  url = url.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const variable = server.variables?.[name];
    if (name === 'version') return 'v1';
    return variable?.default ?? name;
  });
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url; // relative server URL
  }
  return path.replace(/\/+$/, '');
}

export function isJsonMedia(mediaType: string): boolean {
  return /^application\/([\w.+-]+\+)?json(\s*;.*)?$/i.test(mediaType) || mediaType === '*/*';
}
