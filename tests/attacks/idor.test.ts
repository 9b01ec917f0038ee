/**
 * Another shopper's records by guessing ids (IDOR, issues 17 and 30): alex's order 00001005 and its
 * documents, his order confirmation, his subscriptions, his basket item and his saved cards, asked
 * for or acted on by kim (signed in), sam (signed in, no order-system account) and a guest: refused,
 * never alex's data, nothing of his changed (account §6: only the signed-in customer's own records; issue
 * 13: another customer's order number answers 404, never their data). Ids are the seed's (DESIGN.md;
 * mocks/sandbox/README.md).
 *
 * Every attack names the check it is aimed at and proves that the refusal came from that check
 * (support.ts attackAt), never from an earlier rule: the order system stops filtering by `userId`
 * (`PUT /__sandbox/som/ownership-filter`) and its call log (`GET /__sandbox/som/requests`) shows what
 * it was asked and answered; a check with an answer of its own (login-required, item-not-found,
 * payment-method-not-owned, an unknown field) is asserted by that answer (docs/decisions/027).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { adyenLedger } from '../../mocks/sandbox/src/upstreams/adyen/index.ts';
import { ADYEN_SEED } from '../../mocks/sandbox/src/upstreams/adyen/store.ts';
import { creditNoteExternalId, invoiceExternalId } from '../../mocks/sandbox/src/upstreams/som/model.ts';
import type { SomRequest } from '../../mocks/sandbox/src/upstreams/som/request-log.ts';
import { STRIPE_SEED } from '../../mocks/sandbox/src/upstreams/stripe/store.ts';
import { SHOPPERS } from '../../mocks/sandbox/src/seed.ts';
import { ALEX_GB_ADDRESS, putAddress, toBillingStep } from '../../server/src/testing/checkout-browser.ts';
import { FR_ADDRESS, newKey } from '../../server/src/testing/payments.ts';
import { useSandboxServer } from '../../server/src/testing/sandbox-server.ts';
import { logIn, ShopBrowser } from '../../server/src/testing/shop-browser.ts';
import { readyBasket, TestShopper } from '../../server/src/testing/shop-client.ts';
import { ledger } from './support.ts';

const { shop, url } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_PAYMENT: '1000' });
const attacks = ledger('idor');

/** The checks the attacks are aimed at (docs/decisions/027), as the ledger counts them. */
const CHECK = {
  orderPage: 'order page: History holds the order with its number',
  documents: 'documents: History holds the order',
  login: 'account: a signed-in customer (401 login-required)',
  confirmation: 'confirmation: an order this session placed',
  subscriptions: "subscription actions: the customer's own SubscriptionList",
  basketItem: "basket: the item is in the shopper's own basket",
  basketRead: "basket: the shopper's own, no basket id taken from a request",
  stripeCard: "card: a Stripe method the browser names is nobody's or the shopper's own",
  adyenStored: 'card: no Adyen stored-method id from the browser (closed AdyenPaymentMethodData)',
} as const;

const orderId = (n: number) => `1OsSB${String(n).padStart(10, '0')}AAA`;
const orderNo = (n: number) => String(1000 + n).padStart(8, '0');
const asset = (n: number) => `02iSB${String(n).padStart(10, '0')}AAA`;
const uid = (handle: 'alex' | 'kim' | 'sam') => SHOPPERS.find((s) => s.handle === handle)!.uid;
/** What only alex's records hold: e-mail, name, VINs, billing street, card digits. */
const ALEX_DATA = [/alex\.owner@example\.com/i, /ZAAAA1000AA00000[1-4,7]/, /Alex Owner/];
const ALEX_DETAIL = [...ALEX_DATA, /Downing/, /4242/];

type Handle = 'alex' | 'kim' | 'sam' | 'guest';
type Answer = { status: number; text: string };

async function as(handle: Handle) {
  const browser = new ShopBrowser(shop);
  if (handle === 'guest') {
    await browser.open();
    await browser.call('createGuestSession', '/api/session/guest', { method: 'POST' });
  } else await logIn(browser, handle);
  return browser;
}

