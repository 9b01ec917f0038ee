// JSON Schema 2020-12 validation of values against schemas of one OpenAPI 3.1 contract.
// Component schemas are bundled under one Ajv schema (BUNDLE_ID), and every local
// `#/components/schemas/...` reference is rewritten to point into that bundle, so any schema of
// the document (component, inline, nested) can be compiled on its own.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import * as formatsModule from 'ajv-formats';
import { deref, type Json } from './openapi.ts';

type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
const addFormats: FormatsPlugin =
  // CommonJS interop: the plugin is the module itself or its `default`.
  ((formatsModule as Json).default?.default ?? (formatsModule as Json).default ?? formatsModule) as FormatsPlugin;

const BUNDLE_ID = 'https://contract.test/bundle.json';
const COMPONENT_PREFIX = '#/components/schemas/';

/** OpenAPI keywords that are annotations for JSON Schema validation. */
const OPENAPI_KEYWORDS = ['discriminator', 'xml', 'externalDocs', 'example'];

function collect(node: Json, found: { extensions: Set<string>; formats: Set<string> }, seen = new Set<Json>()): void {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const item of node) collect(item, found, seen);
    return;
  }
  for (const [key, value] of Object.entries<Json>(node)) {
    if (key.startsWith('x-')) found.extensions.add(key);
    if (key === 'format' && typeof value === 'string') found.formats.add(value);
    collect(value, found, seen);
  }
}

export class ContractValidator {
  readonly ajv: Ajv2020;
  private readonly compiled = new WeakMap<object, ValidateFunction>();

  private readonly doc: Json;

  constructor(doc: Json) {
    this.doc = doc;
    this.ajv = new Ajv2020({
      allErrors: true,
      strict: true,
      strictTypes: false,
      strictTuples: false,
      strictRequired: false,
      allowUnionTypes: true,
      validateFormats: true,
    });
    addFormats(this.ajv);
    const found = { extensions: new Set<string>(), formats: new Set<string>() };
    collect(doc, found);
    for (const keyword of [...OPENAPI_KEYWORDS, ...found.extensions]) {
      if (!this.ajv.getKeyword(keyword)) this.ajv.addKeyword({ keyword });
    }
    // `format: binary` is ignored; unknown formats are annotations.
    this.ajv.addFormat('binary', true);
    for (const format of found.formats) {
      if (!(this.ajv as Json).formats[format]) this.ajv.addFormat(format, true);
    }
    this.ajv.addSchema({ $id: BUNDLE_ID, $defs: this.rewrite(doc?.components?.schemas ?? {}) });
  }

  /** Deep copy with component refs made absolute; other local refs are inlined. */
  rewrite(node: Json, stack: Json[] = []): Json {
    if (Array.isArray(node)) return node.map((item) => this.rewrite(item, stack));
    if (!node || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [key, value] of Object.entries<Json>(node)) {
      if (key === '$ref' && typeof value === 'string') {
        if (value.startsWith(COMPONENT_PREFIX)) {
          out.$ref = `${BUNDLE_ID}#/$defs/${value.slice(COMPONENT_PREFIX.length)}`;
        } else if (value.startsWith('#')) {
          const target = deref(this.doc, { $ref: value });
          if (stack.includes(target)) throw new Error(`cyclic non-component $ref ${value}`);
          Object.assign(out, this.rewrite(target, [...stack, target]));
        } else {
          out.$ref = value;
        }
      } else {
        out[key] = this.rewrite(value, stack);
      }
    }
    return out;
  }

  /** Compiles a schema taken from the document (throws Ajv's compile error, e.g. unknown keyword). */
  compile(schema: Json): ValidateFunction {
    if (schema && typeof schema === 'object') {
      const hit = this.compiled.get(schema);
      if (hit) return hit;
    }
    const fn = this.ajv.compile(typeof schema === 'boolean' ? schema : this.rewrite(schema));
    if (schema && typeof schema === 'object') this.compiled.set(schema, fn);
    return fn;
  }

  /** Returns a list of readable errors ([] when valid). */
  validate(schema: Json, value: Json): string[] {
    let fn: ValidateFunction;
    try {
      fn = this.compile(schema);
    } catch (error) {
      return [`schema does not compile: ${(error as Error).message}`];
    }
    if (fn(value)) return [];
    return formatErrors(fn.errors ?? []);
  }
}

export function formatErrors(errors: ErrorObject[]): string[] {
  return errors.map((e) => {
    const where = e.instancePath || '(root)';
    const extra =
      e.keyword === 'additionalProperties'
        ? ` '${(e.params as Json).additionalProperty}'`
        : e.keyword === 'enum'
          ? ` ${JSON.stringify((e.params as Json).allowedValues)}`
          : '';
    return `${where} ${e.message ?? e.keyword}${extra}`;
  });
}
