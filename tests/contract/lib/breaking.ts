// The breaking-change comparator of `make check-breaking` (issue 15, CI): what a change of
// openapi/proxy.yaml breaks for the browser that calls the proxy. Each finding names the operation
// (method, path, operationId) and the JSON pointer of the change, in the base document for what was
// removed and in the new one for what was added or narrowed. The rules, by kind:
//
//   operation-removed               a path or an operation is gone (path parameters' names do not count)
//   response-removed                a 2xx response, or one of its media types, is gone
//   response-property-removed       a property of a 2xx/4xx response schema is gone
//   response-property-optional      a required response property is no longer required
//   response-enum-value-removed     an enum (or const) value of a response is gone: the browser may switch on it
//   response-type-changed           a response value may now have a type (or alternative) it did not have
//   parameter-removed               a parameter the browser sends is gone
//   parameter-newly-required        a parameter is new and required, or was optional
//   request-body-newly-required     the request body was optional or absent
//   request-media-type-removed      a media type of the request body is gone
//   request-property-removed        a request-body property is gone
//   request-property-newly-required a request-body property was optional or absent
//   request-enum-value-removed      an enum value of a parameter or request field is gone
//   request-type-narrowed           a parameter or request field accepts fewer types or values (string → integer)
//
// Additions (paths, operations, optional parameters and fields, response properties, request enum values,
// newly required response properties) are not breaking and are not reported. Written here rather than
// taken from npm: oasdiff is a Go binary, not on npm; the npm `openapi-diff` lists Swagger 2 and
// OpenAPI 3.0.0 as what it supports (its SPEC_SUPPORT.md) and its schema differ ignores enum and const;
// @pb33f/openapi-changes wraps a Go binary; the small TypeScript ones are new and barely maintained.
import { parse } from 'yaml';
import { HTTP_METHODS, type Json } from './openapi.ts';
import { child, locate, SchemaComparator, type BreakingKind, type PointerDocument } from './breaking-schema.ts';

export type { BreakingKind } from './breaking-schema.ts';

export interface Finding {
  kind: BreakingKind;
  /** `METHOD /path` */
  operation: string;
  operationId: string | undefined;
  pointer: string;
  document: PointerDocument;
  message: string;
}

interface Op {
  method: string;
  path: string;
  pointer: string;
  operation: Json;
  pathItem: Json;
  pathItemPointer: string;
}

/** `/orders/{orderId}` and `/orders/{id}` are one path for the browser. */
const pathKey = (path: string) => path.replace(/\{[^}]*\}/g, '{}');

function operationsOf(doc: Json): Map<string, Op> {
  const ops = new Map<string, Op>();
  for (const [path, raw] of Object.entries<Json>(doc?.paths ?? {})) {
    const item = locate(doc, raw, child('/paths', path));
    for (const method of HTTP_METHODS) {
      const operation = item.schema?.[method];
      if (!operation) continue;
      const pointer = child(item.pointer, method);
      ops.set(`${method} ${pathKey(path)}`, {
        method,
        path,
        pointer,
        operation,
        pathItem: item.schema,
        pathItemPointer: item.pointer,
      });
    }
  }
  return ops;
}

interface Param {
  param: Json;
  pointer: string;
}

