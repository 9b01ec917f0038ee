/**
 * Fault table, guest checkout (issue 17; storefront §4 Checkout "On payment", §8 payment errors):
 * payment set-up, placing the order (Stripe in GB, Adyen in FR), the 3-D Secure return and the
 * confirmation, each call × each fault. Faults here strike before the provider is asked to pay or
 * where nothing is charged; the calls after a charge are place-order-points.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { state as commerce } from '../../mocks/sandbox/src/upstreams/commerce/state.ts';
import { adyenCardOf, newKey, token } from '../../server/src/testing/payments.ts';
import type { TestShopper } from '../../server/src/testing/shop-client.ts';
import { challenged, confirmBody, pay, plain, readyGuest } from './lib/journeys.ts';
import { runRow, type Step } from './lib/run.ts';
import { useFaultStack } from './lib/stack.ts';
import { rowsOf, summarise, title, type Row } from './lib/table.ts';

const stack = useFaultStack();
const ORG = '^/(checkout|customer)/[a-z-]+/v1/organizations/[^/]+';
const CUSTOMER_BASKETS = { method: 'GET', path: `${ORG}/customers/[^/]+/baskets$` };
const ORDER_CREATION = { method: 'POST', path: `${ORG}/orders$` };
const INSTRUMENT = { method: 'POST', path: `${ORG}/baskets/[^/]+/payment-instruments$` };

const who = (shopper: TestShopper) => shopper.credentials();
const keptOne = async (shopper: TestShopper) =>
  expect((await plain(stack, who(shopper), 'GET', '/api/basket')).body.itemCount).toBe(1);

const setup = (market: 'GB' | 'FR'): Step<TestShopper> => ({
  reach: () => readyGuest(stack, market),
  act: (shopper) => plain(stack, who(shopper), 'POST', '/api/checkout/payment-setup', {}),
  kept: keptOne,
});

/** Placing the order with a card tokenised before the fault; the retry pays with a new token and key. */
interface Placing {
  shopper: TestShopper;
  body: Record<string, unknown>;
  market: 'GB' | 'FR';
}
const placeBody = async (shopper: TestShopper, market: 'GB' | 'FR') => {
  if (market === 'GB') {
    const card = await token(shopper, '4242424242424242');
    return { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken: card.token };
  }
  const card = await token(shopper, '4242424242424242', 'adyen');
  return {
    provider: 'adyen',
    paymentMethodType: 'CREDIT_CARD',
    adyenStateData: { paymentMethod: adyenCardOf(card) },
  };
};
const placeOrder = (market: 'GB' | 'FR'): Step<Placing> => ({
  reach: async () => {
    const shopper = await readyGuest(stack, market);
    return { shopper, market, body: await placeBody(shopper, market) };
  },
  act: ({ shopper, body }) =>
    plain(stack, who(shopper), 'POST', '/api/checkout/orders', body, { 'idempotency-key': newKey() }),
  kept: ({ shopper }) => keptOne(shopper),
  retry: async ({ shopper, market }) => {
    const answer = await pay(shopper, market, '4242424242424242');
    return { status: answer.response.status, contentType: 'application/json', body: answer.body };
  },
});

interface Returning {
  shopper: TestShopper;
  body: ReturnType<typeof confirmBody>;
}
const threeDSReturn = (market: 'GB' | 'FR'): Step<Returning> => ({
  reach: async () => {
    const { shopper, back } = await challenged(stack, market);
    return { shopper, body: confirmBody(market, back) };
  },
  act: ({ shopper, body }) => plain(stack, who(shopper), 'POST', '/api/checkout/payment-confirmation', body),
  // A failed return fails the order and gives the basket back (§4 "On payment"): paying again works.
  retry: async ({ shopper, body }) => {
    const reload = await plain(stack, who(shopper), 'POST', '/api/checkout/payment-confirmation', body);
    if (reload.status === 200) return reload;
    const market = body.provider === 'adyen' ? 'FR' : 'GB';
    const again = await pay(shopper, market, '4242424242424242');
    return { status: again.response.status, contentType: 'application/json', body: again.body };
  },
});

const confirmation: Step<{ shopper: TestShopper; orderNo: string }> = {
  reach: async () => {
    const shopper = await readyGuest(stack, 'GB');
    const placed = await pay(shopper, 'GB', '4242424242424242');
    return { shopper, orderNo: String(placed.body.orderNo) };
  },
  act: ({ shopper, orderNo }) => plain(stack, who(shopper), 'GET', `/api/checkout/confirmation/${orderNo}`),
  // The order itself is untouched by a failed read: still new.
  kept: async ({ orderNo }) => expect(commerce.orders.get(orderNo)?.status).toBe('new'),
};

const steps: Record<string, Step<any>> = {
  'payment set-up GB': setup('GB'),
  'payment set-up FR': setup('FR'),
  'place order GB': placeOrder('GB'),
  'place order FR': placeOrder('FR'),
  '3-D Secure return GB': threeDSReturn('GB'),
  '3-D Secure return FR': threeDSReturn('FR'),
  confirmation,
};

const rows: Row[] = [
  ...rowsOf('commerce', 'payment set-up GB', CUSTOMER_BASKETS, 'problem'),
  ...rowsOf('adyen', 'payment set-up FR', { method: 'POST', path: '/v71/paymentMethods' }, 'problem'),
  ...rowsOf('commerce', 'place order GB', CUSTOMER_BASKETS, 'problem'),
  ...rowsOf('commerce', 'place order GB', INSTRUMENT, 'problem'),
  ...rowsOf('stripe', 'place order GB', { method: 'GET', path: '/v1/payment_methods/' }, 'payment-problem'),
  ...rowsOf('commerce', 'place order FR', INSTRUMENT, 'problem'),
  // The shopper's IP for Adyen comes from the geolocation call; without it Adyen is paid without one.
  ...rowsOf('vehicles', 'place order FR', { method: 'GET', path: '/v1/geolocation' }, 'tolerated'),
  // Only faults that stop the order being made: an order made with its answer lost is place-order-points.test.ts's.
  ...rowsOf('commerce', 'place order GB', ORDER_CREATION, 'problem', ['status', 'drop']),
  ...rowsOf('stripe', '3-D Secure return GB', { method: 'GET', path: '/v1/setup_intents/' }, 'payment-problem'),
  ...rowsOf('commerce', 'confirmation', { method: 'GET', path: `${ORG}/orders/` }, 'problem'),
];

summarise('checkout', rows);

describe('fault table: payment set-up, place order, 3-D Secure return, confirmation', () => {
  it.each(rows.map((row) => [title(row), row] as const))('%s', async (_title, row) => {
    await runRow(stack, row, steps[row.step]!);
  });
});
