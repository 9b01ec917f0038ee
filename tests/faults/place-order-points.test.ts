/**
 * Fault table, the failure points of placing an order after the provider may have acted (issue 17:
 * "a fault during place-order after the provider has charged must end with the order paid or the
 * charge reversed, never a charge without an order"; storefront §4 "On payment"). Each point is a
 * write whose answer can be lost after it was done:
 *
 * - Adyen's /payments (FR) and /payments/details (the 3-D Secure return): the proxy asks again with
 *   the same Idempotency-Key, and when that does not answer either, reverses what may have been
 *   charged (a technical cancel by the order number, or a reversal by pspReference);
 * - Stripe's SetupIntent (GB): asked again with the same key; a SetupIntent charges nothing, and
 *   the card it may have saved for a failed order is given back (detached);
 * - the commerce platform's createOrder: the order made with its answer lost is found and paid, or,
 *   made after the proxy gave up, failed with its basket given back;
 * - the commerce platform's order update after the payment was verified: read back, else the order
 *   failed and the payment reversed, else (the platform takes no write) the payment kept in flight
 *   and the order settled by the confirmation.
 *
 * Each fault strikes once (the replay gets through) or on every request of the call. After each row,
 * with late requests landed: every Adyen charge not reversed belongs to a placed order, one charge
 * per order, no order is left in created, and a failed attempt kept the basket and pays when retried;
 * then the money invariant on the sandbox's ledger (issue 29): no payment or saved card, at Adyen or
 * Stripe, without a placed order.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Fault } from '../../mocks/sandbox/src/core/faults.ts';
import { adyenLedger } from '../../mocks/sandbox/src/upstreams/adyen/index.ts';
import { state as commerce } from '../../mocks/sandbox/src/upstreams/commerce/state.ts';
import type { TestShopper } from '../../server/src/testing/shop-client.ts';
import { adyenCardOf, ADYEN_BROWSER_INFO, newKey, token } from '../../server/src/testing/payments.ts';
import { challenged, confirmBody, pay, plain, readyGuest, type Plain } from './lib/journeys.ts';
import { aimedAt, leftCreated } from './lib/run.ts';
import { UPSTREAM_TIMEOUT_MS, useFaultStack } from './lib/stack.ts';
import { expectProblem, FAULTS } from './lib/table.ts';

const stack = useFaultStack();
const who = (shopper: TestShopper) => shopper.credentials();

/** The faults of the table, and the lost answer: the request handled, the connection closed without an answer. */
const POINT_FAULTS = { ...FAULTS, 'answer lost': { dropAfter: true } } satisfies Record<string, Fault>;
type PointFault = keyof typeof POINT_FAULTS;
const ALL = Object.keys(POINT_FAULTS) as PointFault[];

/** How long a request held by a latency fault takes to land after the proxy gave up on it. */
const LATE_MS = 400;

type Market = 'GB' | 'FR';
interface Reached {
  shopper: TestShopper;
  market: Market;
  body: Record<string, unknown>;
  path: string;
}

/** What a row expects the shopper to be answered: the order placed, a problem, or either (the invariants decide). */
type Expected = 'placed' | 'problem' | 'either';

interface Point {
  upstream: 'adyen' | 'stripe' | 'commerce';
  aim: { method: string; path: string };
  reach: () => Promise<Reached>;
  /** Per fault and whether it strikes once or always. */
  expected: (fault: PointFault, always: boolean) => Expected;
}

const placing = async (market: Market): Promise<Reached> => {
  const shopper = await readyGuest(stack, market);
  const card = await token(shopper, '4242424242424242', market === 'FR' ? 'adyen' : 'stripe');
  const body =
    market === 'FR'
      ? {
          provider: 'adyen',
          paymentMethodType: 'CREDIT_CARD',
          adyenStateData: {
            paymentMethod: adyenCardOf(card),
            browserInfo: ADYEN_BROWSER_INFO,
            origin: 'http://localhost:3000',
          },
        }
      : { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken: card.token };
  return { shopper, market, body, path: '/api/checkout/orders' };
};

const returning = async (market: Market): Promise<Reached> => {
  const { shopper, back } = await challenged(stack, market);
  return { shopper, market, body: confirmBody(market, back), path: '/api/checkout/payment-confirmation' };
};

const ORG = '^/(checkout|customer)/[a-z-]+/v1/organizations/[^/]+';
// A lost answer is recovered by asking again (once); a fault on every request leaves only reversing.
const replayed = (_fault: PointFault, always: boolean): Expected => (always ? 'problem' : 'placed');

function settling(market: Market): Point {
  return {
    upstream: 'commerce',
    aim: { method: 'PATCH', path: '^/s/[^/]+/dw/shop/v24_5/orders/' },
    reach: () => placing(market),
    expected: () => 'either',
  };
}

