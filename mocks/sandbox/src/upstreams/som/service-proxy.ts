/**
 * What the order-management (`/som`) and vehicle (`/vehicles`) stand-ins share: both sit behind
 * the same service proxy, so both check the same bearer token and answer the proxy's error body
 * (`ServiceError`: isError, message, errorCode).
 */
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import type { ZodType } from 'zod';
import type { components } from '../../../../../generated/som/types.ts';
import { CREDENTIALS } from '../../seed.ts';

/** The error codes of the proxy's ServiceError (the order-management and vehicle contracts share it). */
export type ServiceErrorCode = NonNullable<components['schemas']['ServiceError']['errorCode']>;

export interface ServiceError {
  isError: true;
  message: string;
  errorCode: ServiceErrorCode;
}

export function serviceError(errorCode: ServiceErrorCode, message: string): ServiceError {
  return { isError: true, message, errorCode };
}

export function sendError(res: Response, status: number, errorCode: ServiceErrorCode, message: string): void {
  res.status(status).json(serviceError(errorCode, message));
}

/** The proxy's error body for an injected fault status. */
export function serviceErrorBody(status: number): ServiceError {
  if (status === 401 || status === 403) return serviceError('Unauthorized', 'The service token is missing or invalid.');
  if (status === 404) return serviceError('NotFound', 'Not found');
  if (status === 400) return serviceError('MissingParameters', 'Missing required parameters');
  if (status === 503 || status === 502 || status === 504)
    return serviceError('ServiceUnavailable', `Service unavailable (${status})`);
  return serviceError('InternalError', `Upstream service failed (${status})`);
}

/** Every call needs `Authorization: Bearer sandbox-service-token`. */
export const requireServiceToken: RequestHandler = (req, res, next) => {
  const header = req.get('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match || match[1] !== CREDENTIALS.serviceToken) {
    sendError(res, 401, 'Unauthorized', 'The service token is missing or invalid.');
    return;
  }
  next();
};

/** A body is required: answers MissingBody when there is none (or it is not a JSON object). */
export function hasBody(req: Request, res: Response): boolean {
  const body: unknown = req.body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    sendError(res, 400, 'MissingBody', 'The request body is missing.');
    return false;
  }
  if (Object.keys(body).length === 0) {
    sendError(res, 400, 'MissingBody', 'The request body is missing.');
    return false;
  }
  return true;
}

/**
 * Validates a body with the contract's Zod schema. Missing required fields answer
 * `MissingParameters` with their names (as the proxy does); any other invalid field also answers
 * 400 `MissingParameters`, naming the field and the problem (the contract has no other 400 code).
 */
export function parseBody<T>(schema: ZodType<T>, req: Request, res: Response): T | undefined {
  if (!hasBody(req, res)) return undefined;
  const result = schema.safeParse(req.body);
  if (result.success) return result.data;
  const missing: string[] = [];
  const invalid: string[] = [];
  for (const issue of result.error.issues) {
    const path = issue.path.map(String);
    const name = path[path.length - 1] ?? '(body)';
    const input = valueAt(req.body, path);
    if (input === undefined) missing.push(name);
    else invalid.push(`${path.join('.')}: ${issue.message}`);
  }
  if (missing.length > 0)
    sendError(res, 400, 'MissingParameters', `Missing required parameters: ${[...new Set(missing)].join(', ')}`);
  else sendError(res, 400, 'MissingParameters', `Invalid parameters: ${invalid.join('; ')}`);
  return undefined;
}

function valueAt(value: unknown, path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Missing query parameters → 400 MissingParameters naming them; true when all are there. */
export function requireQuery(req: Request, res: Response, names: string[]): boolean {
  const missing = names.filter((name) => {
    const value = req.query[name];
    return typeof value !== 'string' || value.trim() === '';
  });
  if (missing.length > 0) {
    sendError(res, 400, 'MissingParameters', `Missing required parameters: ${missing.join(', ')}`);
    return false;
  }
  return true;
}

/** A query flag: `true`/`1` is true, anything else false. */
export function queryFlag(req: Request, name: string): boolean {
  const value = req.query[name];
  return value === 'true' || value === '1';
}

/** Unknown paths answer 404 in the proxy's shape. */
export const notFoundHandler: RequestHandler = (req, res) => {
  sendError(res, 404, 'NotFound', `No service at ${req.method} ${req.originalUrl}`);
};

/** Final error handler: malformed JSON and anything unexpected answer in the proxy's shape. */
export const errorHandler: ErrorRequestHandler = (error: unknown, _req: Request, res: Response, next: NextFunction) => {
  if (res.headersSent) return next(error);
  const status = (error as { status?: unknown })?.status;
  const type = (error as { type?: unknown })?.type;
  if (type === 'entity.parse.failed' || status === 400) {
    sendError(res, 400, 'MissingBody', 'The request body is missing or is not valid JSON.');
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  sendError(res, 500, 'InternalError', message);
};
