/** Request validation with the generated Zod schemas; failures become 400 (or 422) problems. */
import type { Request } from 'express';
import type { z } from 'zod';
import { invalidField, validationError } from './errors.ts';

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

/** Bodies that parse as JSON but break the schema's rules are 400 (422 when the caller says so). */
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
  return result.data;
}