/** The operation's parameters (path item's, then the operation's own) by `in` and name; path parameters by position. */
function parametersOf(doc: Json, op: Op): Map<string, Param> {
  const result = new Map<string, Param>();
  const pathNames = [...op.path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
  const lists: [Json[] | undefined, string][] = [
    [op.pathItem.parameters, op.pathItemPointer],
    [op.operation.parameters, op.pointer],
  ];
  for (const [list, holder] of lists) {
    (list ?? []).forEach((raw, i) => {
      const found = locate(doc, raw, child(holder, 'parameters', i));
      const p = found.schema;
      const key =
        p.in === 'path'
          ? `path:#${pathNames.indexOf(p.name)}`
          : `${p.in}:${p.in === 'header' ? String(p.name).toLowerCase() : p.name}`;
      result.set(key, { param: p, pointer: found.pointer });
    });
  }
  return result;
}

const isChecked = (status: string) => /^[24]/.test(status);
const isSuccess = (status: string) => status.startsWith('2');

class OperationComparator {
  private readonly base: Json;
  private readonly next: Json;
  private readonly schemas: SchemaComparator;
  private readonly own: Finding[] = [];
  private readonly b: Op;
  private readonly n: Op;

  constructor(base: Json, next: Json, b: Op, n: Op) {
    this.base = base;
    this.next = next;
    this.b = b;
    this.n = n;
    this.schemas = new SchemaComparator(base, next);
  }

  private add(kind: BreakingKind, pointer: string, document: PointerDocument, message: string): void {
    this.own.push({ kind, pointer, document, message, ...this.identity() });
  }

  private identity(): Pick<Finding, 'operation' | 'operationId'> {
    return {
      operation: `${this.n.method.toUpperCase()} ${this.n.path}`,
      operationId: this.n.operation.operationId ?? this.b.operation.operationId,
    };
  }

  run(): Finding[] {
    this.parameters();
    this.requestBody();
    this.responses();
    const fromSchemas = this.schemas.findings.map((f) => ({ ...f, ...this.identity() }));
    return [...this.own, ...fromSchemas];
  }

  private parameters(): void {
    const baseParams = parametersOf(this.base, this.b);
    const newParams = parametersOf(this.next, this.n);
    for (const [key, { param, pointer }] of baseParams) {
      const label = `${param.in} parameter ${param.name}`;
      const now = newParams.get(key);
      if (!now) this.add('parameter-removed', pointer, 'base', `the ${label} was removed`);
      else if (param.schema && now.param.schema) {
        this.schemas.compare(
          'request',
          param.schema,
          child(pointer, 'schema'),
          now.param.schema,
          child(now.pointer, 'schema'),
          label,
        );
      }
    }
    for (const [key, { param, pointer }] of newParams) {
      const before = baseParams.get(key)?.param;
      if (param.required === true && before?.required !== true) {
        const what = before ? 'is now required' : 'is new and required';
        this.add('parameter-newly-required', pointer, 'new', `the ${param.in} parameter ${param.name} ${what}`);
      }
    }
  }

  private requestBody(): void {
    const baseBody = this.b.operation.requestBody
      ? locate(this.base, this.b.operation.requestBody, child(this.b.pointer, 'requestBody'))
      : undefined;
    const newBody = this.n.operation.requestBody
      ? locate(this.next, this.n.operation.requestBody, child(this.n.pointer, 'requestBody'))
      : undefined;
    if (newBody?.schema.required === true && baseBody?.schema.required !== true) {
      this.add('request-body-newly-required', newBody.pointer, 'new', 'the request body is now required');
    }
    if (!baseBody) return;
    for (const [media, baseMedia] of Object.entries<Json>(baseBody.schema.content ?? {})) {
      const basePointer = child(baseBody.pointer, 'content', media);
      const newMedia = newBody?.schema.content?.[media];
      if (!newMedia) {
        this.add('request-media-type-removed', basePointer, 'base', `the request body no longer accepts ${media}`);
        continue;
      }
      if (baseMedia?.schema && newMedia.schema) {
        const newPointer = child(newBody!.pointer, 'content', media, 'schema');
        this.schemas.compare(
          'request',
          baseMedia.schema,
          child(basePointer, 'schema'),
          newMedia.schema,
          newPointer,
          'request body',
        );
      }
    }
  }

  private responses(): void {
    const baseResponses = this.b.operation.responses ?? {};
    const newResponses = this.n.operation.responses ?? {};
    for (const [status, raw] of Object.entries<Json>(baseResponses)) {
      if (!isChecked(status)) continue;
      const baseResponse = locate(this.base, raw, child(this.b.pointer, 'responses', status));
      const newRaw = newResponses[status];
      if (!newRaw) {
        if (isSuccess(status))
          this.add('response-removed', baseResponse.pointer, 'base', `the ${status} response was removed`);
        continue;
      }
      const newResponse = locate(this.next, newRaw, child(this.n.pointer, 'responses', status));
      for (const [media, baseMedia] of Object.entries<Json>(baseResponse.schema.content ?? {})) {
        const basePointer = child(baseResponse.pointer, 'content', media);
        const newMedia = newResponse.schema.content?.[media];
        if (!newMedia) {
          if (isSuccess(status))
            this.add('response-removed', basePointer, 'base', `the ${status} response no longer answers ${media}`);
          continue;
        }
        if (baseMedia?.schema && newMedia.schema) {
          const newPointer = child(newResponse.pointer, 'content', media, 'schema');
          this.schemas.compare(
            'response',
            baseMedia.schema,
            child(basePointer, 'schema'),
            newMedia.schema,
            newPointer,
            `${status} response`,
          );
        }
      }
    }
  }
}

/** The breaking changes from base to next (both parsed OpenAPI 3.1 documents), one per operation and place. */
export function findBreakingChanges(base: Json, next: Json): Finding[] {
  const baseOps = operationsOf(base);
  const newOps = operationsOf(next);
  const findings: Finding[] = [];
  for (const [key, b] of baseOps) {
    const n = newOps.get(key);
    if (!n) {
      findings.push({
        kind: 'operation-removed',
        operation: `${b.method.toUpperCase()} ${b.path}`,
        operationId: b.operation.operationId,
        pointer: b.pointer,
        document: 'base',
        message: 'the operation was removed',
      });
      continue;
    }
    findings.push(...new OperationComparator(base, next, b, n).run());
  }
  const unique = new Map(findings.map((f) => [`${f.operation}|${f.kind}|${f.document}|${f.pointer}`, f]));
  return [...unique.values()];
}

/** An accepted breaking change, listed in openapi/intended-breaking-changes.yaml. */
export interface IntendedChange {
  /** operationId, `METHOD /path`, or `*` for every operation the change reaches. */
  operation: string;
  pointer: string;
  reason: string;
}

/** Reads the list of intended breaking changes; throws on an entry without operation, pointer or reason. */
export function parseIntended(text: string): IntendedChange[] {
  const doc = parse(text) ?? {};
  const list = doc.intended ?? [];
  if (!Array.isArray(list)) throw new Error('`intended` must be a list');
  return list.map((entry: Json, i: number) => {
    for (const field of ['operation', 'pointer', 'reason'] as const) {
      if (typeof entry?.[field] !== 'string' || entry[field].trim() === '') {
        throw new Error(`intended[${i}] needs a non-empty ${field}`);
      }
    }
    return { operation: entry.operation, pointer: entry.pointer, reason: entry.reason };
  });
}

export function matches(entry: IntendedChange, finding: Finding): boolean {
  const operation =
    entry.operation === '*' || entry.operation === finding.operation || entry.operation === finding.operationId;
  return operation && entry.pointer === finding.pointer;
}

export interface Verdict {
  unlisted: Finding[];
  accepted: { finding: Finding; entry: IntendedChange }[];
  /** Listed entries no finding matched (a change of an earlier commit, or a typo): reported, not failed. */
  unused: IntendedChange[];
}

export function judge(findings: Finding[], intended: IntendedChange[]): Verdict {
  const verdict: Verdict = { unlisted: [], accepted: [], unused: [] };
  const used = new Set<IntendedChange>();
  for (const finding of findings) {
    const entry = intended.find((e) => matches(e, finding));
    if (entry) {
      used.add(entry);
      verdict.accepted.push({ finding, entry });
    } else verdict.unlisted.push(finding);
  }
  verdict.unused = intended.filter((e) => !used.has(e));
  return verdict;
}

export function formatFinding(f: Finding): string {
  const id = f.operationId ? ` (${f.operationId})` : '';
  return `${f.operation}${id} ${f.kind} at ${f.document === 'base' ? 'base' : 'new'} #${f.pointer}: ${f.message}`;
}
