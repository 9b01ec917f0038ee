/**
 * Another shopper's records by guessing ids (IDOR, issue 17): alex's order 00001005 and its documents,
 * his order confirmations, his subscriptions, his basket item and his saved card, asked for or acted
 * on by kim (signed in), sam (signed in) and a guest: 401/403/404, never alex's data, nothing of his
 * changed. Ids are the seed's (DESIGN.md; server/src/routes/account/*.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../../server/src/testing/sandbox-server.ts';
import { logIn, ShopBrowser } from '../../server/src/testing/shop-browser.ts';
import { SHOPPERS } from '../../mocks/sandbox/src/seed.ts';
import { readyBasket, TestShopper } from '../../server/src/testing/shop-client.ts';
import { ledger } from './support.ts';

const { shop, url } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_PAYMENT: '1000' });
const attacks = ledger('idor');

const orderId = (n: number) => `1OsSB${String(n).padStart(10, '0')}AAA`;
const orderNo = (n: number) => String(1000 + n).padStart(8, '0');
const asset = (n: number) => `02iSB${String(n).padStart(10, '0')}AAA`;
/** What only alex's records hold. */
const ALEX_DATA = [/alex\.owner@example\.com/i, /ZAAAA1000AA00000[1-4,7]/, /Alex Owner/];

async function as(handle: 'alex' | 'kim' | 'sam' | 'guest') {
  const browser = new ShopBrowser(shop);
  if (handle === 'guest') {
    await browser.open();
    await browser.call('createGuestSession', '/api/session/guest', { method: 'POST' });
  } else await logIn(browser, handle);
  return browser;
}

