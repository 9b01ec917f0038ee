/** Validates request bodies with the contract's generated Zod schemas, answering SCAPI's 400. */
import type { Request, Response } from 'express';
import type { ZodType } from 'zod';
import { badRequest } from './errors.ts';

export function parseBody<T>(schema: ZodType<T>, req: Request, res: Response): T | undefined {
  const result = schema.safeParse(req.body ?? undefined);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`);
  badRequest(res, `The request body is not valid (${issues.join('; ')}).`);
  return undefined;
}
