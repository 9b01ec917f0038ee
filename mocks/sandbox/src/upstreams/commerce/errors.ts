/**
 * The commerce platform's own error shapes: SCAPI problem details, SLAS OAuth errors, classic
 * OCAPI faults and storefront controller errors.
 */
import type { ErrorRequestHandler, Response } from 'express';
import type { components } from '../../../../../generated/commerce/types.ts';

export type Schemas = components['schemas'];

const ERROR_TYPE = 'https://api.commercecloud.salesforce.com/documentation/error/v1/errors/';

/** Answers SCAPI problem details; `slug` is the last segment of the problem type URI. */
export function problem(
  res: Response,
  status: number,
  slug: string,
  title: string,
  detail: string,
  options: { instance?: string; json?: boolean } = {},
): void {
  const body: Schemas['ErrorResponse'] = { title, type: `${ERROR_TYPE}${slug}`, detail };
  if (options.instance) body.instance = options.instance;
  res
    .status(status)
    .type(options.json ? 'application/json' : 'application/problem+json')
    .json(body);
}

export const badRequest = (res: Response, detail: string): void =>
  problem(res, 400, 'bad-request', 'Bad Request', detail);

/** Answers an SLAS OAuth error. */
export function oauthError(res: Response, status: number, error: string, description: string): void {
  const body: Schemas['Oauth2ErrorResponse'] = { error, error_description: description };
  res.status(status).type('application/problem+json').json(body);
}

/** Answers a classic OCAPI fault document. */
export function ocapiFault(
  res: Response,
  status: number,
  type: string,
  message: string,
  args?: Record<string, unknown>,
): void {
  const body: Schemas['OcapiFault'] = { _v: '24.5', fault: { type, message, ...(args ? { arguments: args } : {}) } };
  res.status(status).json(body);
}

/** Answers a storefront controller error. */
export function controllerError(res: Response, status: number, message: string, action?: string): void {
  const body: Schemas['ControllerError'] = { error: true, message, ...(action ? { action } : {}) };
  res.status(status).json(body);
}

/** The error body for an injected fault: SCAPI problem details (the commonest shape of the upstream). */
export function errorBody(status: number): Schemas['ErrorResponse'] {
  if (status === 401)
    return {
      title: 'Unauthorized',
      type: `${ERROR_TYPE}unauthorized`,
      detail: "Your access token is invalid or expired and can't be used to identify a user.",
    };
  if (status === 404) return { title: 'Not Found', type: `${ERROR_TYPE}not-found`, detail: 'Not found.' };
  if (status < 500) return { title: 'Bad Request', type: `${ERROR_TYPE}bad-request`, detail: 'Injected fault.' };
  return {
    title: 'Internal Server Error',
    type: `${ERROR_TYPE}internal-server-error`,
    detail: 'The server encountered an unexpected condition (injected fault).',
  };
}

/** Final error handler: a malformed body or an unexpected throw, in the shape of the area it hit. */
export const finalErrorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  const status =
    typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
      ? error.status
      : 500;
  const clientError = status >= 400 && status < 500;
  const message = clientError ? 'The request is malformed.' : 'An unexpected error occurred.';
  const path = req.path;
  if (path.startsWith('/shopper/auth/'))
    return oauthError(res, clientError ? 400 : 500, clientError ? 'invalid_request' : 'server_error', message);
  if (path.startsWith('/s/'))
    return ocapiFault(
      res,
      clientError ? 400 : 500,
      clientError ? 'InvalidRequestException' : 'InternalServerError',
      message,
    );
  if (path.startsWith('/on/')) return controllerError(res, clientError ? 400 : 500, message);
  if (clientError) return badRequest(res, message);
  problem(res, 500, 'internal-server-error', 'Internal Server Error', message);
};
