/**
 * Two tabs, one order, both told (issue 17): when two tabs of one shopper place the same basket at
 * once, each with its own Idempotency-Key, the first makes the order and the other finds the basket
 * gone. That is one order, as it should be, but the second tab must not be told the checkout failed:
 * its basket became that order, and it is answered with it, so both tabs end on its confirmation.
 * The same holds for a retry after a lost connection, which the browser sends with a new key when
 * the answer never came.
 *
 * The shopper's attempts are serialised by the place-order lock (http/shopper.ts: per session, and
 * per customer for a registered shopper, whose basket every session of the customer shares), so the
 * later attempt runs once the earlier one has written its order. Its order is the newest one this
 * shopper made within RECENT_MS that is not failed: from the session's own orders, and from the
 * customer's orders (another session of a registered customer made it, or the session's own write
 * was lost after the order was placed).
 */
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { customerOrders, type OrderFact } from '../basket/order-in-doubt.ts';
import { readOrder } from '../orders.ts';
import type { Shopper } from '../shopper.ts';
import type { PaymentAnswer } from '../attempts/settlement.ts';

type Schemas = components['schemas'];

/** How long after its creation an order still answers for the basket it was made of. */
export const RECENT_MS = 10 * 60_000;

/** The session's own newest orders, read from the platform (their status may have moved since). */
async function sessionOrders(ctx: AppContext, shopper: Shopper): Promise<OrderFact[]> {
  const mine = [...(shopper.session.placedOrders ?? [])].reverse().slice(0, 3);
  const orders = await Promise.all(mine.map((orderNo) => readOrder(ctx, shopper, orderNo)));
  return orders.flatMap((o) =>
    o?.orderNo ? [{ orderNo: o.orderNo, status: o.status, creationDate: o.creationDate }] : [],
  );
}

/**
 * The answer for an attempt whose basket is gone because this shopper's other attempt made it an
 * order: the order placed (201), or still being paid in the other tab (200 pending: its 3-D Secure
 * or bank page is open there). Undefined when no recent order of the shopper explains the basket's
 * absence; the caller answers its usual "basket empty" then.
 */
export async function answerForOrderedBasket(
  ctx: AppContext,
  shopper: Shopper,
  now = Date.now(),
): Promise<PaymentAnswer | undefined> {
  // The customer's orders too: a registered shopper's other session may have made the order, and a
  // guest's session may not know its own (its write failed after the order was placed: Redis lost,
  // issue 29 path 4). A guest's token is its own customer's, so these are only ever its own orders.
  const [own, customer] = await Promise.all([sessionOrders(ctx, shopper), customerOrders(ctx, shopper)]);
  const recent = [...own, ...customer]
    .filter((o) => o.status !== 'failed' && o.creationDate && now - Date.parse(o.creationDate) <= RECENT_MS)
    .sort((a, b) => Date.parse(b.creationDate!) - Date.parse(a.creationDate!));
  const order = recent[0];
  if (!order) return undefined;
  // The confirmation reads only this session's orders: the customer's order made in another session is theirs too.
  const placed = shopper.session.placedOrders ?? [];
  if (!placed.includes(order.orderNo)) {
    shopper.session.placedOrders = [...placed, order.orderNo].slice(-20);
    await shopper.persist();
  }
  shopper.log.info({ orderNo: order.orderNo }, 'place order: the basket was already ordered by another attempt');
  if (order.status === 'created') {
    const body: Schemas['PaymentConfirmation'] = { outcome: 'pending', orderNo: order.orderNo, status: 'created' };
    return { status: 200, body };
  }
  const body: Schemas['OrderPlaced'] = { outcome: 'orderPlaced', orderNo: order.orderNo, status: 'new' };
  return { status: 201, body };
}
