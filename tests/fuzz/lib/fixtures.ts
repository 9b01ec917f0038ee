/**
 * Real sandbox identifiers for the valid cases (DESIGN.md "Sandbox seed data"): a valid call that
 * names a vehicle, product, order or subscription uses one that exists, so the sweep reaches the
 * code behind the lookup and not only the 404. And the sessions the sweep calls with: a guest with
 * a basket ready for payment, or alex signed in for the account area.
 */
import type { Json } from '../../contract/lib/openapi.ts';
import type { SandboxServer } from '../../../server/src/testing/sandbox-server.ts';
import { logIn, ShopBrowser } from '../../../server/src/testing/shop-browser.ts';
import { GUEST_ADDRESS, readyBasket, TestShopper } from '../../../server/src/testing/shop-client.ts';

const VIN = 'ZAAAA1000AA000001';
/** Seeded account records of alex (server/src/routes/account/*.test.ts use the same handles). */
const ORDER_ID = '1OsSB0000000001AAA';
const ORDER_NO = '00001001';
const SUBSCRIPTION_ID = '02iSB0000000003AAA';

/** Parameter values by name (path, query and header alike), for the first valid case and half of the others. */
export const PARAMETER_FIXTURES: Record<string, string> = {
  carvin: VIN,
  cvin: VIN,
  token: 'mt-000001',
  productId: 'cn-connected-navigation',
  locale: 'en-GB',
  site: 'aurora',
  assetId: 'Need_any_Help',
  text: 'SW1A 1AA',
  countries: 'GB',
  id: ORDER_ID,
  orderNo: ORDER_NO,
  subscriptionId: SUBSCRIPTION_ID,
  creditNoteId: 'CN-NONE',
  returnTo: '/account/my-subscriptions',
};

/** Per-operation overrides where one name means different things (retrieveAddress's `id`). */
export const OPERATION_PARAMETER_FIXTURES: Record<string, Record<string, string>> = {
  retrieveAddress: { id: 'GB|RM|A|52509479' },
  getOrderConfirmation: { orderNo: ORDER_NO },
};

/** Request bodies of the first valid case: what the shop's pages send. */
export const BODY_FIXTURES: Record<string, Json> = {
  renewItem: { productId: 'cn-connected-navigation', variantId: 'cn-connected-navigation-12m', vin: VIN },
  setShippingAddress: GUEST_ADDRESS,
  setBillingAddress: GUEST_ADDRESS,
  updateBillingAddress: GUEST_ADDRESS,
  setShippingMethod: { id: 'DIGITAL' },
  setCustomerEmail: { email: 'gus.guest@example.com' },
  setupPayment: { context: 'checkout' },
  placeOrder: { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken: 'tok_unknown' },
  tokenizeSandboxCard: { provider: 'stripe', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
  createSandboxWalletMethod: { paymentMethodType: 'GOOGLE_PAY', cardNumber: '4242424242424242' },
  createSandboxBankMethod: { paymentMethodType: 'IDEAL' },
  requestRefund: { reason: 'Other', additionalInfo: 'Sold the car' },
  cancelAutoRenewal: {},
  completeLogin: { code: 'unknown-code', state: 'unknown-state', kind: 'callback' },
  confirmPayment: { orderNo: ORDER_NO, provider: 'stripe', payment_intent: 'pi_unknown' },
  submitPaymentDetails: { orderNo: ORDER_NO, details: { redirectResult: 'unknown' } },
};

/** The session a case is sent with (cookie and CSRF token), and the basket item when there is one. */
export interface Visitor {
  cookie: string;
  csrf: string;
  itemId?: string;
}

/** The account area needs a registered shopper; everything else is swept as a guest with a basket. */
export const needsAccount = (tag: string): boolean => tag === 'account';

/** Calls that end or replace the session: each of their cases gets a visitor of its own. */
export const SESSION_CHANGING = new Set(['logout', 'completeLogin', 'createGuestSession']);

/** A guest without a basket: enough for the calls that end or replace the session. */
export async function guest(sandbox: SandboxServer): Promise<Visitor> {
  const shopper = await new TestShopper(sandbox.url).start();
  await shopper.call('createGuestSession', 'POST', '/api/session/guest');
  return shopper.credentials();
}

export async function guestWithBasket(sandbox: SandboxServer): Promise<Visitor> {
  const shopper = await new TestShopper(sandbox.url).start();
  await shopper.call('createGuestSession', 'POST', '/api/session/guest');
  await readyBasket(shopper);
  const basket = await shopper.call('getBasket', 'GET', '/api/basket');
  return { ...shopper.credentials(), itemId: basket.body.items[0]?.itemId };
}

export async function signedInAlex(sandbox: SandboxServer): Promise<Visitor> {
  const browser = new ShopBrowser(sandbox.shop);
  await logIn(browser, 'alex');
  return { cookie: browser.cookie, csrf: browser.csrf };
}
