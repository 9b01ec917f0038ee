/**
 * How a shopper reaches each step of the journeys the fault table covers (issue 17), and the step's
 * own call: a guest's renewal, basket, addresses, payment set-up, order and its 3-D Secure return and
 * confirmation (Stripe in GB, Adyen in FR: DESIGN.md), the login, and each account operation as alex
 * (or kim). `reach` runs the journey up to the step without faults; `act` is the call a fault meets.
 */
import { challenge, FR_ADDRESS, newKey, payAdyen, payStripe } from '../../../server/src/testing/payments.ts';
import { emailOf, logIn, ShopBrowser, signIn } from '../../../server/src/testing/shop-browser.ts';
import { GUEST_ADDRESS, readyBasket, TestShopper } from '../../../server/src/testing/shop-client.ts';
import type { FaultStack } from './stack.ts';

/** A plain answer (not checked against the contract: a fault's answer is judged by the row). */
export interface Plain {
  status: number;
  contentType: string;
  body: any;
  /** The request it answered (the contract check of a wrong-type row's success). */
  request?: { method: string; path: string };
}

/** A call with a shopper's cookie and CSRF token, given up after `timeoutMs` (a hang is a failure too). */
export async function plain(
  stack: FaultStack,
  who: { cookie: string; csrf: string },
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Plain> {
  const response = await fetch(stack.url(path), {
    method,
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
    headers: {
      ...(who.cookie ? { cookie: who.cookie } : {}),
      ...(method === 'GET' ? {} : { 'x-csrf-token': who.csrf }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const text = await response.text();
  return {
    status: response.status,
    contentType,
    body: contentType.includes('json') && text ? JSON.parse(text) : text,
    request: { method, path },
  };
}

export const RENEWAL_GB = '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001&locale=en-GB';
export const RENEWAL_FR = '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000004&locale=fr-FR';
export const RENEW_ITEM = { productId: 'cn-connected-navigation', variantId: 'cn-connected-navigation-12m' };

/** A guest with a session and the renewal page seen (GB by default). */
export async function guest(stack: FaultStack, market: 'GB' | 'FR' = 'GB'): Promise<TestShopper> {
  const shopper = await new TestShopper(stack.url).start(market === 'FR' ? '?locale=fr-FR' : '');
  const page = await shopper.call('getRenewalPage', 'GET', market === 'FR' ? RENEWAL_FR : RENEWAL_GB);
  if (page.response.status !== 200) throw new Error(`renewal page ${page.response.status}`);
  return shopper;
}

/** A guest whose basket is ready for payment. */
export async function readyGuest(stack: FaultStack, market: 'GB' | 'FR' = 'GB'): Promise<TestShopper> {
  const shopper = await new TestShopper(stack.url).start(market === 'FR' ? '?locale=fr-FR' : '');
  await readyBasket(
    shopper,
    market === 'FR' ? { vin: 'ZAAAA1000AA000004', locale: 'fr-FR', address: FR_ADDRESS } : { address: GUEST_ADDRESS },
  );
  return shopper;
}

/** Pays with a card of the market's provider; a 3-D Secure card (3184) answers 202 with the challenge. */
export const pay = (shopper: TestShopper, market: 'GB' | 'FR', number: string, key = newKey()) =>
  market === 'FR' ? payAdyen(shopper, number, key) : payStripe(shopper, number, key);

/** A guest back from a completed 3-D Secure challenge: the return's query, not yet confirmed. */
export async function challenged(stack: FaultStack, market: 'GB' | 'FR') {
  const shopper = await readyGuest(stack, market);
  const first = await pay(shopper, market, '4000002760003184');
  if (first.response.status !== 202) throw new Error(`3-D Secure payment ${first.response.status}`);
  const back = await challenge(first.body.redirectUrl, 'complete');
  return { shopper, back, orderNo: String(first.body.orderNo) };
}

/** The browser's return from 3-D Secure as /payment-confirmation sends it. */
export function confirmBody(market: 'GB' | 'FR', back: URLSearchParams) {
  return market === 'FR'
    ? { orderNo: back.get('orderNo'), provider: 'adyen', redirectResult: back.get('redirectResult') }
    : {
        orderNo: back.get('orderNo'),
        provider: 'stripe',
        setup_intent: back.get('setup_intent'),
        redirect_status: back.get('redirect_status'),
      };
}

/** A signed-in account holder (alex by default). */
export async function holder(stack: FaultStack, handle = 'alex'): Promise<ShopBrowser> {
  const browser = new ShopBrowser(stack.shop);
  const done = await logIn(browser, handle);
  if (done.response.status !== 200) throw new Error(`login ${done.response.status}`);
  return browser;
}

/** A browser back from the identity provider's sign-in: the callback's body, not yet sent. */
export async function signedInAtIdentity(stack: FaultStack, handle = 'alex') {
  const browser = new ShopBrowser(stack.shop);
  await browser.open();
  await browser.call('createGuestSession', '/api/session/guest', { method: 'POST' });
  const start = await browser.call('startLogin', '/api/session/login?returnTo=%2Faccount%2Fmy-subscriptions');
  const back = await signIn(browser.root, start.body.authorizeUrl, emailOf(handle));
  const body = { code: back.searchParams.get('code'), state: back.searchParams.get('state'), kind: 'forgerock' };
  return { browser, body };
}

export const asset = (n: number) => `02iSB${String(n).padStart(10, '0')}AAA`;
export const orderId = (n: number) => `1OsSB${String(n).padStart(10, '0')}AAA`;
export const seedOrderNo = (n: number) => String(1000 + n).padStart(8, '0');

export const ALEX_ADDRESS = {
  firstName: 'Alex',
  lastName: 'Owner',
  countryCode: 'GB',
  address1: '1 Parliament Square',
  city: 'London',
  postalCode: 'SW1P 3BD',
};

/** A sandbox card token made through the proxy (Stripe with the Elements options of the payment set-up). */
export async function accountCardToken(browser: ShopBrowser, number = '4242424242424242') {
  const setup = await browser.call('setupPayment', '/api/checkout/payment-setup', {
    method: 'POST',
    body: JSON.stringify({ context: 'accountPaymentMethod' }),
  });
  const { body } = await browser.call('tokenizeSandboxCard', '/api/sandbox/card-tokens', {
    method: 'POST',
    body: JSON.stringify({
      provider: 'stripe',
      number,
      expMonth: 12,
      expYear: 30,
      cvc: '123',
      stripeElements: setup.body.elementsOptions,
    }),
  });
  return String(body.token);
}
