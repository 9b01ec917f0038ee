// The schema half of the breaking-change comparator (breaking.ts): compares a schema of the base
// contract with the same place in the new one, from the side of the browser that calls the proxy.
// In a response the browser reads: a property it read is gone or may be missing, a value it switched on
// is gone, a type it did not expect arrives. In a request it writes: a property it sent is gone, one it
// did not send is now required, a value or a type it sent is no longer accepted.
//
// $refs are followed within each document; allOf members are merged into one shape; oneOf/anyOf
// alternatives are paired (by the $ref they name, then in order) and compared pair by pair.
import { escapePointerSegment, resolvePointer, type Json } from './openapi.ts';

export type Direction = 'request' | 'response';

export type BreakingKind =
  | 'operation-removed'
  | 'response-removed'
  | 'response-property-removed'
  | 'response-property-optional'
  | 'response-enum-value-removed'
  | 'response-type-changed'
  | 'parameter-removed'
  | 'parameter-newly-required'
  | 'request-body-newly-required'
  | 'request-media-type-removed'
  | 'request-property-removed'
  | 'request-property-newly-required'
  | 'request-enum-value-removed'
  | 'request-type-narrowed';

/** Where a finding points: into the base document (what was removed) or the new one (what was added). */
export type PointerDocument = 'base' | 'new';

export interface SchemaFinding {
  kind: BreakingKind;
  /** JSON pointer into `document` (e.g. `/components/schemas/Session/properties/csrfToken`). */
  pointer: string;
  document: PointerDocument;
  message: string;
}

/** A schema with the pointer of where it is defined (after its $refs) and the first $ref that led there. */
export interface Located {
  schema: Json;
  pointer: string;
  ref?: string;
}

export function child(pointer: string, ...segments: (string | number)[]): string {
  return [pointer, ...segments.map((s) => escapePointerSegment(String(s)))].join('/');
}

/** Follows the $ref chain of `raw` (found at `pointer`) within doc. */
export function locate(doc: Json, raw: Json, pointer: string): Located {
  let schema = raw;
  let at = pointer;
  let ref: string | undefined;
  const seen = new Set<string>();
  while (schema && typeof schema === 'object' && typeof schema.$ref === 'string') {
    if (seen.has(schema.$ref)) throw new Error(`cyclic $ref ${schema.$ref}`);
    seen.add(schema.$ref);
    ref ??= schema.$ref;
    at = schema.$ref.replace(/^#/, '');
    schema = resolvePointer(doc, schema.$ref);
  }
  return ref === undefined ? { schema, pointer: at } : { schema, pointer: at, ref };
}

/** One alternative of a schema with its allOf members merged in. */
interface Shape {
  key: string;
  pointer: string;
  /** undefined: any type. */
  types: Set<string> | undefined;
  enumValues: { values: Json[]; pointer: string } | undefined;
  properties: Map<string, Located>;
  required: Set<string>;
  items: Located | undefined;
  additional: Located | undefined;
}

function valueType(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The types a schema object declares, or infers from enum/const, properties or items. */
function declaredTypes(schema: Json): Set<string> | undefined {
  if (typeof schema.type === 'string') return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type);
  if ('const' in schema) return new Set([valueType(schema.const)]);
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map(valueType));
  if (schema.properties) return new Set(['object']);
  if (schema.items) return new Set(['array']);
  return undefined;
}

function intersect(a: Set<string> | undefined, b: Set<string> | undefined): Set<string> | undefined {
  if (!a) return b;
  if (!b) return a;
  return new Set([...a].filter((t) => covers(b, t)));
}

/** Whether a value of type t is allowed by types (an integer is a number). */
function covers(types: Set<string> | undefined, t: string): boolean {
  return !types || types.has(t) || (t === 'integer' && types.has('number'));
}

const same = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b);

