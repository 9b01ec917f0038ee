/**
 * The account area is for a signed-in, registered customer only (account §6: identified by a
 * customer identity id). Every operation tagged `account` in proxy.yaml has a `CustomerRule` naming
 * its account page (routes/account/*.ts), and passes `requireCustomer` first: anyone else gets a 401 problem whose `redirectUrl` starts the login
 * and comes back to the account page the operation serves. When the browser's sign-in ended without
 * a logout (its tokens refused, its session lost: issue 30, docs/decisions/029) the problem says so
 * (`code` session-ended), and an account operation whose sign-in ends while it runs answers it too
 * (`signInEnded`), never the 502 of the refused call.
 */
import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { DEFAULT_LOCALE } from '../../../domain/locales.ts';
import type { SessionData } from '../session.ts';

/**
 * An account operation's access rule (account §6): a signed-in, registered customer; anyone else is
 * sent to the login, which returns to `customer`'s account page (account §2) for the request's path
 * parameters.
 */
export interface CustomerRule {
  customer: (path: Readonly<Record<string, string>>) => string;
}

export const isCustomerRule = (access: unknown): access is CustomerRule =>
  typeof access === 'object' && access !== null && 'customer' in access;

/** A session of a registered customer, with the identity id the order-management system knows them by. */
export function isCustomerSession(
  session: SessionData | undefined,
): session is SessionData & { principalUUID: string } {
  return session?.authType === 'registered' && Boolean(session.principalUUID);
}

/** The words of an ended sign-in (issue 30; the specs have none for it). */
export const SESSION_ENDED_TEXT = 'Your session has ended. Please sign in again.';

/**
 * The login problem of an account operation, returning to `page` (its account page) under the
 * session's locale. `ended`: the browser's sign-in ended without a logout (by default when the
 * session remembers it did, `sessionEnded`).
 */
export function loginRequired(
  page: string,
  session: SessionData | undefined,
  ended = Boolean(session?.sessionEnded),
): AppError {
  const returnTo = `/${session?.locale ?? DEFAULT_LOCALE}${page}`;
  const redirectUrl = `/api/session/login?returnTo=${encodeURIComponent(returnTo)}`;
  return ended
    ? new AppError(401, 'login-required', 'Login required', SESSION_ENDED_TEXT, { code: 'session-ended', redirectUrl })
    : new AppError(401, 'login-required', 'Login required', 'Please log in to see your account.', { redirectUrl });
}

/** Requests `requireCustomer` let through, and those among them whose sign-in ended while they ran. */
const customerRequests = new WeakSet<Request>();
const endedRequests = new WeakMap<Request, SessionData>();

/** True for a request of an account operation (it passed `requireCustomer`). */
export const isCustomerRequest = (req: Request): boolean => customerRequests.has(req);

/** The shopper's sign-in ended while `req` ran (http/shopper.ts): its tokens were refused. */
export function markSignInEnded(req: Request, session: SessionData): void {
  endedRequests.set(req, session);
}

/** Lets the request through for a registered customer's session; any other answers 401. */
export function requireCustomer(ctx: AppContext, rule: CustomerRule): RequestHandler {
  return async (req, _res, next) => {
    const session = await ctx.sessions.current(req);
    if (!isCustomerSession(session)) {
      throw loginRequired(
        rule.customer(req.params as Record<string, string>),
        session,
        Boolean(session?.sessionEnded) || ctx.sessions.cookieLost(req),
      );
    }
    customerRequests.add(req);
    next();
  };
}

/**
 * What an account operation that failed answers: the ended sign-in's login problem when the
 * platform refused the shopper's tokens while it ran (the failure is then the refused call's, or
 * its answer withheld: http/send.ts `withholdAnswer`), else its own error.
 */
export function signInEnded(req: Request, rule: CustomerRule, error: unknown): unknown {
  const session = endedRequests.get(req);
  return session ? loginRequired(rule.customer(req.params as Record<string, string>), session, true) : error;
}
