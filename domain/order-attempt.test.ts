import { describe, expect, it } from 'vitest';
import {
  ATTEMPT_MOVES,
  ATTEMPT_STATES,
  canMove,
  END_STATES,
  isEndState,
  mayHoldPayment,
  reconcileStep,
  restsUntil,
  retryDelay,
  type AttemptState,
} from './order-attempt.ts';

// Issue 29 (docs/decisions/025): the life of one place-order attempt; storefront §4 "On payment": paid → the
// order new; failed → the order failed and the basket back; never a charge without an order.
describe('order attempt moves', () => {
  it.each<[AttemptState, AttemptState, boolean]>([
    ['creatingOrder', 'orderCreated', true],
    ['creatingOrder', 'failed', true], // createOrder refused: nothing made
    ['creatingOrder', 'failing', true], // the reconciler found the order a lost answer made
    ['creatingOrder', 'paid', false],
    ['orderCreated', 'paymentSent', true],
    ['orderCreated', 'placed', false], // never placed without a payment
    ['paymentSent', 'paid', true],
    ['paymentSent', 'awaitingShopper', true], // 3-D Secure or a bank page
    ['paymentSent', 'failing', true], // refused, or the answer lost
    ['paymentSent', 'placed', false], // placed only once paid
    ['awaitingShopper', 'paymentSent', true], // back from the page: the details sent
    ['paid', 'placed', true],
    ['paid', 'failing', true], // the platform never took the paid order
    ['paid', 'failed', false], // fail before reversing: a paid attempt goes through failing
    ['failing', 'reversing', true],
    ['failing', 'failed', true],
    ['failing', 'placed', true], // placed meanwhile by a late update
    ['reversing', 'reversalSent', true],
    ['reversing', 'failed', false], // money held is never forgotten
    ['reversalSent', 'reversed', true], // the provider's word
    ['reversalSent', 'reversing', true], // the provider refused the reversal: sent again
    ['failed', 'reversing', true], // an authorisation reported late
    ['placed', 'failing', false], // a placed order is never failed
    ['reversed', 'placed', false],
    ['placed', 'placed', true], // the same state again: a redelivered event, a retry
  ])('%s → %s: %s', (from, to, allowed) => {
    expect(canMove(from, to)).toBe(allowed);
  });

  it('ends only in placed, failed or reversed, and every other state leads to one of them', () => {
    expect([...END_STATES].sort()).toEqual(['failed', 'placed', 'reversed']);
    const reachesEnd = (state: AttemptState, seen = new Set<AttemptState>()): boolean =>
      isEndState(state) ||
      ATTEMPT_MOVES[state].some((next) => !seen.has(next) && reachesEnd(next, new Set([...seen, state])));
    for (const state of ATTEMPT_STATES) expect(reachesEnd(state), state).toBe(true);
  });

  it.each<[AttemptState, boolean]>([
    ['creatingOrder', false],
    ['orderCreated', false],
    ['paymentSent', true],
    ['awaitingShopper', true],
    ['paid', true],
    ['failing', false],
    ['reversing', true],
    ['reversalSent', true],
    ['placed', false],
    ['failed', false],
    ['reversed', false],
  ])('%s may hold a payment: %s', (state, holds) => {
    expect(mayHoldPayment(state)).toBe(holds);
  });
});

describe('the reconciler', () => {
  it.each<[AttemptState, ReturnType<typeof reconcileStep>]>([
    ['creatingOrder', 'findOrder'],
    ['orderCreated', 'fail'],
    ['failing', 'fail'],
    ['paymentSent', 'askProvider'],
    ['awaitingShopper', 'askProvider'],
    ['paid', 'place'],
    ['reversing', 'reverse'],
    ['reversalSent', 'reverse'],
    ['placed', 'none'],
    ['failed', 'none'],
    ['reversed', 'none'],
  ])('%s: %s', (state, step) => {
    expect(reconcileStep(state)).toBe(step);
  });

  it.each<[AttemptState, number]>([
    ['paid', 1000 + 60_000], // the horizon
    ['awaitingShopper', 1000 + 1_800_000], // a shopper on a 3-D Secure page gets the page's time
    ['placed', Number.POSITIVE_INFINITY],
  ])('an attempt in %s rests until %d', (state, until) => {
    expect(restsUntil(state, 1000, 60_000, 1_800_000)).toBe(until);
  });

  it.each([
    [1, 5000],
    [2, 10_000],
    [3, 20_000],
    [8, 300_000],
  ])('backs off before retry %d by %d ms', (n, delay) => {
    expect(retryDelay(n, 5000, 300_000)).toBe(delay);
  });
});
