/**
 * Order attempts that lose nothing (issue 29): the paths decision 023 left to a log line, each driven
 * to an end state by the reconciler without the shopper, through the proxy against the sandbox.
 *
 * 1. A reversal that itself fails: retried with backoff, reversed once the provider answers; the
 *    alert fires (a metric, and the attempt marked alerted) when it never does.
 * 2. A paid order the platform did not place, and the shopper never comes back: placed by the
 *    reconciler once it rested past its horizon (Adyen in FR, Stripe in GB).
 * 3. createOrder's answer lost, the order made after the proxy gave up, and the shopper gone: the
 *    reconciler finds the order, fails it and gives the basket back.
 *
 * Each ends with the money invariant: every Adyen charge not reversed belongs to a placed order, and
 * no order of the row is left in created.
 */
import { describe, expect, it } from 'vitest';
import { adyenLedger } from '../../mocks/sandbox/src/upstreams/adyen/index.ts';
import { state as commerce } from '../../mocks/sandbox/src/upstreams/commerce/state.ts';
import type { AttemptOwner } from '../../server/src/services/attempts/attempts.ts';
import { newKey } from '../../server/src/testing/payments.ts';
import type { TestShopper } from '../../server/src/testing/shop-client.ts';
import { pay, plain, readyGuest } from './lib/journeys.ts';
import { leftCreated } from './lib/run.ts';
import { useFaultStack } from './lib/stack.ts';
import { FAULTS } from './lib/table.ts';
import type { Fault } from '../../mocks/sandbox/src/core/faults.ts';

const HORIZON_MS = 300;
/** How long a request held by a latency fault takes to land after the proxy gave up on it. */
const LATE_MS = 400;
/** Every fault of the table, and the lost answer (handled, the connection closed without an answer). */
const REVERSAL_FAULTS = { ...FAULTS, 'answer lost': { dropAfter: true } } satisfies Record<string, Fault>;
const stack = useFaultStack(
  {
    ORDER_ATTEMPT_HORIZON_MS: String(HORIZON_MS),
    // The tests run the passes themselves (the start-up pass still runs).
    RECONCILE_INTERVAL_MS: '0',
    RECONCILE_RETRY_MS: '50',
    RECONCILE_RETRY_MAX_MS: '200',
    RECONCILE_ALERT_AFTER: '3',
  },
  // Adyen says with a webhook that a reversal is done: the attempt ends reversed.
  { webhooks: true },
);

const owner = () => stack.shop.server.context.attempts as AttemptOwner;
const metrics = () => stack.shop.server.context.metrics!;
const who = (shopper: TestShopper) => shopper.credentials();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ORDER_UPDATE = { method: 'PATCH', path: '^/s/[^/]+/dw/shop/v24_5/orders/' };
const ADYEN_REVERSAL = { method: 'POST', path: '^/v71/payments/[^/]+/reversals$' };

/** Runs reconciler passes, each after the attempts rested past their horizon, until `done` or `passes` ran out. */
async function reconcileUntil(done: () => boolean | Promise<boolean>, passes = 10): Promise<void> {
  for (let pass = 0; pass < passes && !(await done()); pass += 1) {
    await sleep(HORIZON_MS + 60);
    await owner().reconcile();
  }
}

/** The journal's attempt of an order (or of a payment's pspReference). */
const attemptOf = (orderNo: string) => owner().store.findByReference(orderNo);

/** Every Adyen charge since `from` that was not given back belongs to a placed order; no order of the row left created. */
function expectMoneyKept(from: number, seed: Set<string>): void {
  for (const charge of adyenLedger().slice(from)) {
    if (charge.reversed || charge.amount.value === 0) continue;
    expect(commerce.orders.get(charge.merchantReference)?.status, `order of charge ${charge.pspReference}`).toMatch(
      /^(new|completed)$/,
    );
  }
  expect(leftCreated(seed), 'no order left in created').toEqual([]);
}

const alerts = async () =>
  (await metrics().attemptAlerts.get()).values.find((v) => v.labels.reason === 'reversal-not-confirmed')?.value ?? 0;

