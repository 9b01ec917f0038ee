/**
 * Request validation with the generated Zod schemas; failures become 400 (or 422) problems. The
 * operations' one door (http/operation.ts `parseInput`) and the operations that own their HTTP
 * exchange (`parseQuery`, `parsePath`, `parseBody` on an Express request) parse alike.
 */
import type { Request } from 'express';
import type { z } from 'zod';
import { invalidField, missingBody, missingParameters, validationError } from './errors.ts';

const JSON_MEDIA_TYPE = /^application\/([\w.+-]+\+)?json$/i;

/**
 * A query as the contract declares it. Over HTTP (`text`) values arrive as strings, while the
 * generated schemas declare the contract's integers and booleans: a value the schema refused for
 * its type alone is read as a number or a boolean and the query parsed again, so every operation
 * gets the contract's types and bounds unchanged.
 */
export function parseQueryValue<S extends z.ZodType>(schema: S, raw: unknown, text: boolean): z.output<S> {
  const query = { ...((raw ?? {}) as Record<string, unknown>) };
  let result = schema.safeParse(query);
  if (!result.success && text) {
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
  if (!result.success) throw parameterProblem(result.error, 'query', query);
  return result.data;
}

export function parsePathValue<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const values = (raw ?? {}) as Record<string, unknown>;
  const result = schema.safeParse(values);
  if (!result.success) throw parameterProblem(result.error, 'path', values);
  return result.data;
}

/** MissingParameters when a required parameter is absent (storefront §8), else the field errors. */
function parameterProblem(error: z.ZodError, where: 'query' | 'path', values: Record<string, unknown>) {
  const missing = error.issues.flatMap((issue) => {
    const [key] = issue.path;
    return issue.code === 'invalid_type' &&
      issue.path.length === 1 &&
      typeof key === 'string' &&
      values[key] === undefined
      ? [key]
      : [];
  });
  return missing.length ? missingParameters(error, where, missing) : validationError(error, where);
}

/** Bodies that parse as JSON but break the schema's rules are 400 (422 when the caller says so). */
export function parseBodyValue<S extends z.ZodType>(
  schema: S,
  body: unknown,
  mediaType: string | undefined,
  status: 400 | 422 = 400,
): z.output<S> {
  // A body sent as something other than JSON is not read at all: say so rather than "expected object".
  if (body === undefined && mediaType && !JSON_MEDIA_TYPE.test(mediaType)) {
    throw invalidField('Send the request body as JSON (Content-Type: application/json).', {
      field: '/',
      message: 'The body must be JSON.',
      code: 'invalid_type',
    });
  }
  const result = schema.safeParse(body);
  // No body at all where the operation takes one: MissingBody (storefront §8), not "expected object".
  if (!result.success && body === undefined) throw missingBody();
  if (!result.success) throw validationError(result.error, 'body', status);
  return result.data;
}

/** The media type a request's body was sent as, without its parameters. */
export const mediaTypeOf = (req: Request): string | undefined => req.headers?.['content-type']?.split(';')[0]!.trim();

export const parseQuery = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  parseQueryValue(schema, req.query, true);

export const parsePath = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  parsePathValue(schema, req.params);

export const parseBody = <S extends z.ZodType>(schema: S, req: Request, status: 400 | 422 = 400): z.output<S> =>
  parseBodyValue(schema, req.body, mediaTypeOf(req), status);
