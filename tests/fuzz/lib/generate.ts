/**
 * Values from the contract's schemas: valid ones (required, enums, formats, bounds, patterns) and
 * invalid ones (wrong types, out of bounds, missing required, extra fields where
 * `additionalProperties` is false, huge, unicode and control-character strings). Every value is
 * confirmed with the contract's own validator (tests/contract/lib/schema.ts): a "valid" value that
 * the schema refuses is regenerated, an "invalid" one that the schema accepts is dropped, so
 * invalidity always comes from the schema (negative_data_rejection), never from a guess.
 */
import { deref, type Json } from '../../contract/lib/openapi.ts';
import type { ContractValidator } from '../../contract/lib/schema.ts';
import { fromPattern, type Random } from './random.ts';

/** A mutation of a valid value and what it breaks. */
export interface Mutation {
  label: string;
  value: Json;
}

/** Strings a contract pattern or enum should refuse: traversal, control characters, unicode, injection. */
const HOSTILE = [
  '../../../etc/passwd',
  'a\u0000b\r\nX-Injected: 1',
  '💥 Zoë 東京 \u202e',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  ' ',
];
const UNICODE_WORDS = ['Zoë', 'Łódź', 'Straße', '東京', 'Ωmega', 'café'];
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export class SchemaFuzzer {
  private readonly doc: Json;
  private readonly validator: ContractValidator;
  private readonly random: Random;

  constructor(doc: Json, validator: ContractValidator, random: Random) {
    this.doc = doc;
    this.validator = validator;
    this.random = random;
  }

  /** The schema with $refs followed and an `allOf` merged into one object schema. */
  resolve(schema: Json): Json {
    const s = deref(this.doc, schema);
    if (!s || typeof s !== 'object' || !Array.isArray(s.allOf)) return s;
    const { allOf, ...rest } = s;
    const merged: Json = { ...rest };
    for (const part of allOf.map((p: Json) => this.resolve(p))) {
      merged.type ??= part.type;
      merged.properties = { ...part.properties, ...merged.properties };
      merged.required = [...new Set([...(part.required ?? []), ...(merged.required ?? [])])];
      if (part.additionalProperties === false) merged.additionalProperties = false;
      for (const key of ['enum', 'const', 'pattern', 'format', 'minLength', 'maxLength', 'minimum', 'maximum'])
        if (part[key] !== undefined) merged[key] ??= part[key];
    }
    return merged;
  }

  isValid(schema: Json, value: Json): boolean {
    return this.validator.validate(schema, value).length === 0;
  }

  /** A value the schema accepts (tries a few draws, then the contract's example); throws if none. */
  valid(schema: Json): Json {
    for (let attempt = 0; attempt < 25; attempt += 1) {
      const value = this.draw(schema, 0);
      if (this.isValid(schema, value)) return value;
    }
    const s = this.resolve(schema);
    for (const example of [s.example, s.default, ...(s.examples ?? [])]) {
      if (example !== undefined && this.isValid(schema, example)) return example;
    }
    throw new Error(`no valid value for ${JSON.stringify(schema).slice(0, 200)}`);
  }

  private draw(schema: Json, depth: number): Json {
    const s = this.resolve(schema);
    if (s === true || s === undefined || (s && Object.keys(s).length === 0)) return 'x';
    if (s.const !== undefined) return s.const;
    if (Array.isArray(s.enum)) return this.random.pick(s.enum);
    const choices = s.oneOf ?? s.anyOf;
    if (Array.isArray(choices)) return this.draw(this.random.pick(choices), depth + 1);
    let type = s.type ?? (s.properties ? 'object' : 'string');
    if (Array.isArray(type)) {
      const concrete = type.filter((t: string) => t !== 'null');
      type = concrete.length && this.random.chance(0.85) ? this.random.pick(concrete) : 'null';
    }
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return this.random.chance(0.5);
      case 'integer':
      case 'number': {
        const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
        const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : min + 1000);
        const n = this.random.int(Math.ceil(min), Math.floor(max));
        return type === 'number' && this.random.chance(0.3) ? n + 0.5 : n;
      }
      case 'array': {
        const min = s.minItems ?? 0;
        const count = this.random.int(min, Math.min(s.maxItems ?? min + 2, min + 2));
        return Array.from({ length: count }, () => this.draw(s.items ?? {}, depth + 1));
      }
      case 'object': {
        const out: Record<string, Json> = {};
        const required: string[] = s.required ?? [];
        for (const [key, sub] of Object.entries<Json>(s.properties ?? {})) {
          if (required.includes(key) || (depth < 3 && this.random.chance(0.5))) out[key] = this.draw(sub, depth + 1);
        }
        return out;
      }
      default:
        return this.string(s);
    }
  }

  private string(s: Json): string {
    const n = this.random.int(0, 99_999);
    switch (s.format) {
      case 'email':
        return `fuzz.${n}@example.com`;
      case 'date':
        return `20${this.random.int(24, 39)}-0${this.random.int(1, 9)}-1${this.random.int(0, 9)}`;
      case 'date-time':
        return new Date(Date.UTC(2030, 0, 1) + n * 60_000).toISOString();
      case 'uri':
        return `https://shop.example/return/${n}`;
    }
    if (typeof s.pattern === 'string') {
      // The pattern's quantifiers know nothing of minLength and maxLength (`^[A-Za-z0-9_-]+$` with
      // minLength 8 gives 1 to 8 characters): draws are kept only within the bounds, else `valid`
      // would run out of tries about once in thirty seeds.
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? Number.POSITIVE_INFINITY;
      let value = fromPattern(this.random, s.pattern);
      for (let tries = 0; tries < 20 && (value.length < min || value.length > max); tries += 1)
        value = fromPattern(this.random, s.pattern);
      return value;
    }
    const min = s.minLength ?? 0;
    const length = this.random.int(min, Math.min(s.maxLength ?? min + 12, min + 12));
    // Unicode in valid strings too: a free-text field must carry any language (issue 17's unicode strings).
    if (length >= 6 && this.random.chance(0.3)) return this.random.pick(UNICODE_WORDS).padEnd(length, 'x');
    return Array.from({ length }, () => this.random.pick([...ALNUM])).join('');
  }

  /**
   * Candidate invalid values for a schema (and a valid value of it, mutated); each confirmed
   * invalid. `huge` is the length of the oversized string: 100 KB in a body, less in a parameter,
   * where Node's 16 KB header limit would refuse the request line before the proxy sees it.
   */
  invalid(schema: Json, valid: Json, huge = 100_000, depth = 0): Mutation[] {
    const s = this.resolve(schema);
    const candidates: Mutation[] = [];
    const add = (label: string, value: Json) => candidates.push({ label, value });
    const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
    if (type === 'object' || s.properties) {
      add('wrong type: array instead of object', []);
      add('wrong type: string instead of object', 'object');
      add('null body', null);
      const base = valid && typeof valid === 'object' && !Array.isArray(valid) ? valid : {};
      for (const key of s.required ?? []) {
        const { [key]: _dropped, ...rest } = base;
        add(`missing required '${key}'`, rest);
      }
      if (s.additionalProperties === false) add("extra field 'isAdmin'", { ...base, isAdmin: true });
      if (depth < 2) {
        for (const [key, sub] of Object.entries<Json>(s.properties ?? {})) {
          const inner = base[key] ?? this.valid(sub);
          for (const m of this.invalid(sub, inner, huge, depth + 1))
            add(`${key}: ${m.label}`, { ...base, [key]: m.value });
        }
      }
    } else if (type === 'integer' || type === 'number') {
      add('wrong type: string', 'abc');
      if (type === 'integer') add('not an integer', 1.5);
      if (s.minimum !== undefined) add('below minimum', s.minimum - 1);
      if (s.maximum !== undefined) add('above maximum', s.maximum + 1);
      add('huge number', 1e21);
    } else if (type === 'boolean') {
      add('wrong type: string', 'yes');
      add('wrong type: number', 2);
    } else if (type === 'array') {
      add('wrong type: object instead of array', {});
      if (s.maxItems !== undefined)
        add(
          'too many items',
          Array.from({ length: s.maxItems + 1 }, () => valid?.[0]),
        );
    } else {
      add('wrong type: number', 12345);
      add('wrong type: boolean', true);
      if (!(Array.isArray(s.type) && s.type.includes('null'))) add('null', null);
      if (s.minLength) add('empty string', '');
      if (s.maxLength !== undefined) add('one over maxLength', 'a'.repeat(s.maxLength + 1));
      add(`${huge / 1000} KB string`, 'A'.repeat(huge));
      if (s.pattern || s.enum || s.format || s.const !== undefined) {
        for (const hostile of HOSTILE) add(`hostile ${JSON.stringify(hostile.slice(0, 12))}`, hostile);
      }
      if (s.enum) add('not in enum', 'not-an-enum-value');
      if (s.format) add(`not a ${s.format}`, `not-a-${s.format} value`);
    }
    // Only what the schema refuses is invalid: negative_data_rejection derives invalidity from the contract.
    return candidates.filter((c) => !this.isValid(schema, c.value));
  }
}
