/**
 * One door per operation (issue 33, docs/decisions/033). Each operation of openapi/proxy.yaml is one
 * module (routes/<tag>/<operation-id>.ts) that says who may call it and what it runs; the steps around
 * it are written once, here, for both of its callers: the browser over HTTP (http/express-door.ts) and
 * the server render, which reads a page's data in-process (render/page-door.ts).
 *
 * The steps, in order: the input parsed with the contract's generated Zod schemas (its defaults and
 * bounds: generated/proxy/operation-inputs.ts), the shopper, the access rule, the request's locale,
 * the run. An operation that owns its HTTP exchange (cookies, a raw body, content negotiation) is an
 * `http` operation: the Express door mounts its handler as it is, and no page reads it.
 */
import type { z } from 'zod';
import { operationInputs } from '../../../generated/proxy/operation-inputs.ts';
import type { OperationId } from '../../../generated/proxy/operations.ts';
import type { AppContext, Handler } from '../context.ts';
import { marketOfLocale } from '../../../domain/locales.ts';
import type { PageType } from '../../../domain/page-access.ts';
import { requirePageAccess } from '../services/identity/page-access.ts';
import { parseBodyValue, parsePathValue, parseQueryValue } from '../validate.ts';
import type { Shopper } from '../services/identity/shopper.ts';
import type { SessionData } from '../session.ts';
import { isCustomerRule, isCustomerSession, loginRequired, type CustomerRule } from './customer.ts';

type Parts<Id extends OperationId> = (typeof operationInputs)[Id];
type Part = 'path' | 'query' | 'body';

/** An operation's input as its generated schemas parse it: `{ path, query, body }`, each where the contract has it. */
export type InputOf<Id extends OperationId> = {
  [P in keyof Parts<Id>]: Parts<Id>[P] extends z.ZodType ? z.output<Parts<Id>[P]> : never;
};

/** What an operation may know of the request that brought it, whichever door it came through. */
export interface RequestFacts {
  /** A host of the test flags (storefront §2, §6: `TEST_FLAG_HOSTS`). */
  testHost: boolean;
  /** The shopper's address and browser: the providers' risk data, the order's fields. */
  client: { ipAddress: string; userAgent: string };
  /** The request's query string as sent (`?a=b`, or empty). */
  search: string;
  /** The page the read serves, without locale prefix (the server render only). */
  page?: string;
  /** A request header (HTTP only; the server render has none). */
  header(name: string): string | undefined;
  /** The request's session: the shopper's; for an `anyone` operation the request's as it is, none made. */
  session?: SessionData;
  /** The host the request named (the site of a new session, storefront §3 Site). */
  hostname: string;
  /** The request's site: the session's, else the host's. */
  site: SessionData['site'];
  signal: AbortSignal;
  log: Shopper['log'];
}

/** The storefront §6 second rule of a page whose read this is (services/identity/page-access.ts). */
export interface PageRule {
  page: PageType;
  path: string;
}

export type CacheControl = 'private, no-store' | 'no-store' | 'public, max-age=300';

/** An answer other than the operation's JSON with status 200 and its default Cache-Control. */
export class Reply<T = unknown> {
  readonly body: T;
  readonly status: number;
  readonly cache: CacheControl | undefined;

  constructor(body: T, status = 200, cache?: CacheControl) {
    this.body = body;
    this.status = status;
    this.cache = cache;
  }
}

/** A PDF document (the account's invoices and credit notes). */
export class PdfReply {
  readonly pdf: Buffer;
  readonly filename: string;

  constructor(pdf: Buffer, filename: string) {
    this.pdf = pdf;
    this.filename = filename;
  }
}

/** A body parser of its own where the contract's schema cannot word the errors the spec asks for. */
type BodyParser = (body: unknown, mediaType: string | undefined) => unknown;

interface Answered {
  /** Cache-Control of a 200 (default private, no-store). */
  cache?: CacheControl;
  /** Status of a success other than a Reply's (default 200). */
  status?: number;
  parseBody?: BodyParser;
}

