/**
 * Who a trusted-system on-behalf-of login (SLAS TSOB with an external identity provider) is for,
 * as SLAS's guide describes it (developer.salesforce.com/docs/commerce/commerce-api/guide/
 * slas-trusted-system.html): the registered shopper whose login is `login_id`; for a `login_id`
 * SLAS has not seen, a new registered shopper, created with that login and the values given
 * (first and last name the login, e-mail `email_id`, else the login: SLAS never asks the identity
 * provider); for `login_id=guest`, a guest. Nothing but the login matches: an e-mail or a
 * customer id sent as `login_id` is another, new shopper, as on the live tenant.
 */
import type { SandboxContext } from '../../app.ts';
import { alphaId, randomId, state, type CustomerRecord } from './state.ts';

export const LOGIN_ID_MAX = 128;

/**
 * SLAS's service protection window: "customers attempting to log in more than once through TSOB
 * during a period of 3 seconds will receive a 409 HTTP error" (the guide above).
 */
const TSOB_WINDOW_MS = 3000;

/** Whether `loginId` may log in now (none of its logins in the last 3 seconds); a login taken is remembered. */
export function takesLogin(context: SandboxContext, loginId: string): boolean {
  const now = context.clock.nowMs();
  const last = state.trustedLogins.get(loginId);
  if (last !== undefined && now - last < TSOB_WINDOW_MS) return false;
  state.trustedLogins.set(loginId, now);
  return true;
}

/** The registered customer whose login is `loginId` (logins compare case-insensitively). */
export function customerWithLogin(loginId: string): CustomerRecord | undefined {
  const wanted = loginId.toLowerCase();
  for (const customer of state.customers.values()) if (customer.login.toLowerCase() === wanted) return customer;
  return undefined;
}

function newShopper(context: SandboxContext, loginId: string, emailId: string | undefined): CustomerRecord {
  const nowMs = context.clock.nowMs();
  const customer: CustomerRecord = {
    customerId: alphaId('ab', 14),
    customerNo: String(state.nextCustomerNo++).padStart(8, '0'),
    email: emailId || loginId,
    login: loginId,
    firstName: loginId,
    lastName: loginId,
    // The shopper signs in at the identity provider: no password of theirs is known here.
    password: randomId('idp-only-', 16),
    creationMs: nowMs,
    modifiedMs: nowMs,
    addresses: [],
    paymentInstruments: [],
    custom: {},
  };
  state.customers.set(customer.customerId, customer);
  return customer;
}

/**
 * The customer a TSOB login is for: `{registered: false}` for `guest` (its guest customer is the
 * caller's to make), else the customer with the login, created when there is none.
 */
export function trustedSystemShopper(
  context: SandboxContext,
  loginId: string,
  emailId: string | undefined,
): { registered: false } | { registered: true; customer: CustomerRecord } {
  if (loginId.toLowerCase() === 'guest') return { registered: false };
  return { registered: true, customer: customerWithLogin(loginId) ?? newShopper(context, loginId, emailId) };
}