async function send(browser: ShopBrowser, method: string, path: string, body?: unknown): Promise<Answer> {
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

/**
 * An answer's JSON without a problem's `instance`: that is the request's random id, where alex's last
 * four digits can occur by chance (a run met "8b3b40c1-5412-4242-…"), so the rest is searched.
 */
function withoutRequestId(text: string): string {
  const { instance: _requestId, ...shown } = JSON.parse(text) as { instance?: unknown };
  return JSON.stringify(shown);
}

/** A problem answer of `status` and `type`, with none of alex's data in it. */
function expectProblem(answer: Answer, status: number, type: string, secrets = ALEX_DETAIL) {
  expect(answer.status, answer.text.slice(0, 300)).toBe(status);
  expect(JSON.parse(answer.text)).toMatchObject({ type: `https://shop.example/problems/${type}` });
  for (const pattern of secrets) expect(withoutRequestId(answer.text)).not.toMatch(pattern);
}

const ownershipFilter = async (enabled: boolean) => {
  const res = await fetch(`${shop.root}/__sandbox/som/ownership-filter`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enabled }),
  });
  expect(res.status).toBe(200);
};

const somLog = async () =>
  ((await (await fetch(`${shop.root}/__sandbox/som/requests`)).json()) as { requests: SomRequest[] }).requests;

/** What `act` answered, and the order system's calls made meanwhile. */
async function during(act: () => Promise<Answer>): Promise<{ answer: Answer; calls: SomRequest[] }> {
  const before = (await somLog()).length;
  const answer = await act();
  return { answer, calls: (await somLog()).slice(before) };
}