/** An operation for the request's shopper (the session and its commerce token). */
export interface ShopperOperation<Id extends OperationId> extends Answered {
  /** `shopper`: anyone with a session; a signed-in registered customer (account §6); a page's §6 rule. */
  access: 'shopper' | CustomerRule | PageRule;
  /** Runs after every earlier locked run of the session (of the customer) ended: one order, one charge. */
  locked?: true;
  run(ctx: AppContext, shopper: Shopper, input: InputOf<Id>, request: RequestFacts): Promise<unknown>;
}

/** An operation that needs no shopper (the request's session, if any, is in `request`). */
export interface OpenOperation<Id extends OperationId> extends Answered {
  access: 'anyone';
  run(ctx: AppContext, input: InputOf<Id>, request: RequestFacts): Promise<unknown>;
}

/** An operation that owns its HTTP exchange: mounted as it is, never read by a page. */
export interface HttpOperation {
  access: 'http';
  handle: Handler;
}

export type Operation<Id extends OperationId> = ShopperOperation<Id> | OpenOperation<Id> | HttpOperation;

/** The raw parts of a request: the Express door's req.params, req.query and req.body, or a page's typed input. */
export interface RawInput {
  path?: unknown;
  query?: unknown;
  body?: unknown;
  /** The body's media type, where one was sent. */
  mediaType?: string;
}

/** The input parsed with the contract's schemas (validate.ts); `text`: query values sent as text (HTTP). */
export function parseInput<Id extends OperationId>(id: Id, op: Answered, raw: RawInput, text: boolean): InputOf<Id> {
  const schemas = operationInputs[id] as Partial<Record<Part, z.ZodType>>;
  const input: Partial<Record<Part, unknown>> = {};
  if (schemas.path) input.path = parsePathValue(schemas.path, raw.path);
  if (schemas.query) input.query = parseQueryValue(schemas.query, raw.query, text);
  if (op.parseBody) input.body = op.parseBody(raw.body, raw.mediaType);
  else if (schemas.body) input.body = parseBodyValue(schemas.body, raw.body, raw.mediaType);
  return input as InputOf<Id>;
}

/** The locale a read asks for (its `locale` query parameter), when it names a market. */
function askedLocale(input: { query?: unknown }): string | undefined {
  const locale = (input.query as { locale?: unknown } | undefined)?.locale;
  return typeof locale === 'string' && marketOfLocale(locale) ? locale : undefined;
}

/**
 * A shopper operation's run, the same for both doors: the access rule, the locale the read asks for
 * (this request's, never written into the session), the run; an account operation during which the
 * sign-in ended answers the login, whatever it read.
 */
export async function runForShopper<Id extends OperationId>(
  ctx: AppContext,
  id: Id,
  op: ShopperOperation<Id>,
  shopper: Shopper,
  input: InputOf<Id>,
  request: RequestFacts,
): Promise<unknown> {
  const params = ((input as { path?: Record<string, string> }).path ?? {}) as Record<string, string>;
  const locale = askedLocale(input as { query?: unknown });
  if (locale) {
    shopper.locale = locale;
    shopper.market = marketOfLocale(locale)!;
  }
  const access = op.access;
  if (!isCustomerRule(access)) {
    if (access !== 'shopper') await requirePageAccess(ctx, shopper, access.page, access.path);
    return op.run(ctx, shopper, input, request);
  }
  const login = () => loginRequired(access.customer(params), { ...shopper.session, locale: shopper.locale });
  if (!isCustomerSession(shopper.session)) throw login();
  let answer: unknown;
  try {
    answer = await op.run(ctx, shopper, input, request);
  } catch (error) {
    if (isCustomerSession(shopper.session)) throw error;
    throw login();
  }
  if (!isCustomerSession(shopper.session)) throw login();
  return answer;
}

/** An operation that owns its HTTP exchange (a session's cookie, a raw body, content negotiation). */
export const httpOperation = (handle: Handler): HttpOperation => ({ access: 'http', handle });
