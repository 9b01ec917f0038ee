/**
 * The sandbox's ledger (issue 29): what the providers hold for the shop's orders and the orders the
 * commerce platform made since the reset, read through `GET /__sandbox/ledger` after the stand-ins'
 * own APIs were called the way the proxy calls them (an order created from a basket and placed or
 * failed by the classic update; Adyen payments by order number, reversed by /cancels or
 * /reversals; Stripe SetupIntents naming their order in metadata[orderNo], canceled or detached).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../app.ts';
import { buildSandbox } from '../sandbox.ts';
import { ADYEN_SEED } from './adyen/store.ts';
import { cardPayment } from './adyen/test-fixtures.ts';
import { baskets, call, login, orders, site } from './commerce/test-helpers.ts';
import type { Ledger } from './ledger.ts';
import { STRIPE_SEED } from './stripe/store.ts';

const sandbox: Sandbox = buildSandbox();
let root = '';

beforeAll(async () => {
  root = `http://localhost:${await sandbox.start(0)}`;
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
});

const ledger = async (): Promise<Ledger> => {
  const res = await fetch(`${root}/__sandbox/ledger`);
  expect(res.status).toBe(200);
  return (await res.json()) as Ledger;
};

const address = {
  firstName: 'Gus',
  lastName: 'Guest',
  address1: '1 High Street',
  city: 'London',
  postalCode: 'SW1A 1AA',
  countryCode: 'GB',
};

/** A guest's order of the 12-month plan (£99), created from a complete basket: status created. */
async function createOrder(): Promise<{ orderNo: string; token: string }> {
  const commerce = `${root}/commerce`;
  const token = (await login(commerce)).access_token;
  const id = (await call(commerce, token, 'POST', `${baskets}?${site}`, {})).body.basketId as string;
  await call(commerce, token, 'POST', `${baskets}/${id}/items?${site}&locale=en-GB`, [
    { productId: 'cn-connected-navigation-12m', quantity: 1, price: 99 },
  ]);
  await call(commerce, token, 'PUT', `${baskets}/${id}/shipments/me/shipping-address?${site}`, address);
  await call(commerce, token, 'PUT', `${baskets}/${id}/shipments/me/shipping-method?${site}`, { id: 'DIGITAL' });
  await call(commerce, token, 'PUT', `${baskets}/${id}/billing-address?${site}`, address);
  await call(commerce, token, 'PUT', `${baskets}/${id}/customer?${site}`, { email: 'gus.guest@example.com' });
  await call(commerce, token, 'POST', `${baskets}/${id}/payment-instruments?${site}`, {
    amount: 99,
    paymentMethodId: 'CREDIT_CARD',
  });
  const created = await call(commerce, token, 'POST', `${orders}?${site}`, { basketId: id });
  expect(created.body).toMatchObject({ status: 'created', orderTotal: 99 });
  return { orderNo: created.body.orderNo as string, token };
}

/** The classic order update the proxy settles an order with (status new, or failed). */
async function settle(order: { orderNo: string; token: string }, status: 'new' | 'failed') {
  const res = await call(`${root}/commerce`, order.token, 'PATCH', `/s/aurora/dw/shop/v24_5/orders/${order.orderNo}`, {
    status,
  });
  expect(res.status).toBe(200);
}