/** Asks the sandbox's order system directly, as the proxy would for `handle` (its identity id, the service token). */
async function somAs(handle: 'kim' | 'sam', methodRequest: string, query: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`${shop.root}/som/services/apexrest/SOM/${methodRequest}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sandbox-service-token' },
    body: JSON.stringify({
      controllerName: 'SOM',
      methodRequest,
      locale: 'en_GB',
      query: { ...query, userId: uid(handle) },
    }),
  });
  return { status: res.status, text: await res.text() };
}

/**
 * Issue 30: the order system's `userId` filter is optional (som.yaml). With the sandbox's filter off it
 * answers Details and CreditNoteDetails by id alone, and the PDF call names no identity at all: only
 * the proxy's own check stands between kim and alex's order.
 */
describe("alex's order and documents while the order system does not filter (account §6, issue 30, docs/decisions/027)", () => {
  beforeEach(() => ownershipFilter(false));

  it('when alex reads his own order 00001005 and its invoice, then they are his (the ids are right)', async () => {
    const alex = await as('alex');
    const own = await send(alex, 'GET', `/api/account/orders/${orderId(5)}/${orderNo(5)}`);
    expect(own.status).toBe(200);
    expect(own.text).toContain(orderNo(5));
    expect((await send(alex, 'GET', `/api/account/orders/${orderId(5)}/invoice`)).status).toBe(200);
  });

  it.each(['kim', 'sam'] as const)(
    "when %s asks for alex's order detail by its real id and number, then 404 without his billing address, VIN or card, though the order system answered it",
    async (handle) => {
      const other = await as(handle);
      for (const [what, number] of [
        ['getOrder', orderNo(5)],
        ['getOrder (id of alex, another number)', orderNo(6)],
      ] as const) {
        await attacks.attackAt(`${handle} reads ${what}`, CHECK.orderPage, async (reached) => {
          const from = (await somLog()).length;
          const calls = async () => (await somLog()).slice(from);
          expectProblem(await send(other, 'GET', `/api/account/orders/${orderId(5)}/${number}`), 404, 'not-found');
          // The order system handed alex's order to this customer; their own History did not list it. The
          // page answers once History refuses, without waiting for Details: its call may end just after.
          expect(await calls()).toContainEqual({ method: 'History', userId: uid(handle), recordId: null, status: 200 });
          await expect
            .poll(calls)
            .toContainEqual({ method: 'Details', userId: uid(handle), recordId: orderId(5), status: 200 });
          reached(`Details answered ${orderId(5)} to ${handle}, History did not list it, the proxy answered 404`);
        });
      }
    },
  );

  it.each(['kim', 'sam'] as const)(
    "when %s asks for alex's invoice and credit note by their real ids, then 404 from her own History, though the order system would answer them by id",
    async (handle) => {
      // The order system would hand over alex's credit notes to this customer, and any PDF by its id.
      const notes = await somAs(handle, 'CreditNoteDetails', { ZuoraInvoiceId: invoiceExternalId(15) });
      expect(notes.text).toContain(creditNoteExternalId(15));
      const other = await as(handle);
      for (const [what, path] of [
        ['getInvoiceDocument', `/api/account/orders/${orderId(5)}/invoice`],
        ['getCreditNoteDocument', `/api/account/orders/${orderId(15)}/credit-notes/${creditNoteExternalId(15)}`],
      ] as const) {
        await attacks.attackAt(`${handle} reads ${what}`, CHECK.documents, async (reached) => {
          const { answer, calls } = await during(() => send(other, 'GET', path));
          expectProblem(answer, 404, 'not-found');
          // History was asked for this customer and answered; no credit-note or PDF call followed.
          expect(calls).toEqual([{ method: 'History', userId: uid(handle), recordId: null, status: 200 }]);
          reached(`History of ${handle} answered without the order; no document call; 404 not-found`);
        });
      }
    },
  );
});

describe("alex's records asked for by a guest (account §6: signed-in customers only)", () => {
  it("when a guest asks for alex's order, invoice and credit note or acts on his subscriptions, then 401 login-required before any order-system call", async () => {
    await ownershipFilter(false);
    const guest = await as('guest');
    for (const [what, method, path, body] of [
      ['getOrder', 'GET', `/api/account/orders/${orderId(5)}/${orderNo(5)}`, undefined],
      ['getInvoiceDocument', 'GET', `/api/account/orders/${orderId(5)}/invoice`, undefined],
      [
        'getCreditNoteDocument',
        'GET',
        `/api/account/orders/${orderId(15)}/credit-notes/${creditNoteExternalId(15)}`,
        undefined,
      ],
      ['refund', 'POST', `/api/account/subscriptions/${asset(3)}/refund`, { reason: 'Other' }],
      ['auto-renewal/cancel', 'POST', `/api/account/subscriptions/${asset(3)}/auto-renewal/cancel`, {}],
      ['auto-renewal/reactivate', 'POST', `/api/account/subscriptions/${asset(1)}/auto-renewal/reactivate`, undefined],
    ] as const) {
      await attacks.attackAt(`guest ${what}`, CHECK.login, async (reached) => {
        const { answer, calls } = await during(() => send(guest, method, path, body));
        expectProblem(answer, 401, 'login-required');
        expect(calls).toEqual([]);
        reached('401 login-required, and the order system was not asked');
      });
    }
  });
});

describe("alex's order confirmation (storefront §2 Confirmation: the session that placed it)", () => {
  it('when another session asks for the confirmation of the order alex just paid, then 404: only the session that placed it reads it', async () => {
    const alex = await as('alex');
    await toBillingStep(alex, 'ZAAAA1000AA000001', { address: ALEX_GB_ADDRESS });
    await alex.call('setShippingMethod', '/api/basket/shipping-method', {
      method: 'PUT',
      body: JSON.stringify({ id: 'DIGITAL' }),
    });
    expect((await putAddress(alex, 'setBillingAddress', ALEX_GB_ADDRESS)).response.status).toBe(200);
    const placed = await alex.call('placeOrder', '/api/checkout/orders', {
      method: 'POST',
      headers: { 'idempotency-key': newKey() },
      body: JSON.stringify({ provider: 'stripe', paymentMethodType: 'CREDIT_CARD', useSavedPaymentMethod: true }),
    });
    expect(placed.response.status).toBe(201);
    const number = placed.body.orderNo as string;
    const path = `/api/checkout/confirmation/${number}`;
    // Paid and readable: alex's own session gets his thank-you page.
    const own = await send(alex, 'GET', path);
    expect(own.status).toBe(200);
    expect(own.text).toMatch(/alex\.owner@example\.com/);
    // alex signed in elsewhere: the commerce platform would answer him his order, so only the proxy's
    // session check can refuse it.
    const elsewhere = await as('alex');
    await attacks.attackAt("alex's other session reads his order confirmation", CHECK.confirmation, async (reached) => {
      expectProblem(await send(elsewhere, 'GET', path), 404, 'not-found');
      reached(`order ${number} is paid, the placing session reads it, another session of its owner gets 404`);
    });
    // Another shopper is refused by that check and by the commerce platform's own (an order is read with
    // the shopper's token): which one refused cannot be told here, so these count as refused, not at a check.
    for (const handle of ['kim', 'sam', 'guest'] as const) {
      const other = await as(handle);
      await attacks.attack(`${handle} reads alex's order confirmation`, async () =>
        expectProblem(await send(other, 'GET', path), 404, 'not-found'),
      );
    }
  });
});