describe('a reversal that fails (issue 29 path 1)', () => {
  /** FR: Adyen authorises, the platform refuses the update once (the order is failed), and every reversal fails. */
  async function chargedWithoutOrder() {
    const seed = new Set(commerce.orders.keys());
    const from = adyenLedger().length;
    const shopper = await readyGuest(stack, 'FR');
    stack.fault('commerce', { ...ORDER_UPDATE, status: 400, remaining: 1 });
    stack.fault('adyen', { ...ADYEN_REVERSAL, status: 503 });
    const answer = await pay(shopper, 'FR', '4242424242424242', newKey());
    expect(answer.response.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
    const [charge] = adyenLedger().slice(from);
    expect(charge, 'Adyen authorised').toBeDefined();
    expect(charge!.reversed, 'the reversal was refused').toBeUndefined();
    const orderNo = charge!.merchantReference;
    expect(commerce.orders.get(orderNo)?.status).toBe('failed');
    expect((await attemptOf(orderNo))?.state).toBe('reversing');
    return { seed, from, orderNo, charge: charge! };
  }

  it('raises the alert when Adyen never takes it, and keeps trying', async () => {
    const before = await alerts();
    const { orderNo } = await chargedWithoutOrder();
    await reconcileUntil(async () => (await attemptOf(orderNo))?.alerted === true);
    const attempt = await attemptOf(orderNo);
    expect(attempt?.alerted).toBe(true);
    expect(attempt?.tries).toBeGreaterThanOrEqual(3);
    expect(attempt?.lastError).toMatch(/reverse/);
    expect(await alerts()).toBe(before + 1);
    // Once only, whatever the retries.
    await sleep(HORIZON_MS + 250);
    await owner().reconcile();
    expect(await alerts()).toBe(before + 1);
    stack.clearFaults();
  });

  it('is retried with backoff and reversed once Adyen answers', async () => {
    const { seed, from, charge } = await chargedWithoutOrder();
    // By the payment's reference: a reset sandbox numbers its orders from the start again.
    const orderNo = charge.pspReference;
    // Still refused: retried, never forgotten.
    await sleep(HORIZON_MS + 60);
    await owner().reconcile();
    const retried = await attemptOf(orderNo);
    expect(retried?.state).toBe('reversing');
    expect(retried?.tries).toBe(1);
    expect(retried?.notBeforeMs).toBeGreaterThan(Date.now() - 100);
    // Adyen answers again: the reversal is sent and Adyen gives the money back.
    stack.clearFaults();
    await reconcileUntil(async () => (await attemptOf(orderNo))?.state === 'reversed');
    expect((await attemptOf(orderNo))?.state, "Adyen's CANCEL_OR_REFUND webhook ended it").toBe('reversed');
    const now = adyenLedger().find((c) => c.pspReference === charge.pspReference);
    expect(now?.reversed, 'reversed at Adyen').toBeDefined();
    expectMoneyKept(from, seed);
  });
});

describe('the reversal calls × every fault (issue 29: the fault table faults the reversal calls)', () => {
  // The billing-mismatch control reverses an authorisation at once (storefront §8): FR billing, a GB card.
  const REVERSALS = { method: 'POST', path: '^/v71/(payments/[^/]+/reversals|cancels)$' };
  it.each(Object.entries(REVERSAL_FAULTS))('%s on every reversal: retried, then reversed', async (_name, fault) => {
    const seed = new Set(commerce.orders.keys());
    const from = adyenLedger().length;
    const shopper = await readyGuest(stack, 'FR');
    stack.fault('adyen', { ...REVERSALS, ...fault });
    const answer = await pay(shopper, 'FR', '4000008260000000', newKey());
    expect(answer.response.status, JSON.stringify(answer.body)).toBe(409);
    await sleep(LATE_MS);
    stack.clearFaults();
    const [charge] = adyenLedger().slice(from);
    expect(charge, 'Adyen authorised the foreign card').toBeDefined();
    await reconcileUntil(async () => (await attemptOf(charge!.pspReference))?.state === 'reversed');
    expect((await attemptOf(charge!.pspReference))?.state).toBe('reversed');
    expect(adyenLedger().find((c) => c.pspReference === charge!.pspReference)?.reversed).toBeDefined();
    expectMoneyKept(from, seed);
  });
});

describe('a paid order the platform did not place, the shopper gone (issue 29 path 2)', () => {
  it.each(['FR', 'GB'] as const)('in %s is placed by the reconciler within its horizon', async (market) => {
    const seed = new Set(commerce.orders.keys());
    const from = adyenLedger().length;
    const shopper = await readyGuest(stack, market);
    stack.fault('commerce', { ...ORDER_UPDATE, status: 503 });
    const answer = await pay(shopper, market, '4242424242424242', newKey());
    stack.clearFaults();
    expect(answer.response.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.outcome).toBe('pending');
    const orderNo = String(answer.body.orderNo);
    expect(commerce.orders.get(orderNo)?.status).toBe('created');
    expect((await attemptOf(orderNo))?.state).toBe('paid');
    // The shopper never asks for the confirmation: the reconciler places the order alone.
    const placedBy = Date.now() + HORIZON_MS + 2000;
    await reconcileUntil(() => commerce.orders.get(orderNo)?.status === 'new');
    expect(Date.now()).toBeLessThan(placedBy);
    expect(commerce.orders.get(orderNo)?.status).toBe('new');
    expect((await attemptOf(orderNo))?.state).toBe('placed');
    expectMoneyKept(from, seed);
    // The confirmation, should the shopper come back, shows it placed.
    const page = await plain(stack, who(shopper), 'GET', `/api/checkout/confirmation/${orderNo}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
  });
});

describe("createOrder's answer lost, the order not found at once, the shopper gone", () => {
  it('the order the platform made is failed by the reconciler and its basket given back', async () => {
    const seed = new Set(commerce.orders.keys());
    const shopper = await readyGuest(stack, 'GB');
    // The order is made and its answer lost; the customer's order list cannot be read either.
    stack.fault('commerce', {
      path: '^/(checkout/shopper-orders/v1/organizations/[^/]+/orders|customer/shopper-customers/v1/organizations/[^/]+/customers/[^/]+/orders)$',
      dropAfter: true,
    });
    const answer = await pay(shopper, 'GB', '4242424242424242', newKey());
    stack.clearFaults();
    expect(answer.response.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(500);
    const late = [...commerce.orders.values()].find((o) => !seed.has(o.orderNo));
    expect(late?.status, 'made, its answer lost').toBe('created');
    await reconcileUntil(() => commerce.orders.get(late!.orderNo)?.status !== 'created');
    expect(commerce.orders.get(late!.orderNo)?.status).toBe('failed');
    expect((await attemptOf(late!.orderNo))?.state).toBe('failed');
    expect(leftCreated(seed)).toEqual([]);
    const basket = await plain(stack, who(shopper), 'GET', '/api/basket');
    expect(basket.body.itemCount, 'basket given back').toBe(1);
  });
});
