/**
 * The order-management stand-in's state: its orders, subscriptions, accounts and payment-method
 * records, the reads the `/som` routes answer from, and the sandbox's switches on it. Module-level, so
 * that the commerce stand-in (placed-orders.ts), the controls (fulfilment.ts) and the account area's
 * updates (account-updates.ts, payment-methods.ts) reach the same records the `/som` routes serve.
 */
import { Clock, DAY_MS } from '../../core/clock.ts';
import type { OmsAccount, OmsOrder, OmsPaymentRecord, OmsSubscription } from './model.ts';
import { buildSeedAccounts, buildSeedOrders, buildSeedPaymentRecords, buildSeedSubscriptions } from './seed-data.ts';

interface SomState {
  orders: OmsOrder[];
  subscriptions: OmsSubscription[];
  accounts: OmsAccount[];
  paymentRecords: OmsPaymentRecord[];
  /** Next number for records created at run time (orders placed, assets, payment records). */
  sequence: number;
  /**
   * Whether Details and CreditNoteDetails answer only for the userId they are given (the seed's way).
   * Off (`PUT /__sandbox/som/ownership-filter`), they answer by order or invoice id alone, as an
   * order system that does not filter would: the shop must prove ownership itself (issue 30).
   */
  ownershipFilter: boolean;
}

let clock = new Clock();
/** The records; a reset puts the seed back into this same object. */
export const state: SomState = fresh();

function fresh(): SomState {
  return {
    orders: buildSeedOrders(clock),
    subscriptions: buildSeedSubscriptions(clock),
    accounts: buildSeedAccounts(),
    paymentRecords: buildSeedPaymentRecords(),
    sequence: 100,
    ownershipFilter: true,
  };
}

/** Uses the sandbox clock from now on and puts the state back to the seed. */
export function resetSom(withClock?: Clock): void {
  if (withClock) clock = withClock;
  Object.assign(state, fresh());
}

/** Switches the ownership filter of Details and CreditNoteDetails (on after every reset). */
export function setOwnershipFilter(enabled: boolean): void {
  state.ownershipFilter = enabled;
}

/** Whether a record of `owner` may be answered to a request naming `userId` (none: not filtered). */
export function answersFor(owner: string, userId: string | undefined): boolean {
  return !state.ownershipFilter || !userId || owner === userId;
}

export const nowIso = (): string => clock.now().toISOString();
export const today = (): string => nowIso().slice(0, 10);
/** The next number for a record created at run time (orders placed, assets, payment records). */
export const next = (): number => ++state.sequence;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function addMonths(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

// ---------- reads ----------

export function ordersOf(userId: string): OmsOrder[] {
  return state.orders.filter((o) => o.userId === userId);
}

export function findOrder(by: { id?: string; orderNo?: string }): OmsOrder | undefined {
  if (by.id) {
    const order = state.orders.find((o) => o.id === by.id);
    if (order) return order;
  }
  if (by.orderNo) return state.orders.find((o) => o.orderNo === by.orderNo);
  return undefined;
}

export function subscriptionsOf(userId: string): OmsSubscription[] {
  return state.subscriptions.filter((s) => s.userId === userId);
}

export function findSubscription(id: string): OmsSubscription | undefined {
  return state.subscriptions.find((s) => s.id === id);
}

export function accountOf(userId: string): OmsAccount | undefined {
  return state.accounts.find((a) => a.userId === userId);
}

export function findAccount(id: string): OmsAccount | undefined {
  return state.accounts.find((a) => a.id === id);
}

export function paymentRecordOfAccount(accountId: string): OmsPaymentRecord | undefined {
  return state.paymentRecords.find((p) => p.accountId === accountId);
}

export function findPaymentRecord(id: string): OmsPaymentRecord | undefined {
  return state.paymentRecords.find((p) => p.recordId === id);
}

export function findInvoice(externalId: string): OmsOrder | undefined {
  return state.orders.find((o) => o.invoice?.externalId === externalId);
}

export function findCreditNote(externalId: string) {
  for (const order of state.orders) {
    const note = order.creditNotes.find((c) => c.externalId === externalId);
    if (note) return { order, note };
  }
  return undefined;
}

export function isExpired(sub: OmsSubscription): boolean {
  return sub.expiryDate !== null && sub.expiryDate < today();
}

/** Within 62 days before expiry and not expired. */
export function isExpiring(sub: OmsSubscription): boolean {
  if (sub.expiryDate === null || isExpired(sub)) return false;
  return sub.expiryDate <= addDays(today(), 62);
}
/** Enables or disables a customer's order-management account (isCustomerEnabled); false without one. */
export function setCustomerEnabled(userId: string, enabled: boolean): boolean {
  const account = state.accounts.find((a) => a.userId === userId);
  if (!account) return false;
  account.enabled = enabled;
  return true;
}