describe("alex's subscriptions changed by others (account §6, §2 manage modal)", () => {
  const CHANGES = ['RequestRefund', 'CancelAutoRenewal', 'ReactivateAutoRenewal'];

  it.each(['kim', 'sam'] as const)(
    "when %s refunds, cancels or reactivates auto-renewal of alex's subscriptions by their ids, then 404 from her own list, no change reaches the order system, and his list is unchanged",
    async (handle) => {
      const alex = await as('alex');
      const before = await send(alex, 'GET', '/api/account/subscriptions');
      const other = await as(handle);
      for (const n of [1, 2, 3]) {
        for (const [action, body] of [
          ['refund', { reason: 'Other' }],
          ['auto-renewal/cancel', { reason: 'Other' }],
          ['auto-renewal/reactivate', undefined],
        ] as const) {
          await attacks.attackAt(`${handle} ${action} of ${asset(n)}`, CHECK.subscriptions, async (reached) => {
            const { answer, calls } = await during(() =>
              send(other, 'POST', `/api/account/subscriptions/${asset(n)}/${action}`, body),
            );
            expectProblem(answer, 404, 'not-found');
            // Her own list was read and answered; the change (by record id alone, no identity) was never sent.
            expect(calls).toContainEqual({
              method: 'SubscriptionList',
              userId: uid(handle),
              recordId: null,
              status: 200,
            });
            expect(calls.filter((call) => CHANGES.includes(call.method))).toEqual([]);
            reached(`SubscriptionList of ${handle} answered without ${asset(n)}; no change call; 404 not-found`);
          });
        }
      }
      expect((await send(alex, 'GET', '/api/account/subscriptions')).text).toBe(before.text);
    },
  );
});

describe("alex's basket", () => {
  const renew = (browser: ShopBrowser) =>
    browser.call('renewItem', '/api/basket/items', {
      method: 'POST',
      body: JSON.stringify({ productId: 'cn-connected-navigation', variantId: 'cn-connected-navigation-12m' }),
    });

  it("when kim or a guest, each with a basket of their own, remove alex's item by its id or ask for his basket by id, then their own basket answers and his is kept", async () => {
    const alex = await as('alex');
    await alex.call('getRenewalPage', '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001');
    await renew(alex);
    const basket = (await alex.call('getBasket', '/api/basket')).body;
    const itemId = basket.items[0].itemId as string;
    const before = JSON.stringify(basket);
    for (const handle of ['kim', 'guest'] as const) {
      const other = await as(handle);
      // Their own basket: the renewal of kim's vehicle 5 (DE), nothing of alex's in it.
      await other.call('getRenewalPage', '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000005&locale=de-DE');
      const own = (await renew(other)).body.items[0].itemId as string;
      expect(own).not.toBe(itemId);
      await attacks.attackAt(`${handle} removes alex's item`, CHECK.basketItem, async (reached) => {
        expectProblem(
          await send(other, 'DELETE', `/api/basket/items/${encodeURIComponent(itemId)}`),
          404,
          'item-not-found',
        );
        reached(`item-not-found: ${handle}'s own basket does not hold it`);
      });
      await attacks.attackAt(`${handle} reads alex's basket by id`, CHECK.basketRead, async (reached) => {
        const read = await send(other, 'GET', `/api/basket?basketId=${encodeURIComponent(String(basket.basketId))}`);
        expect(read.status).toBe(200);
        const items = (JSON.parse(read.text) as { items: Array<{ itemId: string }> }).items.map((i) => i.itemId);
        expect(items).toEqual([own]);
        for (const pattern of ALEX_DATA) expect(read.text).not.toMatch(pattern);
        reached(`the answer is ${handle}'s own basket (item ${own}), the basket id asked for ignored`);
      });
    }
    expect(JSON.stringify((await alex.call('getBasket', '/api/basket')).body)).toBe(before);
  });
});

