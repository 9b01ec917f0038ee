// The life of one place-order attempt from "Pay" to an end state (issue 29; storefront §4 "On payment";
// docs/decisions/023 and 025). Each state is a recovery point written to the durable journal BEFORE the
// external write it announces, so that a process killed at any moment leaves a record that says what may
// have happened upstream and what must still be done. Pure: no I/O, no clock (time is passed in).

/**
 * The recovery points, in order:
 * - `creatingOrder`: createOrder is about to be sent (the basket may become an order we do not know of);
 * - `orderCreated`: the order exists in `created`; nothing was sent to the provider yet;
 * - `paymentSent`: the payment (or SetupIntent) was sent with the attempt's idempotency key;
 * - `awaitingShopper`: the provider asked for 3-D Secure or a bank page: the shopper is away;
 * - `paid`: the provider's answer, read back, says paid (or saved); the order is about to be placed;
 * - `placed`: the order is `new` on the platform: the end of a paid attempt;
 * - `failing`: the attempt will not be paid: the order is about to be failed (fail before reversing);
 * - `reversing`: the order is failed and what the provider may hold must be given back;
 * - `reversalSent`: the provider received the reversal; it says later (a webhook) that it is done;
 * - `failed`: the order failed and the provider holds nothing: an end state;
 * - `reversed`: the provider said the payment was given back: an end state.
 */
export const ATTEMPT_STATES = [
  'creatingOrder',
  'orderCreated',
  'paymentSent',
  'awaitingShopper',
  'paid',
  'placed',
  'failing',
  'reversing',
  'reversalSent',
  'failed',
  'reversed',
] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

/** The allowed moves. A move to the state the attempt is in is always allowed (a redelivered event, a retry). */
export const ATTEMPT_MOVES: Record<AttemptState, readonly AttemptState[]> = {
  creatingOrder: ['orderCreated', 'failed', 'failing'],
  orderCreated: ['paymentSent', 'failing'],
  // A lost answer leaves the outcome unknown: failing with a reversal; a refusal: failing without one.
  paymentSent: ['awaitingShopper', 'paid', 'failing'],
  awaitingShopper: ['paymentSent', 'paid', 'failing'],
  // Paid but not placed (the platform refused or did not answer): failed first, then reversed.
  paid: ['placed', 'failing'],
  placed: [],
  // The order could not be failed because it was placed meanwhile (a late update): placed after all.
  failing: ['reversing', 'failed', 'placed'],
  reversing: ['reversalSent', 'reversed'],
  // Sent again when the provider's word does not come; a refused reversal goes back to reversing.
  reversalSent: ['reversed', 'reversing'],
  // An authorisation the provider reports after the attempt failed without a charge (a late webhook).
  failed: ['reversing'],
  reversed: [],
};

/** Where an attempt rests for good: nothing is left to do unless a provider reports a late charge. */
export const END_STATES: readonly AttemptState[] = ['placed', 'failed', 'reversed'];

export const isEndState = (state: AttemptState): boolean => END_STATES.includes(state);

/** True when an attempt in `from` may move to `to`. */
export function canMove(from: AttemptState, to: AttemptState): boolean {
  return from === to || ATTEMPT_MOVES[from].includes(to);
}

/**
 * May the provider hold money (or a saved method) for the attempt in this state? Used when it is
 * abandoned: a payment sent, an authorisation awaited or given, or a reversal not confirmed yet.
 */
export function mayHoldPayment(state: AttemptState): boolean {
  return ['paymentSent', 'awaitingShopper', 'paid', 'reversing', 'reversalSent'].includes(state);
}

/**
 * How long an attempt may rest in a state before the reconciler drives it on. A shopper on a 3-D
 * Secure or bank page gets longer than the horizon (the page's own time), every other state the
 * horizon; an end state never needs it.
 */
export function restsUntil(state: AttemptState, updatedAtMs: number, horizonMs: number, awayMs: number): number {
  if (isEndState(state)) return Number.POSITIVE_INFINITY;
  return updatedAtMs + (state === 'awaitingShopper' ? awayMs : horizonMs);
}

/** The reconciler's backoff before the n-th retry of a step (n from 1): doubling from `baseMs`, at most `maxMs`. */
export function retryDelay(n: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, n - 1));
}

/**
 * What the reconciler does with an unfinished attempt found resting past its time:
 * - `findOrder`: createOrder's answer never came: find the order it may have made, then fail it;
 * - `fail`: fail the order (nothing sent to the provider, or it refused);
 * - `askProvider`: ask the provider again (same key) what became of the payment;
 * - `place`: the payment is verified: write the order placed;
 * - `reverse`: send (or send again) the reversal of what the provider may hold.
 */
export type ReconcileStep = 'findOrder' | 'fail' | 'askProvider' | 'place' | 'reverse' | 'none';

export function reconcileStep(state: AttemptState): ReconcileStep {
  switch (state) {
    case 'creatingOrder':
      return 'findOrder';
    case 'orderCreated':
    case 'failing':
      return 'fail';
    case 'paymentSent':
    case 'awaitingShopper':
      return 'askProvider';
    case 'paid':
      return 'place';
    case 'reversing':
    case 'reversalSent':
      return 'reverse';
    default:
      return 'none';
  }
}
