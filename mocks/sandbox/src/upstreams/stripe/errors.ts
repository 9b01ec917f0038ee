/**
 * Stripe's error objects (`{ error: { type, code, message, param, ... } }`) and the translation of
 * request-validation problems into them.
 */
import type { z } from 'zod';
import type { ApiError } from './store.ts';

export class StripeError extends Error {
  readonly status: number;
  readonly body: ApiError & Record<string, unknown>;

  constructor(status: number, body: ApiError & Record<string, unknown>) {
    super(body.message ?? body.type);
    this.status = status;
    this.body = body;
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

export function invalidRequest(message: string, options: { code?: string; param?: string } = {}): StripeError {
  return new StripeError(400, {
    type: 'invalid_request_error',
    message,
    ...(options.code ? { code: options.code, doc_url: docUrl(options.code) } : {}),
    ...(options.param ? { param: options.param } : {}),
  });
}

export function missingParam(param: string): StripeError {
  return invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

/** An object named in the path (or a parameter) that does not exist. */
export function resourceMissing(kind: string, id: string, param: string, status = 404): StripeError {
  return new StripeError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
    doc_url: docUrl('resource_missing'),
  });
}

export function cardError(
  code: string,
  message: string,
  options: { declineCode?: string; param?: string; extra?: Record<string, unknown> } = {},
): StripeError {
  return new StripeError(402, {
    type: 'card_error',
    code,
    ...(options.declineCode ? { decline_code: options.declineCode } : {}),
    ...(options.param ? { param: options.param } : {}),
    message,
    doc_url: docUrl(code),
    ...options.extra,
  });
}

export function apiError(message = 'An unknown error occurred'): StripeError {
  return new StripeError(500, { type: 'api_error', message });
}

/** `card[exp_month]` from the path ['card', 'exp_month']. */
export function bracketParam(path: ReadonlyArray<PropertyKey>): string {
  const [head, ...rest] = path.map(String);
  return `${head ?? ''}${rest.map((part) => `[${part}]`).join('')}`;
}

type Issue = z.ZodError['issues'][number];

/**
 * The issue to report: for an anyOf (`card`: details or token) the first issue of the option the
 * input comes closest to (fewest issues; the first option on a tie), with the full path.
 */
function reportedIssue(issue: Issue | undefined): Issue | undefined {
  if (issue?.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const closest = issue.errors.reduce((best, option) => (option.length < best.length ? option : best));
  const inner = closest[0];
  return inner ? reportedIssue({ ...inner, path: [...issue.path, ...inner.path] } as Issue) : issue;
}

/** The first Zod issue as Stripe would word it. */
export function fromZodError(error: z.ZodError): StripeError {
  const issue = reportedIssue(error.issues[0]);
  if (!issue) return invalidRequest('Invalid request.');
  const param = bracketParam(issue.path);
  const input = (issue as { input?: unknown }).input;
  if (issue.code === 'invalid_type' && input === undefined) return missingParam(param);
  if (issue.code === 'invalid_type' && (issue.expected === 'int' || issue.expected === 'number'))
    return invalidRequest(`Invalid integer: ${String(input)}`, { code: 'parameter_invalid_integer', param });
  if (issue.code === 'invalid_type' && issue.expected === 'boolean')
    return invalidRequest(`Invalid boolean: ${String(input)}`, { param });
  if (issue.code === 'invalid_value')
    return invalidRequest(`Invalid ${param}: must be one of ${issue.values.map(String).join(', ')}`, { param });
  if (issue.code === 'too_big')
    return invalidRequest(`Invalid ${param}: must be at most ${String(issue.maximum)} characters`, { param });
  if (issue.code === 'invalid_type' && issue.expected === 'object') return invalidRequest(`Invalid object`, { param });
  if (issue.code === 'invalid_type' && issue.expected === 'array') return invalidRequest(`Invalid array`, { param });
  return invalidRequest(`Invalid ${param}: ${issue.message}`, { param });
}
