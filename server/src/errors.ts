/**
 * One error type and one error handler. Every failure leaves the proxy as
 * `application/problem+json` (the contract's `Problem`), never with a stack trace.
 */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { components } from '../../generated/proxy/types.ts';

export type Problem = components['schemas']['Problem'];
export type FieldError = components['schemas']['FieldError'];

/** Problem `type`s are stable URIs under this base, as in proxy.yaml's examples. */
export const PROBLEM_BASE = 'https://shop.example/problems/';
export const problemType = (slug: string): string => `${PROBLEM_BASE}${slug}`;

export class AppError extends Error {
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly extra: Omit<Problem, 'type' | 'title' | 'status' | 'detail'>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    slug: string,
    title: string,
    detail: string,
    extra: Omit<Problem, 'type' | 'title' | 'status' | 'detail'> = {},
    headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.status = status;
    this.type = slug.startsWith('http') ? slug : problemType(slug);
    this.title = title;
    this.detail = detail;
    this.extra = extra;
    this.headers = headers;
  }

  /** The error a recorded problem answer stands for (a replayed Idempotency-Key answer). */
  static fromProblem(problem: Problem): AppError {
    const { type, title, status, detail, instance: _instance, ...extra } = problem;
    return new AppError(status, type, title, detail, extra);
  }

  toProblem(instance?: string): Problem {
    return {
      type: this.type,
      title: this.title,
      status: this.status,
      detail: this.detail,
      ...(instance ? { instance } : {}),
      ...this.extra,
    };
  }
}

/** A 400 (or 422) validation problem naming the one field at fault. */
export function invalidField(detail: string, error: FieldError, status: 400 | 422 = 400): AppError {
  return new AppError(status, 'validation-error', 'Invalid request', detail, { errors: [error] });
}

/** A 400/422 with one field error per Zod issue (`field` is a JSON pointer or the parameter name). */
export function validationError(
  error: z.ZodError,
  where: 'body' | 'query' | 'path' | 'header',
  status: 400 | 422 = 400,
): AppError {
  const fieldOf = (path: PropertyKey[]) =>
    where === 'body' ? `/${path.map(String).join('/')}` : path.map(String).join('.') || where;
  const errors: FieldError[] = error.issues.flatMap((issue): FieldError[] =>
    // A key a closed object does not declare (generated z.strictObject): one error naming each key.
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          field: fieldOf([...issue.path, key]),
          message: `Unknown field '${key}'.`,
          code: issue.code,
        }))
      : [{ field: fieldOf(issue.path), message: issue.message, code: issue.code }],
  );
  return new AppError(status, 'validation-error', 'Invalid request', `The request ${where} is not valid.`, {
    errors,
  });
}

/**
 * 400 MissingParameters (storefront §8 "Required-parameter checks on proxy calls return
 * MissingParameters or MissingBody errors"): a required query or path parameter is absent; the
 * field errors name each one.
 */
export function missingParameters(error: z.ZodError, where: 'query' | 'path', missing: string[]): AppError {
  const { errors } = validationError(error, where).extra;
  return new AppError(400, 'missing-parameters', 'MissingParameters', `Required: ${missing.join(', ')}.`, {
    code: 'MissingParameters',
    ...(errors ? { errors } : {}),
  });
}

/** 400 MissingBody (storefront §8): an operation that takes a body was sent none. */
export const missingBody = (): AppError =>
  new AppError(400, 'missing-body', 'MissingBody', 'A request body is required.', { code: 'MissingBody' });

/** A payment problem (storefront §8): the kind choosing the client's modal and, for a refusal, its decline code. */
export function paymentError(
  status: number,
  slug: string,
  title: string,
  detail: string,
  kind: Problem['paymentErrorKind'],
  extra: Omit<Problem, 'type' | 'title' | 'status' | 'detail' | 'paymentErrorKind'> = {},
): AppError {
  return new AppError(status, slug, title, detail, { ...(kind ? { paymentErrorKind: kind } : {}), ...extra });
}

/** 502 for an upstream that answered with an error or could not be reached. */
export function upstreamError(upstream: string, cause?: unknown): AppError {
  const timeout = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
  return timeout
    ? new AppError(502, 'upstream-timeout', 'Service timed out', `Upstream ${upstream} did not answer in time.`)
    : new AppError(502, 'upstream-error', 'Service unavailable', `Upstream ${upstream} failed.`);
}

export function sendProblem(res: Response, problem: Problem): void {
  res.status(problem.status).type('application/problem+json').json(problem);
}

/** Unknown route: a 404 problem (mounted after every route). */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new AppError(404, 'not-found', 'Not found', `No route for ${req.method} ${req.path}.`));
};

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/** Told of every answer of 500 and above the error handler sends, with the error behind it (server.ts reports them). */
export type ServerErrorHook = (error: unknown, req: Request, problem: Problem) => void;

/** The ONE error handler: AppError, body-parser errors, anything else (500, logged, no stack). */
export const createErrorHandler =
  (onServerError?: ServerErrorHook): ErrorRequestHandler =>
  (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    const instance = typeof req.id === 'string' ? req.id : undefined;
    let appError: AppError;
    if (err instanceof AppError) {
      appError = err;
    } else {
      const e = (err ?? {}) as HttpLikeError;
      const status = e.status ?? e.statusCode;
      if (e.type === 'entity.parse.failed') {
        appError = new AppError(400, 'malformed-json', 'Malformed JSON', 'The request body is not valid JSON.');
      } else if (e.type === 'entity.too.large' || status === 413) {
        appError = new AppError(413, 'payload-too-large', 'Request too large', 'The request body is too large.');
      } else if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported' || status === 415) {
        appError = new AppError(415, 'unsupported-media-type', 'Unsupported media type', 'Send application/json.');
      } else if (typeof status === 'number' && status >= 400 && status < 500) {
        appError = new AppError(status, 'bad-request', 'Bad request', 'The request could not be read.');
      } else {
        req.log?.error({ err }, 'unhandled error');
        appError = new AppError(500, 'internal-error', 'Internal error', 'Something went wrong on our side.');
      }
    }
    for (const [name, value] of Object.entries(appError.headers)) res.setHeader(name, value);
    const problem = appError.toProblem(instance);
    if (problem.status >= 500) onServerError?.(err, req, problem);
    sendProblem(res, problem);
  };

export const errorHandler: ErrorRequestHandler = createErrorHandler();
