// The checkout control (docs/decisions/015): storefront §4 "Renewal page load" ("An item counts as
// orderable 24 hours (864e5 ms) after its ordered date"), §9 "Orderable 24 hours after order date",
// §2 Renewal page query flag skipCheckoutControl, account §4 status vocabulary.
import { isOrderable, ORDERABLE_AFTER_MS } from './expiry.ts';
import { statusKey } from './order-status.ts';
import { toMillis, type Instant } from './time.ts';

/** A service ordered for a vehicle: the order's vehicle, the service's master product, the order's date. */
export interface OrderedService {
  orderNo: string;
  vin: string;
  /** The master product (the service), not the plan's variant. */
  productId: string;
  /** The order's creation date (ISO date-time). */
  orderedAt: string;
  /** The order's status where known; one that says the order failed or was cancelled does not count. */
  status?: string | null;
}

/**
 * Statuses (by statusKey) that say the order failed or was cancelled, so it holds nothing back: the
 * commerce order statuses `failed` and `cancelled` (Shopper Orders `Order.status`), and account §4's
 * payment_error ("payment failed"), payment_failed ("order cancelled"), failed and
 * failed_installation ("renewed", inactive), canceled and refunded ("refund issued").
 */
export const NOT_COUNTING_STATUSES: ReadonlySet<string> = new Set([
  'failed',
  'cancelled',
  'canceled',
  'payment_error',
  'payment_failed',
  'failed_installation',
  'refunded',
]);

/** Whether an order's status keeps the control on (unknown or in progress: it does). */
export function countsForControl(status: string | null | undefined): boolean {
  return !NOT_COUNTING_STATUSES.has(statusKey(status));
}

/**
 * When the service `productId` becomes orderable again for `vin`: 24 hours after the latest
 * counting order of it, or null when it is orderable now. An order whose date cannot be read is
 * ignored: a broken record never blocks a purchase.
 */
export function orderableFrom(
  ordered: readonly OrderedService[],
  vin: string,
  productId: string,
  now: Instant,
): string | null {
  let latest = Number.NEGATIVE_INFINITY;
  for (const order of ordered) {
    if (order.vin !== vin || order.productId !== productId || !countsForControl(order.status)) continue;
    const at = toMillis(order.orderedAt);
    if (Number.isNaN(at) || isOrderable(order.orderedAt, now)) continue;
    latest = Math.max(latest, at);
  }
  return Number.isFinite(latest) ? new Date(latest + ORDERABLE_AFTER_MS).toISOString() : null;
}

/** Orders old enough to hold nothing back any more (kept lists stay short). */
export function stillHeld(ordered: readonly OrderedService[], now: Instant): OrderedService[] {
  return ordered.filter((o) => !Number.isNaN(toMillis(o.orderedAt)) && !isOrderable(o.orderedAt, now));
}
