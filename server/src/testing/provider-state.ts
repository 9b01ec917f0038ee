/**
 * Test-only: what the in-process sandbox's providers hold since `mark()`, read in-process: the
 * orders the commerce platform created and Stripe's set-up confirmations (a charge, for a saved
 * card, in the sandbox's ledger). "One order and one charge" is checked here, not from answers.
 */
import { state as commerce, type OrderRecord } from '../../../mocks/sandbox/src/upstreams/commerce/state.ts';
import { stripeLedger } from '../../../mocks/sandbox/src/upstreams/stripe/index.ts';

/** Call `mark()` after each sandbox reset. */
export class ProviderState {
  private seedOrders = new Set<string>();
  private ledgerStart = 0;

  mark(): void {
    this.seedOrders = new Set(commerce.orders.keys());
    this.ledgerStart = stripeLedger().length;
  }

  newOrders(): OrderRecord[] {
    return [...commerce.orders.values()].filter((order) => !this.seedOrders.has(order.orderNo));
  }

  charges(): ReturnType<typeof stripeLedger> {
    return stripeLedger().slice(this.ledgerStart);
  }
}
