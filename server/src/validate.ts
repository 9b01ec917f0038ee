/** Request validation with the generated Zod schemas; failures become 400 (or 422) problems. */
import type { Request } from 'express';
import { z } from 'zod';
import { zAddress, zLoginCallbackRequest } from '../../generated/proxy/zod/zod.gen.ts';
import { invalidField, validationError } from './errors.ts';

/**
 * The request objects of proxy.yaml without `additionalProperties: false`. Every other object of a
 * request body is closed, but the generated z.object drops an unknown key instead of refusing it
 * (DESIGN.md), so parseBody looks for one itself (issue 17, fuzz sweep: negative_data_rejection).
 */
const OPEN_OBJECTS = new Set<z.ZodType>([zAddress, zLoginCallbackRequest]);

/** The JSON pointer of the first key that `value` has and its closed schema does not declare. */
function unknownKey(schema: z.ZodType, value: unknown, at = ''): string | undefined {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) {
    inner = inner.def.innerType as z.ZodType;
  }
  if (!(inner instanceof z.ZodObject) || !value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const shape = inner.shape as Record<string, z.ZodType>;
  for (const [key, item] of Object.entries(value)) {
    if (!(key in shape)) {
      if (OPEN_OBJECTS.has(inner)) continue;
      return `${at}/${key}`;
    }
    const found = unknownKey(shape[key]!, item, `${at}/${key}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * Query values arrive as strings, while the generated schemas declare the contract's integers and
 * booleans. A value the schema refused for its type alone is read as a number or a boolean and
 * the query parsed again, so every route gets the contract's types and bounds unchanged.
 */
export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const query = { ...((req.query ?? {}) as Record<string, unknown>) };
  let result = schema.safeParse(query);
  if (!result.success) {
    let coerced = false;
    for (const issue of result.error.issues) {
      const [key] = issue.path;
      const value = typeof key === 'string' ? query[key] : undefined;
      if (issue.code !== 'invalid_type' || typeof key !== 'string' || typeof value !== 'string') continue;
      if (issue.expected === 'boolean' && (value === 'true' || value === 'false')) {
        query[key] = value === 'true';
        coerced = true;
      } else if ((issue.expected === 'number' || issue.expected === 'int') && /^-?\d+(\.\d+)?$/.test(value)) {
        query[key] = Number(value);
        coerced = true;
      }
    }
    if (coerced) result = schema.safeParse(query);
  }
  if (!result.success) throw validationError(result.error, 'query');
  return result.data;
}

export function parsePath<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const result = schema.safeParse(req.params ?? {});
  if (!result.success) throw validationError(result.error, 'path');
  return result.data;
}

/** Bodies that parse as JSON but break the schema's rules are 422 unless the caller says 400. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request, status: 400 | 422 = 400): z.output<S> {
  // A body sent as something other than JSON is not read at all: say so rather than "expected object".
  if (req.body === undefined && req.headers['content-type'] && !req.is(['application/json', 'application/*+json'])) {
    throw invalidField('Send the request body as JSON (Content-Type: application/json).', {
      field: '/',
      message: 'The body must be JSON.',
      code: 'invalid_type',
    });
  }
  const result = schema.safeParse(req.body);
  if (!result.success) throw validationError(result.error, 'body', status);
  const unknown = unknownKey(schema, req.body);
  if (unknown) {
    throw invalidField(
      `The request body has a field the contract does not know: ${unknown}.`,
      {
        field: unknown,
        message: `Unknown field '${unknown.slice(unknown.lastIndexOf('/') + 1)}'.`,
        code: 'unrecognized_keys',
      },
      status,
    );
  }
  return result.data;
}