const points: Record<string, Point> = {
  'Adyen /payments (place order FR)': {
    upstream: 'adyen',
    aim: { method: 'POST', path: '^/v71/payments$' },
    reach: () => placing('FR'),
    expected: replayed,
  },
  'Adyen /payments/details (3-D Secure return FR)': {
    upstream: 'adyen',
    aim: { method: 'POST', path: '^/v71/payments/details$' },
    reach: () => returning('FR'),
    expected: replayed,
  },
  'Stripe SetupIntent (place order GB)': {
    upstream: 'stripe',
    aim: { method: 'POST', path: '^/v1/setup_intents$' },
    reach: () => placing('GB'),
    expected: replayed,
  },
  // An order made with its answer lost is paid; one made after the proxy gave up (latency) or never
  // made (a refusal, a dropped request) fails the attempt with the basket kept.
  'commerce createOrder (place order GB)': {
    upstream: 'commerce',
    aim: { method: 'POST', path: `${ORG}/orders$` },
    reach: () => placing('GB'),
    expected: (fault) => (fault === 'status' || fault === 'drop' || fault === 'latency' ? 'problem' : 'placed'),
  },
  // The update that places the paid order: read back, failed and reversed, or settled by the confirmation.
  'commerce order update (settling FR)': settling('FR'),
  'commerce order update (settling GB)': settling('GB'),
};

const send = (reached: Reached, key = newKey()) =>
  plain(stack, who(reached.shopper), 'POST', reached.path, reached.body, { 'idempotency-key': key });

/** Placed: placeOrder's 201, or the return's 200 with the order placed. */
const isPlaced = (answer: Plain) =>
  (answer.status === 201 || answer.status === 200) && answer.body?.outcome === 'orderPlaced';

/** The confirmation of an order left paid but not placed settles it once the platform takes the update. */
async function confirmed(reached: Reached, orderNo: string): Promise<Plain> {
  return plain(stack, who(reached.shopper), 'GET', `/api/checkout/confirmation/${orderNo}`);
}

/** Every Adyen charge since `from` that was not given back belongs to a placed order, one charge per order. */
function expectNoChargeWithoutOrder(from: number): void {
  const live = adyenLedger()
    .slice(from)
    .filter((charge) => !charge.reversed && charge.amount.value > 0);
  for (const charge of live) {
    expect(commerce.orders.get(charge.merchantReference)?.status, `order of charge ${charge.pspReference}`).toMatch(
      /^(new|completed)$/,
    );
  }
  const orders = live.map((charge) => charge.merchantReference);
  expect(new Set(orders).size, 'one charge per order').toBe(orders.length);
}

async function runPoint(point: Point, fault: PointFault, always: boolean): Promise<void> {
  // Orders before the journey: the 3-D Secure return's order is made on the way to the step.
  const seed = new Set(commerce.orders.keys());
  const reached = await point.reach();
  const ledgerFrom = adyenLedger().length;
  stack.mark();
  stack.fault(point.upstream, { ...POINT_FAULTS[fault], ...point.aim, ...(always ? {} : { remaining: 1 }) });
  const answer = await send(reached);
  stack.clearFaults();
  // The fault struck: the step made the call it is aimed at (issue 29).
  expect(
    stack.calls().some((call) => call.upstream === point.upstream && aimedAt(point.aim, call)),
    `the step called ${point.aim.method} ${point.aim.path}`,
  ).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, LATE_MS));

  const expected = point.expected(fault, always);
  let final = answer;
  if (answer.status === 200 && answer.body?.outcome === 'pending') {
    // Paid, the order not placed yet: the confirmation page's next read settles it.
    expect(expected, `pending: ${JSON.stringify(answer.body)}`).toBe('either');
    const page = await confirmed(reached, String(answer.body.orderNo));
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    final = { ...answer, status: 201, body: { outcome: 'orderPlaced', orderNo: answer.body.orderNo } };
  }
  if (expected === 'placed') expect(isPlaced(final), JSON.stringify(final.body)).toBe(true);
  if (expected === 'problem') expectProblem(final);
  if (!isPlaced(final)) {
    expectProblem(final);
    // The basket is kept (restored from the failed order, or given back from an order made late).
    const basket = await plain(stack, who(reached.shopper), 'GET', '/api/basket');
    expect(basket.body.itemCount, 'basket kept').toBe(1);
    const again = await pay(reached.shopper, reached.market, '4242424242424242');
    expect(again.response.status, JSON.stringify(again.body)).toBe(201);
  }
  expect(leftCreated(seed), 'no order left in created').toEqual([]);
  expectNoChargeWithoutOrder(ledgerFrom);
  const placed = [...commerce.orders.values()].filter((o) => !seed.has(o.orderNo) && o.status === 'new');
  expect(placed.length, 'one order placed').toBe(1);
  await stack.expectMoneyKept();
}

const rows = Object.entries(points).flatMap(([name, point]) =>
  ALL.flatMap((fault) => [false, true].map((always) => [name, fault, always] as const)).map(
    ([n, fault, always]) => [`${n} × ${fault} ${always ? 'on every request' : 'once'}`, point, fault, always] as const,
  ),
);

// The points × faults this file covers, printed once its rows have run.
afterAll(() => {
  console.log(
    `fault suite place-order points: ${rows.length} rows, ${Object.keys(points).length} points × ${ALL.length} faults × once/always (timeout ${UPSTREAM_TIMEOUT_MS} ms)`,
  );
});

describe('fault table: failure points after the provider may have charged', () => {
  it.each(rows)('%s', async (_title, point, fault, always) => {
    await runPoint(point, fault, always);
  });
});
