/**
 * createOrder's answer lost (issue 17, issue 29; storefront §4 "On payment" one order per attempt):
 * the order the attempt made is told among the customer's newest orders by its window, its status,
 * the session's own orders and, where the attempt's basket is known, by being made of that basket.
 * The customer's order list is the commerce platform's getCustomerOrders answer, given here as data.
 */
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { components } from '../../../../generated/commerce/types.ts';
import type { AppContext } from '../../context.ts';
import type { CommerceBasket } from '../../upstream/commerce/baskets.ts';
import type { Shopper } from '../identity/shopper.ts';
import { orderMadeSince } from './order-attempt.ts';

type Order = components['schemas']['Order'];

const SINCE = Date.parse('2026-11-28T10:00:00.000Z');
const at = (seconds: number) => new Date(SINCE + seconds * 1000).toISOString();

const basket = {
  basketId: 'b1',
  currency: 'GBP',
  orderTotal: 99,
  productItems: [{ productId: 'nav-12m', quantity: 1 }],
} as CommerceBasket;

function order(orderNo: string, seconds: number, over: Partial<Order> = {}): Order {
  return {
    orderNo,
    status: 'created',
    creationDate: at(seconds),
    currency: 'GBP',
    orderTotal: 99,
    productItems: [{ productId: 'nav-12m', quantity: 1 }],
    ...over,
  } as Order;
}

/** A context whose commerce platform lists `orders` as the customer's newest; a failing list when null. */
function contextListing(orders: Order[] | null): AppContext {
  const GET = async () =>
    orders
      ? { data: { limit: 5, offset: 0, total: orders.length, data: orders }, response: new Response(null) }
      : { error: { title: 'down' }, response: new Response(null, { status: 503 }) };
  return { upstreams: { commerce: { GET } } } as unknown as AppContext;
}

const shopper = (placedOrders: string[] = []) =>
  ({
    session: { placedOrders },
    tokens: { customerId: 'customer-1' },
    organizationId: 'org',
    siteId: 'aurora',
    headers: {},
    log: pino({ level: 'silent' }),
  }) as unknown as Shopper;

const found = (orders: Order[] | null, of?: CommerceBasket, placed: string[] = []) =>
  orderMadeSince(contextListing(orders), shopper(placed), SINCE, SINCE + 30_000, of).then((o) => o?.orderNo ?? null);

describe('the order of a lost createOrder answer', () => {
  it.each([
    ['the basket made into an order within the window', [order('A', 3)], 'A'],
    ['made a little before the proxy sent it (the clocks 5 s apart)', [order('A', -4)], 'A'],
    ['the newest of two in the list comes first', [order('B', 8), order('A', 3)], 'B'],
    ['made before the attempt began', [order('A', -30)], null],
    ['made after the window', [order('A', 60)], null],
    ['no longer created (placed or failed meanwhile)', [order('A', 3, { status: 'failed' })], null],
    ['other products: another session’s order', [order('A', 3, { productItems: [{ productId: 'ota-pack' }] })], null],
    [
      'one more product than the basket',
      [order('A', 3, { productItems: [{ productId: 'nav-12m' }, { productId: 'ota-pack' }] })],
      null,
    ],
    ['another total: another basket of the same product', [order('A', 3, { orderTotal: 49 })], null],
    ['another currency', [order('A', 3, { currency: 'EUR' })], null],
    ['the basket’s order after another session’s', [order('B', 9, { orderTotal: 49 }), order('A', 3)], 'A'],
    ['a list that cannot be read', null, null],
  ])('%s', async (_case, orders, expected) => {
    expect(await found(orders, basket)).toBe(expected);
  });

  it('never takes an order the session knows (its own, placed or being paid)', async () => {
    expect(await found([order('A', 3)], basket, ['A'])).toBeNull();
  });

  it('without the basket (the reconciler, which kept only its id), any unknown order in created within the window', async () => {
    expect(await found([order('A', 3, { productItems: [{ productId: 'ota-pack' }] })])).toBe('A');
  });
});
