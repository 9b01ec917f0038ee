/** Request validation with the generated Zod schemas; failures become 400 (or 422) problems. */
import type { Request } from 'express';
import type { z } from 'zod';
import { validationError } from './errors.ts';

export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const result = schema.safeParse(req.query ?? {});
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
  const result = schema.safeParse(req.body);
  if (!result.success) throw validationError(result.error, 'body', status);
  return result.data;
}
