/**
 * An order in doubt (issue 17: a fault during place-order): createOrder was sent, and its answer
 * never came or could not be read. The platform may have made the order all the same, turning the
 * basket into it, even after the proxy gave up waiting. This module finds such an order among the
 * customer's orders (getCustomerOrders takes a guest's token too, SCAPI shopper-customers): in
 * status created, made since the attempt began, and unknown to the session (not among its placed
 * orders). The checkout pays it when it is found at once (attempts/order-attempt.ts); one found
 * later is failed and its basket given back by the order attempt's reconciler (attempts/reconciler.ts,
 * issue 29). Only reads: a basket read never writes an order.
 */
import type { AppContext } from '../../context.ts';
import { commerceData, reachCommerce } from '../commerce-answer.ts';
import type { Shopper } from '../shopper.ts';

/** An order as the customer's order list names it. */
export interface OrderFact {
  orderNo: string;
  status?: string;
  creationDate?: string;
}

const CUSTOMER_ORDERS =
  '/customer/shopper-customers/v1/organizations/{organizationId}/customers/{customerId}/orders' as const;

/** How far the platform's clock may be from the proxy's when telling an order made by the attempt. */
const CLOCK_SKEW_MS = 5_000;

/** How long after createOrder was sent the platform may still make its order (a request it held). */
export const LATE_ORDER_MS = 60_000;

/** The customer's newest orders (guest or registered: the token's own customer). */
export async function customerOrders(ctx: AppContext, shopper: Shopper): Promise<OrderFact[]> {
  const customerId = shopper.tokens.customerId;
  if (!customerId) return [];
  const result = await reachCommerce(
    ctx.upstreams.commerce.GET(CUSTOMER_ORDERS, {
      params: {
        path: { organizationId: shopper.organizationId, customerId },
        query: { siteId: shopper.siteId, limit: 5, offset: 0 },
      },
      headers: shopper.headers,
    }),
  );
  return (commerceData(result, 'customer orders', shopper).data ?? []).flatMap((o) =>
    o.orderNo ? [{ orderNo: o.orderNo, status: o.status, creationDate: o.creationDate }] : [],
  );
}

/**
 * The order the attempt that sent createOrder at `sinceMs` made, if the platform made one by
 * `untilMs` (the newest such); null when none is found. The window is narrow on purpose: a
 * registered customer's other session may have an order of its own in created (its 3-D Secure page
 * open), which must never be taken for this one.
 */
export async function orderMadeSince(
  ctx: AppContext,
  shopper: Shopper,
  sinceMs: number,
  untilMs: number,
): Promise<OrderFact | null> {
  const known = new Set(shopper.session.placedOrders ?? []);
  const orders = await customerOrders(ctx, shopper).catch(() => []);
  const made = orders.find((o) => {
    const at = o.creationDate === undefined ? NaN : Date.parse(o.creationDate);
    return (
      o.status === 'created' && !known.has(o.orderNo) && at >= sinceMs - CLOCK_SKEW_MS && at <= untilMs + CLOCK_SKEW_MS
    );
  });
  if (made) shopper.log.warn({ orderNo: made.orderNo }, 'the order was made but the answer of its creation was lost');
  return made ?? null;
}