const adyen = (path: string, body: unknown) =>
  fetch(`${root}/adyen/v71${path}`, {
    method: 'POST',
    headers: { 'x-api-key': 'sandbox-adyen-api-key', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (res) => (await res.json()) as { pspReference: string; resultCode?: string });

const stripe = (path: string, params: Record<string, string>) =>
  fetch(`${root}/stripe${path}`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_sandbox', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  }).then(async (res) => (await res.json()) as Record<string, any>);

/** The checkout's SetupIntent as the proxy creates it: confirmed with the card, naming its order (if any). */
async function setUp(number: string, orderNo?: string): Promise<{ intent: string; method: string }> {
  const method = await stripe('/v1/payment_methods', {
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': '2034',
    'card[cvc]': '123',
  });
  const intent = await stripe('/v1/setup_intents', {
    customer: STRIPE_SEED.alexCustomerId,
    payment_method: method.id as string,
    'payment_method_types[0]': 'card',
    confirm: 'true',
    usage: 'off_session',
    return_url: 'http://localhost:3000/en-GB/payment-confirmation',
    ...(orderNo ? { 'metadata[orderNo]': orderNo } : {}),
  });
  return { intent: (intent.id ?? intent.error?.setup_intent?.id) as string, method: method.id as string };
}

describe('GET /__sandbox/ledger', () => {
  it('when nothing happened since the reset, then it lists no payment and no order (the seed is not made since)', async () => {
    const read = await ledger();
    expect(read).toEqual({ now: expect.any(String), payments: [], orders: [] });
    expect(Math.abs(Date.parse(read.now) - Date.now())).toBeLessThan(60_000);
  });

  it('when orders are created, placed and failed, then each is listed with its status and creation date', async () => {
    const placed = await createOrder();
    const failed = await createOrder();
    const left = await createOrder();
    await settle(placed, 'new');
    await settle(failed, 'failed');
    const read = await ledger();
    expect(read.orders).toEqual([
      { orderNo: placed.orderNo, status: 'new', creationDate: expect.any(String) },
      { orderNo: failed.orderNo, status: 'failed', creationDate: expect.any(String) },
      { orderNo: left.orderNo, status: 'created', creationDate: expect.any(String) },
    ]);
    expect(Date.parse(read.orders[0]!.creationDate)).toBeLessThanOrEqual(Date.parse(read.now));
  });

  it('when Adyen authorises, refuses and reverses payments, then each order payment is listed in its state; savings are not', async () => {
    const merchantAccount = ADYEN_SEED.merchantAccount;
    const kept = await adyen('/payments', cardPayment('4242424242424242', { reference: '00012345' }));
    const refused = await adyen('/payments', cardPayment('4000000000000002', { reference: '00012346' }));
    const cancelled = await adyen('/payments', cardPayment('4242424242424242', { reference: '00012347' }));
    const reversed = await adyen('/payments', cardPayment('4242424242424242', { reference: '00012348' }));
    expect(refused.resultCode).toBe('Refused');
    await adyen('/cancels', { merchantAccount, paymentReference: '00012347' });
    await adyen(`/payments/${reversed.pspReference}/reversals`, { merchantAccount });
    // The account's saving of a card (amount 0, named payment-method-…): no order behind it.
    await adyen(
      '/payments',
      cardPayment('4242424242424242', {
        reference: `payment-method-${ADYEN_SEED.alexShopperReference}`,
        amount: { currency: 'EUR', value: 0 },
      }),
    );
    const payments = (await ledger()).payments;
    const row = (reference: string, id: string, state: string) => ({
      provider: 'adyen',
      reference,
      id,
      amount: 9900,
      currency: 'EUR',
      state,
      createdAt: expect.any(String),
    });
    expect(payments).toEqual([
      row('00012345', kept.pspReference, 'authorised'),
      row('00012346', refused.pspReference, 'refused'),
      row('00012347', cancelled.pspReference, 'reversed'),
      row('00012348', reversed.pspReference, 'reversed'),
    ]);
  });

  it("when Stripe saves, declines, cancels and detaches the checkout's SetupIntents, then each is listed with its order's total", async () => {
    const order = await createOrder();
    const saved = await setUp('4242424242424242', order.orderNo);
    const declined = await setUp('4000000000000002', '00099001');
    const challenged = await setUp('4000002760003184', '00099002');
    const detached = await setUp('4242424242424242', '00099003');
    // An intent still waiting for the shopper took nothing; canceled, it is given back.
    expect((await ledger()).payments.map((p) => p.id)).not.toContain(challenged.intent);
    await stripe(`/v1/setup_intents/${challenged.intent}/cancel`, { cancellation_reason: 'abandoned' });
    await stripe(`/v1/payment_methods/${detached.method}/detach`, {});
    // The account's saving names no order.
    await setUp('4242424242424242');
    const payments = (await ledger()).payments;
    const row = (reference: string, id: string, state: string, amount = 0, currency = 'XXX') => ({
      provider: 'stripe',
      reference,
      id,
      amount,
      currency,
      state,
      createdAt: expect.any(String),
    });
    expect(payments).toEqual([
      row(order.orderNo, saved.intent, 'saved', 9900, 'GBP'),
      row('00099001', declined.intent, 'refused'),
      row('00099002', challenged.intent, 'reversed'),
      row('00099003', detached.intent, 'reversed'),
    ]);
  });

  it('when the sandbox is reset, then the ledger is empty again', async () => {
    const order = await createOrder();
    await adyen('/payments', cardPayment('4242424242424242', { reference: order.orderNo }));
    await setUp('4242424242424242', order.orderNo);
    const before = await ledger();
    expect(before.orders).toHaveLength(1);
    expect(before.payments).toHaveLength(2);
    await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
    expect(await ledger()).toMatchObject({ payments: [], orders: [] });
  });

  it('when the sandbox clock is moved, then `now` and new creation dates are on it', async () => {
    await fetch(`${root}/__sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceDays: 30 }),
    });
    await createOrder();
    const read = await ledger();
    expect(Date.parse(read.now) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(Date.parse(read.orders[0]!.creationDate) - Date.now()).toBeGreaterThan(29 * 86_400_000);
  });
});
