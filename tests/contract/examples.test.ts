// Every example in every contract validates against its schema (OpenAPI 3.1 = JSON Schema 2020-12).
import { describe, expect, it } from 'vitest';
import {
  ALL_CONTRACTS,
  CONTRACT_FILES,
  contractExists,
  deref,
  loadContract,
  operations,
  type Json,
} from './lib/openapi.ts';
import { ContractValidator } from './lib/schema.ts';

interface ExampleCase {
  where: string;
  schema: Json;
  value: Json;
}

const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_SINGLE = ['items', 'not', 'if', 'then', 'else', 'contains', 'additionalProperties', 'propertyNames'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

/** Examples written on schemas (`example`, `examples: [...]`), recursively; refs are not followed. */
function schemaExamples(schema: Json, where: string, out: ExampleCase[], seen: Set<Json>): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  if ('example' in schema) out.push({ where: `${where}.example`, schema, value: schema.example });
  if (Array.isArray(schema.examples)) {
    schema.examples.forEach((value: Json, i: number) => out.push({ where: `${where}.examples[${i}]`, schema, value }));
  }
  for (const key of SUBSCHEMA_LISTS) {
    if (Array.isArray(schema[key]))
      schema[key].forEach((s: Json, i: number) => schemaExamples(s, `${where}.${key}[${i}]`, out, seen));
  }
  for (const key of SUBSCHEMA_SINGLE) {
    if (schema[key] && typeof schema[key] === 'object') schemaExamples(schema[key], `${where}.${key}`, out, seen);
  }
  for (const key of SUBSCHEMA_MAPS) {
    for (const [name, s] of Object.entries<Json>(schema[key] ?? {}))
      schemaExamples(s, `${where}.${key}.${name}`, out, seen);
  }
}

/** `example` and named `examples` of a media type, parameter or header object. */
function objectExamples(doc: Json, holder: Json, schema: Json, where: string, out: ExampleCase[]): void {
  if (!holder || !schema) return;
  if ('example' in holder) out.push({ where: `${where}.example`, schema, value: holder.example });
  for (const [name, raw] of Object.entries<Json>(holder.examples ?? {})) {
    const example = deref(doc, raw);
    if (example && 'value' in example) out.push({ where: `${where}.examples.${name}`, schema, value: example.value });
  }
}

function contentExamples(doc: Json, content: Json, where: string, out: ExampleCase[], seen: Set<Json>): void {
  for (const [media, mediaObject] of Object.entries<Json>(content ?? {})) {
    objectExamples(doc, mediaObject, mediaObject?.schema, `${where}.content.${media}`, out);
    schemaExamples(mediaObject?.schema, `${where}.content.${media}.schema`, out, seen);
  }
}

export function collectExamples(doc: Json): ExampleCase[] {
  const out: ExampleCase[] = [];
  const seen = new Set<Json>();
  for (const op of operations(doc)) {
    const at = `paths.${op.path}.${op.method}`;
    for (const [origin, list] of [
      ['pathItem', op.pathItem.parameters],
      ['operation', op.operation.parameters],
    ] as const) {
      for (const raw of list ?? []) {
        const param = deref(doc, raw);
        const pAt = `${origin === 'pathItem' ? `paths.${op.path}` : at}.parameters(${param.in} ${param.name})`;
        objectExamples(doc, param, param.schema, pAt, out);
        schemaExamples(param.schema, `${pAt}.schema`, out, seen);
        contentExamples(doc, param.content, pAt, out, seen);
      }
    }
    const body = deref(doc, op.operation.requestBody);
    if (body) contentExamples(doc, body.content, `${at}.requestBody`, out, seen);
    for (const [status, raw] of Object.entries<Json>(op.operation.responses ?? {})) {
      const response = deref(doc, raw);
      contentExamples(doc, response?.content, `${at}.responses.${status}`, out, seen);
      for (const [name, rawHeader] of Object.entries<Json>(response?.headers ?? {})) {
        const header = deref(doc, rawHeader);
        objectExamples(doc, header, header?.schema, `${at}.responses.${status}.headers.${name}`, out);
      }
    }
  }
  for (const [name, schema] of Object.entries<Json>(doc?.components?.schemas ?? {})) {
    schemaExamples(schema, `components.schemas.${name}`, out, seen);
  }
  // De-duplicate cases reached twice through shared components.
  const unique = new Map<string, ExampleCase>();
  for (const c of out) if (!unique.has(c.where)) unique.set(c.where, c);
  return [...unique.values()];
}

describe('contract examples', () => {
  it.each(ALL_CONTRACTS)(
    'when %s contract examples are validated against their schemas, then all are valid',
    (name) => {
      expect(contractExists(name), `${CONTRACT_FILES[name]} does not exist yet`).toBe(true);
      const doc = loadContract(name);
      const validator = new ContractValidator(doc);
      const cases = collectExamples(doc);
      const failures: string[] = [];
      for (const c of cases) {
        for (const error of validator.validate(c.schema, c.value)) failures.push(`${c.where}: ${error}`);
      }
      console.info(`${CONTRACT_FILES[name]}: ${cases.length} example(s) checked`);
      if (failures.length)
        console.error(`${CONTRACT_FILES[name]}: ${failures.length} example error(s)\n  ${failures.join('\n  ')}`);
      expect(failures, `${CONTRACT_FILES[name]}: invalid examples`).toEqual([]);
      expect(cases.length, `${CONTRACT_FILES[name]} has no examples at all`).toBeGreaterThan(0);
    },
  );
});