/** Merges a schema object and its allOf members (recursively) into a shape. */
function mergeInto(doc: Json, shape: Shape, node: Located, depth = 0): void {
  const s = node.schema;
  if (!s || typeof s !== 'object' || depth > 32) return;
  shape.types = intersect(shape.types, declaredTypes(s));
  const values = 'const' in s ? [s.const] : Array.isArray(s.enum) ? s.enum : undefined;
  if (values) {
    const pointer = child(node.pointer, 'const' in s ? 'const' : 'enum');
    shape.enumValues = shape.enumValues
      ? { ...shape.enumValues, values: shape.enumValues.values.filter((v) => values.some((w: Json) => same(v, w))) }
      : { values, pointer };
  }
  for (const [name, raw] of Object.entries<Json>(s.properties ?? {})) {
    if (!shape.properties.has(name))
      shape.properties.set(name, locate(doc, raw, child(node.pointer, 'properties', name)));
  }
  for (const name of Array.isArray(s.required) ? s.required : []) shape.required.add(name);
  if (s.items && typeof s.items === 'object' && !shape.items)
    shape.items = locate(doc, s.items, child(node.pointer, 'items'));
  if (s.additionalProperties && typeof s.additionalProperties === 'object' && !shape.additional) {
    shape.additional = locate(doc, s.additionalProperties, child(node.pointer, 'additionalProperties'));
  }
  (Array.isArray(s.allOf) ? s.allOf : []).forEach((member: Json, i: number) =>
    mergeInto(doc, shape, locate(doc, member, child(node.pointer, 'allOf', i)), depth + 1),
  );
}

function emptyShape(key: string, pointer: string): Shape {
  return {
    key,
    pointer,
    types: undefined,
    enumValues: undefined,
    properties: new Map(),
    required: new Set(),
    items: undefined,
    additional: undefined,
  };
}

/** The alternatives of a schema: its oneOf/anyOf members (each with the schema's own keywords merged in), or itself. */
function alternatives(doc: Json, node: Located, key: string, depth = 0): Shape[] {
  const s = node.schema;
  if (s === false) return [];
  const listed = s && typeof s === 'object' ? (['oneOf', 'anyOf'] as const).filter((k) => Array.isArray(s[k])) : [];
  if (listed.length === 0 || depth > 16) {
    const shape = emptyShape(key, node.pointer);
    mergeInto(doc, shape, node);
    return [shape];
  }
  const own = { ...s };
  for (const keyword of listed) delete own[keyword];
  return listed.flatMap((keyword) =>
    s[keyword].flatMap((raw: Json, i: number) => {
      const member = locate(doc, raw, child(node.pointer, keyword, i));
      const memberKey = member.ref ?? (isNullOnly(member.schema) ? 'null' : `inline:${keyword}:${i}`);
      return alternatives(doc, member, memberKey, depth + 1).map((shape) => {
        mergeInto(doc, shape, { schema: own, pointer: node.pointer });
        return shape;
      });
    }),
  );
}

function isNullOnly(schema: Json): boolean {
  const types = schema && typeof schema === 'object' ? declaredTypes(schema) : undefined;
  return !!types && types.size === 1 && types.has('null');
}

/** Pairs base and new alternatives: same $ref or null first, then the rest in order. */
function pairAlternatives(
  base: Shape[],
  next: Shape[],
): { pairs: [Shape, Shape][]; baseOnly: Shape[]; newOnly: Shape[] } {
  const pairs: [Shape, Shape][] = [];
  const restBase: Shape[] = [];
  const restNew = [...next];
  for (const b of base) {
    const i = restNew.findIndex((n) => n.key === b.key && !b.key.startsWith('inline:'));
    if (i >= 0) pairs.push([b, restNew.splice(i, 1)[0]!]);
    else restBase.push(b);
  }
  const baseOnly: Shape[] = [];
  for (const b of restBase) {
    const i = b.key === 'null' ? -1 : restNew.findIndex((n) => n.key !== 'null');
    if (i >= 0) pairs.push([b, restNew.splice(i, 1)[0]!]);
    else baseOnly.push(b);
  }
  return { pairs, baseOnly, newOnly: restNew };
}

function describeTypes(types: Set<string> | undefined): string {
  return types ? [...types].join(' | ') : 'any';
}

export class SchemaComparator {
  readonly findings: SchemaFinding[] = [];
  private readonly seen = new Set<string>();
  private readonly baseDoc: Json;
  private readonly newDoc: Json;

  constructor(baseDoc: Json, newDoc: Json) {
    this.baseDoc = baseDoc;
    this.newDoc = newDoc;
  }

  private add(kind: BreakingKind, pointer: string, document: PointerDocument, message: string): void {
    this.findings.push({ kind, pointer, document, message });
  }