describe("alex's saved cards named by others (account §1 one saved method, storefront §6 saved card)", () => {
  const alexCardHolder = async () =>
    (
      (await (
        await fetch(`${shop.root}/stripe/v1/payment_methods/${STRIPE_SEED.alexPaymentMethodId}`, {
          headers: { authorization: 'Bearer sk_test_sandbox' },
        })
      ).json()) as { customer: string | null }
    ).customer;
  const ALEX_STRIPE_CARD = {
    provider: 'stripe',
    paymentMethodType: 'CREDIT_CARD',
    stripePaymentMethodId: STRIPE_SEED.alexPaymentMethodId,
  };
  const KIM_GB = {
    firstName: 'Kim',
    lastName: 'Driver',
    countryCode: 'GB',
    address1: '1 High Street',
    city: 'London',
    postalCode: 'SW1A 1AA',
  };
  const ledgerNow = async () =>
    (await (await fetch(`${shop.root}/__sandbox/ledger`)).json()) as { orders: unknown[]; payments: unknown[] };

  /** The card-ownership check's own answer (payment-problems.ts methodNotOwned), not an earlier rule's. */
  const notOwned = (answer: Answer, reached: (evidence: string) => void) => {
    expectProblem(answer, 403, 'payment-method-not-owned');
    reached('403 payment-method-not-owned');
  };

  it("when kim saves alex's stored card id as hers (a GB address, her first card), then the card-ownership check refuses it", async () => {
    const kim = await as('kim');
    await attacks.attackAt("kim saves alex's card", CHECK.stripeCard, async (reached) =>
      notOwned(
        await send(kim, 'POST', '/api/account/payment-method', { ...ALEX_STRIPE_CARD, billingAddress: KIM_GB }),
        reached,
      ),
    );
    expect(withoutRequestId((await send(kim, 'GET', '/api/account/payment-method')).text)).not.toMatch(/4242/);
    expect(await alexCardHolder()).toBe(STRIPE_SEED.alexCustomerId);
  });

  it("when kim at checkout, with a ready basket and an Idempotency-Key, pays with alex's card, then the card-ownership check refuses it before any order", async () => {
    const kim = await as('kim');
    await toBillingStep(kim, 'ZAAAA1000AA000001', { address: KIM_GB });
    await kim.call('setShippingMethod', '/api/basket/shipping-method', {
      method: 'PUT',
      body: JSON.stringify({ id: 'DIGITAL' }),
    });
    expect((await putAddress(kim, 'setBillingAddress', KIM_GB)).response.status).toBe(200);
    await attacks.attackAt("kim pays with alex's card", CHECK.stripeCard, async (reached) => {
      const { response, body } = await kim.call('placeOrder', '/api/checkout/orders', {
        method: 'POST',
        headers: { 'idempotency-key': newKey() },
        body: JSON.stringify(ALEX_STRIPE_CARD),
      });
      notOwned({ status: response.status, text: JSON.stringify(body) }, reached);
    });
    expect(await ledgerNow()).toMatchObject({ orders: [], payments: [] });
    expect(await alexCardHolder()).toBe(STRIPE_SEED.alexCustomerId);
  });

  it("when a guest with a ready basket pays with alex's card (with an Idempotency-Key), then the card-ownership check refuses it before any order", async () => {
    const guest = await new TestShopper(url).start();
    await readyBasket(guest);
    await attacks.attackAt("a guest pays with alex's card", CHECK.stripeCard, async (reached) => {
      const { response, body } = await guest.call('placeOrder', 'POST', '/api/checkout/orders', ALEX_STRIPE_CARD, {
        'idempotency-key': newKey(),
      });
      notOwned({ status: response.status, text: JSON.stringify(body) }, reached);
    });
    // Nothing was written: the basket is there to pay, no order was made, alex's card is his alone.
    expect((await guest.call('getCheckoutState', 'GET', '/api/checkout')).body.basket.itemCount).toBe(1);
    expect(await ledgerNow()).toMatchObject({ orders: [], payments: [] });
    expect(await alexCardHolder()).toBe(STRIPE_SEED.alexCustomerId);
  });

  it("when a guest in an Adyen market (FR) names alex's stored Adyen card by its id, then 400: the browser cannot name a stored method, only the account's record can", async () => {
    const guest = await new TestShopper(url).start('?locale=fr-FR');
    await readyBasket(guest, { vin: 'ZAAAA1000AA000004', locale: 'fr-FR', address: FR_ADDRESS });
    const charges = adyenLedger().length;
    await attacks.attackAt("a guest pays with alex's Adyen stored card", CHECK.adyenStored, async (reached) => {
      const { response, body } = await guest.call(
        'placeOrder',
        'POST',
        '/api/checkout/orders',
        {
          provider: 'adyen',
          paymentMethodType: 'CREDIT_CARD',
          adyenStateData: {
            paymentMethod: { type: 'scheme', storedPaymentMethodId: ADYEN_SEED.alexStoredPaymentMethodId },
          },
        },
        { 'idempotency-key': newKey() },
      );
      expectProblem({ status: response.status, text: JSON.stringify(body) }, 400, 'validation-error');
      expect(body.errors).toContainEqual(
        expect.objectContaining({
          field: '/adyenStateData/paymentMethod/storedPaymentMethodId',
          code: 'unrecognized_keys',
        }),
      );
      reached('400 naming /adyenStateData/paymentMethod/storedPaymentMethodId as an unknown field');
    });
    expect(adyenLedger()).toHaveLength(charges);
    expect((await guest.call('getCheckoutState', 'GET', '/api/checkout')).body.basket.itemCount).toBe(1);
  });
});
