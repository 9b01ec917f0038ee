import { describe, expect, it } from 'vitest';
import { countsForControl, orderableFrom, stillHeld, type OrderedService } from './checkout-control.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const HOUR = 36e5;
const VIN = 'ZAAAA1000AA000001';
const at = (ms: number) => new Date(ms).toISOString();
const order = (overrides: Partial<OrderedService> = {}): OrderedService => ({
  orderNo: '00001',
  vin: VIN,
  productId: 'cn-connected-navigation',
  orderedAt: at(NOW - HOUR),
  ...overrides,
});

describe('orderableFrom (storefront §4 "An item counts as orderable 24 hours (864e5 ms) after its ordered date")', () => {
  it.each<[string, OrderedService[], string | null]>([
    ['nothing ordered', [], null],
    ['ordered 1 hour ago', [order()], at(NOW + 23 * HOUR)],
    ['ordered just now', [order({ orderedAt: at(NOW) })], at(NOW + 24 * HOUR)],
    ['ordered 24 hours minus 1 ms ago', [order({ orderedAt: at(NOW - 864e5 + 1) })], at(NOW + 1)],
    // §9 "Orderable 24 hours after order date": exactly 24 hours later it is orderable again.
    ['ordered exactly 24 hours ago', [order({ orderedAt: at(NOW - 864e5) })], null],
    ['ordered 2 days ago', [order({ orderedAt: at(NOW - 48 * HOUR) })], null],
    ['another vehicle ordered it', [order({ vin: 'ZAAAA1000AA000002' })], null],
    ['another service ordered for the vehicle', [order({ productId: 'vcs-adaptive-cruise' })], null],
    [
      'two orders: the latest decides',
      [order({ orderedAt: at(NOW - 20 * HOUR) }), order({ orderNo: '00002', orderedAt: at(NOW - 2 * HOUR) })],
      at(NOW + 22 * HOUR),
    ],
    ['an unreadable order date never blocks', [order({ orderedAt: 'not a date' })], null],
    // Orders whose status says they failed or were cancelled do not count (account §4 vocabulary).
    ['a failed order (commerce status failed)', [order({ status: 'failed' })], null],
    ['a cancelled order (commerce status cancelled)', [order({ status: 'cancelled' })], null],
    ['a Payment Failed order (order cancelled)', [order({ status: 'Payment Failed' })], null],
    ['a payment_error order (payment failed)', [order({ status: 'payment_error' })], null],
    ['a failed installation', [order({ status: 'Failed Installation' })], null],
    ['a canceled order', [order({ status: 'canceled' })], null],
    ['a refunded order', [order({ status: 'refunded' })], null],
    ['a new order counts', [order({ status: 'new' })], at(NOW + 23 * HOUR)],
    ['a Payment Pending order counts', [order({ status: 'Payment Pending' })], at(NOW + 23 * HOUR)],
    ['a created order counts', [order({ status: 'created' })], at(NOW + 23 * HOUR)],
  ])('%s', (_, ordered, expected) => {
    expect(orderableFrom(ordered, VIN, 'cn-connected-navigation', NOW)).toBe(expected);
  });
});

describe('countsForControl', () => {
  it.each<[string | null | undefined, boolean]>([
    [undefined, true],
    [null, true],
    ['new', true],
    ['Ready for export', true],
    ['export_error', true],
    ['failed', false],
    ['Payment Error', false],
  ])('%s → %s', (status, expected) => {
    expect(countsForControl(status)).toBe(expected);
  });
});

describe('stillHeld', () => {
  it('keeps the orders younger than 24 hours, drops older and unreadable ones', () => {
    const young = order();
    const old = order({ orderNo: '00002', orderedAt: at(NOW - 25 * HOUR) });
    const broken = order({ orderNo: '00003', orderedAt: 'x' });
    expect(stillHeld([young, old, broken], NOW)).toEqual([young]);
  });
});