  /** Compares the schema `baseRaw` at `basePointer` with `newRaw` at `newPointer`. */
  compare(
    direction: Direction,
    baseRaw: Json,
    basePointer: string,
    newRaw: Json,
    newPointer: string,
    what: string,
  ): void {
    const base = locate(this.baseDoc, baseRaw, basePointer);
    const next = locate(this.newDoc, newRaw, newPointer);
    const visit = `${direction}|${base.pointer}|${next.pointer}`;
    if (this.seen.has(visit)) return;
    this.seen.add(visit);
    const { pairs, baseOnly, newOnly } = pairAlternatives(
      alternatives(this.baseDoc, base, base.ref ?? 'inline:self'),
      alternatives(this.newDoc, next, next.ref ?? 'inline:self'),
    );
    if (direction === 'request') {
      for (const b of baseOnly) {
        this.add(
          'request-type-narrowed',
          b.pointer,
          'base',
          `${what}: the alternative ${describe(b)} is no longer accepted`,
        );
      }
    } else {
      for (const n of newOnly) {
        this.add(
          'response-type-changed',
          n.pointer,
          'new',
          `${what}: may now be ${describe(n)}, which the browser did not expect`,
        );
      }
    }
    for (const [b, n] of pairs) this.compareShapes(direction, b, n, what);
  }

  private compareShapes(direction: Direction, b: Shape, n: Shape, what: string): void {
    this.compareTypes(direction, b, n, what);
    this.compareEnums(direction, b, n, what);
    for (const [name, baseProperty] of b.properties) {
      const newProperty = n.properties.get(name);
      const where = `${what}.${name}`;
      if (!newProperty) {
        const kind = direction === 'response' ? 'response-property-removed' : 'request-property-removed';
        this.add(kind, baseProperty.pointer, 'base', `${where} was removed`);
        continue;
      }
      if (direction === 'response' && b.required.has(name) && !n.required.has(name)) {
        this.add(
          'response-property-optional',
          newProperty.pointer,
          'new',
          `${where} is no longer required: it may be missing`,
        );
      }
      this.compare(
        direction,
        baseProperty.schema,
        baseProperty.pointer,
        newProperty.schema,
        newProperty.pointer,
        where,
      );
    }
    if (direction === 'request') {
      for (const name of n.required) {
        if (b.required.has(name)) continue;
        const pointer = n.properties.get(name)?.pointer ?? child(n.pointer, 'required');
        this.add('request-property-newly-required', pointer, 'new', `${what}.${name} is newly required`);
      }
    }
    if (b.items && n.items)
      this.compare(direction, b.items.schema, b.items.pointer, n.items.schema, n.items.pointer, `${what}[]`);
    if (b.additional && n.additional) {
      this.compare(
        direction,
        b.additional.schema,
        b.additional.pointer,
        n.additional.schema,
        n.additional.pointer,
        `${what}{}`,
      );
    }
  }

  private compareTypes(direction: Direction, b: Shape, n: Shape, what: string): void {
    if (direction === 'response') {
      const added = n.types ? [...n.types].filter((t) => !covers(b.types, t)) : b.types ? ['any'] : [];
      if (added.length > 0) {
        this.add(
          'response-type-changed',
          n.pointer,
          'new',
          `${what}: type ${describeTypes(b.types)} became ${describeTypes(n.types)}`,
        );
      }
    } else {
      const lost = b.types ? [...b.types].filter((t) => !covers(n.types, t)) : n.types ? ['any'] : [];
      if (lost.length > 0) {
        this.add(
          'request-type-narrowed',
          n.pointer,
          'new',
          `${what}: type ${describeTypes(b.types)} narrowed to ${describeTypes(n.types)}`,
        );
      }
    }
  }

  private compareEnums(direction: Direction, b: Shape, n: Shape, what: string): void {
    if (!b.enumValues) {
      if (direction === 'request' && n.enumValues) {
        const values = n.enumValues.values.map((v) => JSON.stringify(v)).join(', ');
        this.add('request-type-narrowed', n.enumValues.pointer, 'new', `${what}: now restricted to ${values}`);
      }
      return;
    }
    if (!n.enumValues) return;
    const kind = direction === 'response' ? 'response-enum-value-removed' : 'request-enum-value-removed';
    const { values, pointer } = b.enumValues;
    values.forEach((value, i) => {
      if (n.enumValues!.values.some((v) => same(v, value))) return;
      const at = pointer.endsWith('/const') ? pointer : child(pointer, i);
      this.add(kind, at, 'base', `${what}: the value ${JSON.stringify(value)} was removed`);
    });
  }
}

function describe(shape: Shape): string {
  if (shape.key === 'null') return 'null';
  if (!shape.key.startsWith('inline:')) return shape.key.replace(/^#\/components\/schemas\//, '');
  return describeTypes(shape.types);
}