async function send(browser: ShopBrowser, method: string, path: string, body?: unknown) {
  const res = await fetch(url(path), {
    method,
    headers: {
      cookie: browser.cookie,
      ...(method === 'GET' ? {} : { 'x-csrf-token': browser.csrf }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text() };
}

function expectRefusedWithoutData(answer: { status: number; text: string }, statuses = [401, 403, 404]) {
  expect(statuses, answer.text.slice(0, 300)).toContain(answer.status);
  for (const pattern of ALEX_DATA) expect(answer.text).not.toMatch(pattern);
}

const READS = [
  ['getOrder', `/api/account/orders/${orderId(5)}/${orderNo(5)}`],
  ['getOrder (id of alex, another number)', `/api/account/orders/${orderId(5)}/${orderNo(6)}`],
  ['getInvoiceDocument', `/api/account/orders/${orderId(5)}/invoice`],
  ['getCreditNoteDocument', `/api/account/orders/${orderId(14)}/credit-notes/${orderId(14)}`],
  ['getOrderConfirmation', `/api/checkout/confirmation/${orderNo(5)}`],
  ['getOrderConfirmation (next number)', `/api/checkout/confirmation/${orderNo(46)}`],
];

describe("alex's records read by others", () => {
  it('when alex reads his own order 00001005, then it is his (the ids are right)', async () => {
    const alex = await as('alex');
    const own = await send(alex, 'GET', `/api/account/orders/${orderId(5)}/${orderNo(5)}`);
    expect(own.status).toBe(200);
    expect(own.text).toContain(orderNo(5));
  });

  it.each(['kim', 'sam', 'guest'] as const)(
    "when %s asks for alex's orders, documents and confirmations, then refused without his data",
    async (handle) => {
      const other = await as(handle);
      for (const [what, path] of READS) {
        await attacks.attack(`${handle} reads ${what}`, async () =>
          expectRefusedWithoutData(await send(other, 'GET', path!)),
        );
      }
    },
  );
});

/** Asks the sandbox's order system as the proxy would for `handle` (its identity id, the service token). */
async function somAs(handle: 'kim' | 'sam', methodRequest: string, query: Record<string, unknown>) {
  const userId = SHOPPERS.find((shopper) => shopper.handle === handle)!.uid;
  const res = await fetch(`${shop.root}/som/services/apexrest/SOM/${methodRequest}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sandbox-service-token' },
    body: JSON.stringify({ controllerName: 'SOM', methodRequest, locale: 'en_GB', query: { ...query, userId } }),
  });
  return { status: res.status, text: await res.text() };
}

const ownershipFilter = (enabled: boolean) =>
  fetch(`${shop.root}/__sandbox/som/ownership-filter`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enabled }),
  });

/**
 * Issue 30: the order system's `userId` filter is optional (som.yaml). With the sandbox's filter off,
 * it answers Details and CreditNoteDetails by id alone: each attack first shows the order system WOULD
 * hand kim alex's records, so the refusal that follows is the proxy's own ownership check.
 */
describe("alex's records read by others while the order system does not filter (issue 30, docs/decisions/027)", () => {
  it('when the filter is off, then a bad body is refused, and a reset filters again', async () => {
    expect((await fetch(`${shop.root}/__sandbox/som/ownership-filter`, { method: 'PUT' })).status).toBe(400);
    expect((await ownershipFilter(false)).status).toBe(200);
    expect((await somAs('kim', 'Details', { orderId: orderId(5), orderNo: orderNo(5) })).status).toBe(200);
    await fetch(`${shop.root}/__sandbox/reset`, { method: 'POST' });
    expect((await somAs('kim', 'Details', { orderId: orderId(5), orderNo: orderNo(5) })).status).toBe(404);
  });

  it.each(['kim', 'sam'] as const)(
    "when %s asks the proxy for alex's order detail and documents by their real ids, then 404 without his data though the order system answers them",
    async (handle) => {
      expect((await ownershipFilter(false)).status).toBe(200);
      const other = await as(handle);
      // The order system would answer alex's order and his credit notes to this customer.
      const details = await somAs(handle, 'Details', { orderId: orderId(5), orderNo: orderNo(5) });
      expect(details.status).toBe(200);
      expect(details.text).toMatch(/ZAAAA1000AA00000/);
      for (const [what, path] of READS.filter(([op]) => !op!.startsWith('getOrderConfirmation'))) {
        await attacks.attack(`${handle} reads ${what} (order system not filtering)`, async () => {
          const answer = await send(other, 'GET', path!);
          expect(answer.status, answer.text.slice(0, 300)).toBe(404);
          for (const pattern of ALEX_DATA) expect(answer.text).not.toMatch(pattern);
          expect(answer.text).not.toMatch(/Downing|4242/);
        });
      }
    },
  );
});

describe("alex's records changed by others", () => {
  it.each(['kim', 'sam', 'guest'] as const)(
    "when %s acts on alex's subscriptions, then refused and his list is unchanged",
    async (handle) => {
      const alex = await as('alex');
      const before = await send(alex, 'GET', '/api/account/subscriptions');
      const other = await as(handle);
      for (const n of [1, 2, 3]) {
        for (const [action, body] of [
          ['refund', { reason: 'Other' }],
          ['auto-renewal/cancel', { reason: 'Other' }],
          ['auto-renewal/reactivate', {}],
        ] as const) {
          await attacks.attack(`${handle} ${action} of ${asset(n)}`, async () =>
            expectRefusedWithoutData(
              await send(other, 'POST', `/api/account/subscriptions/${asset(n)}/${action}`, body),
              [400, 401, 403, 404, 409],
            ),
          );
        }
      }
      expect((await send(alex, 'GET', '/api/account/subscriptions')).text).toBe(before.text);
    },
  );

  it("when another session removes alex's basket item by its id, or asks for his basket by id, then refused and his basket is kept", async () => {
    const alex = await as('alex');
    await alex.call('getRenewalPage', '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001');
    await alex.call('renewItem', '/api/basket/items', {
      method: 'POST',
      body: JSON.stringify({ productId: 'cn-connected-navigation', variantId: 'cn-connected-navigation-12m' }),
    });
    const basket = (await alex.call('getBasket', '/api/basket')).body;
    const itemId = basket.items[0].itemId as string;
    const before = JSON.stringify(basket);
    for (const handle of ['kim', 'guest'] as const) {
      const other = await as(handle);
      await attacks.attack(`${handle} removes alex's item`, async () =>
        expectRefusedWithoutData(
          await send(other, 'DELETE', `/api/basket/items/${encodeURIComponent(itemId)}`),
          [400, 404, 409],
        ),
      );
      await attacks.attack(`${handle} reads alex's basket by id`, async () => {
        const read = await send(
          other,
          'GET',
          `/api/basket?basketId=${encodeURIComponent(String(basket.basketId ?? itemId))}`,
        );
        expect(read.text).not.toContain(itemId);
        for (const pattern of ALEX_DATA) expect(read.text).not.toMatch(pattern);
      });
    }
    expect(JSON.stringify((await alex.call('getBasket', '/api/basket')).body)).toBe(before);
  });

  /** The card-ownership check's own answer (payment-problems.ts methodNotOwned), not an earlier rule's. */
  const expectNotOwned = (answer: { status: number; text: string }) => {
    expect(answer.status, answer.text.slice(0, 300)).toBe(403);
    expect(JSON.parse(answer.text)).toMatchObject({ type: 'https://shop.example/problems/payment-method-not-owned' });
  };
  const alexCardHolder = async () =>
    (
      (await (
        await fetch(`${shop.root}/stripe/v1/payment_methods/pm_SandboxVisa4242`, {
          headers: { authorization: 'Bearer sk_test_sandbox' },
        })
      ).json()) as { customer: string | null }
    ).customer;

  it("when kim saves alex's stored card id as hers (a GB address, a first card), then the card-ownership check refuses it", async () => {
    const kim = await as('kim');
    await attacks.attack("kim saves alex's card", async () =>
      expectNotOwned(
        await send(kim, 'POST', '/api/account/payment-method', {
          provider: 'stripe',
          paymentMethodType: 'CREDIT_CARD',
          stripePaymentMethodId: 'pm_SandboxVisa4242',
          billingAddress: {
            firstName: 'Kim',
            lastName: 'Driver',
            countryCode: 'GB',
            address1: '1 High Street',
            city: 'London',
            postalCode: 'SW1A 1AA',
          },
        }),
      ),
    );
    expect((await send(kim, 'GET', '/api/account/payment-method')).text).not.toMatch(/4242/);
    expect(await alexCardHolder()).toBe('cus_SandboxAlex01');
  });

  it("when a guest with a ready basket pays with alex's card (with an Idempotency-Key), then the card-ownership check refuses it before any order", async () => {
    const guest = await new TestShopper(url).start();
    await readyBasket(guest);
    await attacks.attack("a guest pays with alex's card", async () => {
      const { response, body } = await guest.call(
        'placeOrder',
        'POST',
        '/api/checkout/orders',
        { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', stripePaymentMethodId: 'pm_SandboxVisa4242' },
        { 'idempotency-key': crypto.randomUUID() },
      );
      expectNotOwned({ status: response.status, text: JSON.stringify(body) });
    });
    // Nothing was written: the basket is there to pay, no order was made, alex's card is his alone.
    expect((await guest.call('getCheckoutState', 'GET', '/api/checkout')).body.basket.itemCount).toBe(1);
    const ledgerOf = (await (await fetch(`${shop.root}/__sandbox/ledger`)).json()) as {
      orders: unknown[];
      payments: unknown[];
    };
    expect(ledgerOf.orders).toEqual([]);
    expect(ledgerOf.payments).toEqual([]);
    expect(await alexCardHolder()).toBe('cus_SandboxAlex01');
  });
});
