/**
 * Issue 31 (storefront review item 6, "Registered identity keyed by e-mail"): the registered login
 * names the shopper to the commerce platform by the identity provider's directory UID, so an owner
 * whose e-mail changes at the identity provider signs in and still has his account. Through the
 * proxy against the in-process sandbox, whose commerce stand-in makes a new shopper of every
 * login_id it has not seen (as SLAS does); every answer is checked against proxy.yaml.
 */
import { describe, expect, it } from 'vitest';
import { SHOPPERS } from '../../../../mocks/sandbox/src/seed.ts';
import { state } from '../../../../mocks/sandbox/src/upstreams/commerce/state.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { ShopBrowser, signIn } from '../../testing/shop-browser.ts';

const { shop } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000' });
const alex = SHOPPERS.find((s) => s.handle === 'alex')!;
const NEW_EMAIL = 'alex.renamed@example.com';

/** Signs in at the identity provider's page with `email` (and the sandbox password), as a browser does. */
async function logInWith(email: string, vin?: string) {
  const browser = new ShopBrowser(shop);
  await browser.open();
  await browser.call('createGuestSession', '/api/session/guest', { method: 'POST' });
  if (vin) await browser.call('getRenewalPage', `/api/renewal/cn-connected-navigation?carvin=${vin}&locale=en-GB`);
  const start = await browser.call('startLogin', '/api/session/login?returnTo=%2Faccount%2Fmy-orders');
  const back = await signIn(shop.root, start.body.authorizeUrl, email);
  const login = await browser.call('completeLogin', '/api/session/login/callback', {
    method: 'POST',
    body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
  });
  expect(login.response.status).toBe(200);
  return { browser, session: login.body.session };
}

/** What the account shows: the order numbers, the saved card and the saved addresses. */
async function accountOf(browser: ShopBrowser) {
  const orders = await browser.call('listOrders', '/api/account/orders?limit=100');
  const card = await browser.call('getPaymentMethod', '/api/account/payment-method');
  const addresses = await browser.call('listSavedAddresses', '/api/checkout/saved-addresses');
  for (const answer of [orders, card, addresses]) expect(answer.response.status).toBe(200);
  return {
    orders: orders.body.orders.map((o: { orderNo: string }) => o.orderNo),
    card: card.body.paymentMethod,
    addresses: addresses.body.addresses.map((a: { addressId: string }) => a.addressId),
  };
}

const changeEmail = (from: string, to: string) =>
  fetch(`${shop.root}/__sandbox/identity/shoppers/${encodeURIComponent(from)}/email`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: to }),
  });

describe('an owner whose e-mail changes at the identity provider (issue 31)', () => {
  it('when alex’s e-mail changes at the identity provider and he signs in with the new one, then he still sees his orders, his saved card and his saved addresses', async () => {
    const before = await accountOf((await logInWith(alex.email)).browser);
    expect(before.orders.length).toBeGreaterThan(5);
    expect(before.card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(before.addresses).toEqual(['home', 'work']);

    expect((await changeEmail(alex.email, NEW_EMAIL)).status).toBe(200);
    const { browser, session } = await logInWith(NEW_EMAIL);

    expect(session).toMatchObject({
      authType: 'registered',
      customer: { customerId: alex.customerId, firstName: 'Alex', email: NEW_EMAIL },
    });
    expect(await accountOf(browser)).toEqual(before);
  });

  it('when alex signs in after the change, then SLAS was asked for his directory UID, no second customer exists, and his profile holds the new e-mail', async () => {
    const customers = state.customers.size;
    await changeEmail(alex.email, NEW_EMAIL);
    const { browser } = await logInWith(NEW_EMAIL);

    const stored = await browser.stored();
    expect(stored.principalUUID).toBe(alex.uid);
    const token = JSON.parse(Buffer.from(stored.shopperTokens!.accessToken.split('.')[1]!, 'base64url').toString());
    expect(token.isb).toContain(`::upn:${alex.uid}::`);
    expect(token.isb).toContain(`::rcid:${alex.customerId}::`);
    expect(state.customers.size).toBe(customers);
    expect(state.customers.get(alex.customerId)).toMatchObject({ login: alex.uid, email: NEW_EMAIL });
  });

  it('when alex signs in with the new e-mail on the renewal page of his own vehicle, then he is its owner (no E001): the vehicle services know him by his CDC id', async () => {
    await changeEmail(alex.email, NEW_EMAIL);
    const { browser, session } = await logInWith(NEW_EMAIL, 'ZAAAA1000AA000001');
    expect(session.authType).toBe('registered');
    expect((await browser.stored()).vehicle?.vin).toBe('ZAAAA1000AA000001');
  });

  it('when alex signs in with an unchanged e-mail, then his profile is left as it is', async () => {
    const modified = state.customers.get(alex.customerId)!.modifiedMs;
    const { session } = await logInWith(alex.email);
    expect(session.customer).toMatchObject({ customerId: alex.customerId, email: alex.email });
    expect(state.customers.get(alex.customerId)!.modifiedMs).toBe(modified);
  });
});
