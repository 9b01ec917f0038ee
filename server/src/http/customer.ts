/**
 * The account area is for a signed-in, registered customer only (account §6: identified by a
 * customer identity id). Every operation tagged `account` in proxy.yaml passes `requireCustomer`
 * first (routes/route-table.ts): anyone else gets a 401 problem whose `redirectUrl` starts the login
 * and comes back to the account page the operation serves. When the browser's sign-in ended without
 * a logout (its tokens refused, its session lost: issue 30, docs/decisions/029) the problem says so
 * (`code` session-ended), and an account operation whose sign-in ends while it runs answers it too
 * (`signInEnded`), never the 502 of the refused call.
 */
import type { Request, RequestHandler } from 'express';
import type { OperationId } from '../../../generated/proxy/operations.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { DEFAULT_LOCALE } from '../../../domain/locales.ts';
import type { SessionData } from '../session.ts';

/** The account page (account §2) each account operation serves. */
const ACCOUNT_PAGES: Partial<Record<OperationId, (params: Request['params']) => string>> = {
  getAccountOverview: () => '/account/my-overview',
  listSubscriptions: () => '/account/my-subscriptions',
  requestRefund: () => '/account/my-subscriptions',
  cancelAutoRenewal: () => '/account/my-subscriptions',
  reactivateAutoRenewal: () => '/account/my-subscriptions',
  listOrders: () => '/account/my-orders',
  getOrder: ({ id, orderNo }) =>
    `/account/my-orders/${encodeURIComponent(String(id))}/${encodeURIComponent(String(orderNo))}`,
  getInvoiceDocument: () => '/account/my-orders',
  getCreditNoteDocument: () => '/account/my-orders',
  getPaymentMethod: () => '/account/my-payment-method',
  addPaymentMethod: () => '/account/my-payment-method/add-payment-method',
  updatePaymentMethod: () => '/account/my-payment-method/edit-payment-method',
  deletePaymentMethod: () => '/account/my-payment-method',
  updateBillingAddress: () => '/account/my-payment-method/edit-billing-address',
  getHelpContent: () => '/account/need-help',
};

/** A session of a registered customer, with the identity id the order-management system knows them by. */
export function isCustomerSession(
  session: SessionData | undefined,
): session is SessionData & { principalUUID: string } {
  return session?.authType === 'registered' && Boolean(session.principalUUID);
}

/** The words of an ended sign-in (issue 30; the specs have none for it). */
export const SESSION_ENDED_TEXT = 'Your session has ended. Please sign in again.';

/**
 * The login problem for `operationId` (its path parameters), returning to its page under the
 * session's locale. `ended`: the browser's sign-in ended without a logout (by default when the
 * session remembers it did, `sessionEnded`).
 */
export function loginRequired(
  operationId: OperationId,
  params: Request['params'],
  session: SessionData | undefined,
  ended = Boolean(session?.sessionEnded),
): AppError {
  const page = ACCOUNT_PAGES[operationId]?.(params) ?? '/account/my-subscriptions';
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
export function requireCustomer(ctx: AppContext, operationId: OperationId): RequestHandler {
  return async (req, _res, next) => {
    const session = await ctx.sessions.current(req);
    if (!isCustomerSession(session)) {
      throw loginRequired(
        operationId,
        req.params,
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
export function signInEnded(req: Request, operationId: OperationId, error: unknown): unknown {
  const session = endedRequests.get(req);
  return session ? loginRequired(operationId, req.params, session, true) : error;
}

/** Every operation that has an account page: a test holds it equal to proxy.yaml's `account` tag. */
export const ACCOUNT_OPERATIONS = Object.keys(ACCOUNT_PAGES) as OperationId[];
