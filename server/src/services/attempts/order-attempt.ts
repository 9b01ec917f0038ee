/**
 * The order attempt from "Pay" to an answer (issue 29, docs/decisions/025; storefront §4 "On
 * payment"): the order made (status created), the provider paid, the order settled. Each external
 * write is announced in the attempt's journal first (attempts.ts), so that whatever this request
 * cannot finish (a lost answer, a killed process) the reconciler finishes from the last recovery
 * point. place-order.ts checks the basket and the method before any of this; settlement.ts settles.
 *
 * An attempt's order is also found again here, among the customer's orders: the order this attempt's
 * createOrder made of its basket with its answer lost (an order in doubt, issue 17; the reconciler's
 * `findOrder` looks for it too), and the order another attempt of the shopper made of the same basket
 * (two tabs, decision 022). Only reads: a basket read never writes an order.
 */
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { PendingPayment } from '../../session.ts';
import type { CommerceBasket } from '../../upstream/commerce/baskets.ts';
import { orderedBy, type BasketService } from '../checkout/checkout-control.ts';
import { createOrder, customerOrders, orderFactOf, readOrder, type OrderFact } from '../../upstream/commerce/orders.ts';
import { billingMismatch } from '../payments/payment-problems.ts';
import type { CheckedMethod, PaymentParty, PaymentResult } from '../payments/provider.ts';
import { paymentProvider } from '../payments/providers.ts';
import type { Shopper } from '../identity/shopper.ts';
import type { OrderFields } from './order-fields.ts';
import { settle, settleFailed, type PaymentAnswer } from './settlement.ts';

type Schemas = components['schemas'];

/** An attempt's order, checked by place-order.ts: nothing here refuses the shopper's input. */
export interface AttemptOrder {
  /** The basket, ready to be ordered (its billing address, shipping, e-mail, payment instrument). */
  basket: CommerceBasket;
  request: Schemas['PlaceOrderRequest'];
  method: CheckedMethod;
  /** The attempt's Idempotency-Key; the providers' keys are derived from it. */
  key: string;
  services: BasketService[];
  /** The billing address's name (the payment's holder, the order's customer name). */
  holder: string;
  total: number;
  client: PaymentParty['client'];
  /** The region's billing-mismatch control for a card country the provider tells while paying (§8). */
  mismatchOf: (country: string | null | undefined) => boolean;
  /** The order's storefront §3 fields (order-fields.ts), gathered while the method was checked; never rejects. */
  fields: Promise<OrderFields>;
}

/** Makes the order, has the provider pay it and settles it. */
export async function payOrder(ctx: AppContext, shopper: Shopper, attempt: AttemptOrder): Promise<PaymentAnswer> {
  const { basket, request, method, total, holder } = attempt;
  const provider = paymentProvider(request.provider);
  const pending = await openOrder(ctx, shopper, attempt);
  // The journal says a payment was sent before it is: a process that dies now leaves the reconciler a
  // charge to resolve. A journal that cannot be written stops the attempt before the provider acts.
  let result: PaymentResult;
  try {
    await ctx.attempts.record(pending.attempt, 'paymentSent', { charged: true, pending }, { strict: true });
    result = await provider.pay(ctx, shopper, {
      pending,
      method,
      request,
      amount: { value: total, currency: basket.currency! },
      customer: { email: basket.customerInfo?.email ?? '', name: holder },
      billing: basket.billingAddress!,
      client: attempt.client,
      returnUrl: `${ctx.config.publicOrigin}/${shopper.locale}/payment-confirmation?orderNo=${encodeURIComponent(pending.orderNo)}&provider=${request.provider}`,
    });
    // Authorised with a card of another country than the billing address: the attempt fails as paid,
    // so the authorisation is given back (settleFailed), never captured.
    if (result.status === 'paid' && attempt.mismatchOf(result.card?.country)) {
      await ctx.attempts.record(pending.attempt, 'paid', { pending });
      throw billingMismatch();
    }
  } catch (failure) {
    throw await settleFailed(ctx, shopper, pending.orderNo, failure);
  }
  return settle(ctx, shopper, pending, result);
}

/**
 * Creates the order (status created) and keeps it in the session as the payment in flight. The
 * journal's first recovery point comes before createOrder: an order made with its answer lost, and
 * not found at once among the customer's orders, is found and failed by the reconciler, its basket
 * given back; basket reads only read.
 */
async function openOrder(ctx: AppContext, shopper: Shopper, attempt: AttemptOrder): Promise<PendingPayment> {
  const { session } = shopper;
  const { basket, request, method, key, services, holder } = attempt;
  const fields = await attempt.fields;
  const started = Date.now();
  const id = await ctx.attempts.begin(shopper, { provider: request.provider, basketId: basket.basketId! });
  // createOrder considers the basket id only: the storefront §3 fields ride in the pending payment (and
  // the journal) to the order update that places the order, the reconciler's included.
  const order = await createOrder(ctx, shopper, basket.basketId!).catch(async (failure: unknown) => {
    // A refusal made nothing; otherwise the order may have been made with only its answer lost.
    if (failure instanceof AppError && failure.status < 500) {
      await ctx.attempts.record(id, 'failed');
      throw failure;
    }
    // The platform made the basket into the order even when the proxy gave up waiting.
    const made = await orderMadeSince(ctx, shopper, started, Date.now(), basket);
    if (made) return made;
    // Not (yet) made: the journal's attempt rests in creatingOrder, and the reconciler looks again.
    throw failure;
  });
  const orderNo = order.orderNo!;
  session.placedOrders = [...(session.placedOrders ?? []), orderNo].slice(-20);
  session.basketItemCount = 0;
  const card = method.type === 'card' ? method.card : undefined;
  const pending: PendingPayment = {
    orderNo,
    attempt: id,
    provider: request.provider,
    key,
    paymentType: request.paymentMethodType,
    ...(method.id ? { paymentMethodId: method.id } : {}),
    ...(card ? { card: { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear } } : {}),
    ordered: orderedBy(services, { orderNo, creationDate: order.creationDate }),
    // The account's saved card pays: a reversal must never detach it (stripe.ts reverse).
    ...(method.stored ? { savedCard: true as const } : {}),
    orderFields: fields,
  };
  session.pendingPayment = pending;
  await ctx.attempts.record(id, 'orderCreated', { orderNo, pending, ...(holder ? { customerName: holder } : {}) });
  return pending;
}

// ---- The attempt's order found again --------------------------------------------------------------

/** How far the platform's clock may be from the proxy's when telling an order made by the attempt. */
const CLOCK_SKEW_MS = 5_000;

/** How long after createOrder was sent the platform may still make its order (a request it held). */
export const LATE_ORDER_MS = 60_000;

/** How long after its creation an order still answers for the basket it was made of (decision 022). */
export const RECENT_MS = 10 * 60_000;

/**
 * The order the attempt that sent createOrder at `sinceMs` made, if the platform made one by
 * `untilMs` (the newest such): in status created, made since the attempt began, unknown to the
 * session (not among its placed orders) and, where the attempt's basket is known (`of`, the request
 * that lost createOrder's answer), made of it: its products at its total. Null when none is found or
 * the list cannot be read. The window is narrow on purpose: a registered customer's other session may
 * have an order of its own in created (its 3-D Secure page open), which must never be taken for this one.
 */
export async function orderMadeSince(
  ctx: AppContext,
  shopper: Shopper,
  sinceMs: number,
  untilMs: number,
  of?: CommerceBasket,
): Promise<OrderFact | null> {
  const known = new Set(shopper.session.placedOrders ?? []);
  const orders = await customerOrders(ctx, shopper).catch(() => []);
  const made = orders.find((o) => {
    const at = o.creationDate === undefined ? NaN : Date.parse(o.creationDate);
    return (
      o.status === 'created' &&
      !known.has(o.orderNo) &&
      at >= sinceMs - CLOCK_SKEW_MS &&
      at <= untilMs + CLOCK_SKEW_MS &&
      (!of || madeOf(o, of))
    );
  });
  if (made) shopper.log.warn({ orderNo: made.orderNo }, 'the order was made but the answer of its creation was lost');
  return made ?? null;
}

const sorted = (ids: string[]) => [...ids].sort().join('\n');

/** The order is the basket's: its products, and its total in its currency where both tell them. */
function madeOf(order: OrderFact, basket: CommerceBasket): boolean {
  const ids = (basket.productItems ?? []).flatMap((i) => (i.productId ? [i.productId] : []));
  const agree = <T>(a: T | undefined, b: T | undefined) => a === undefined || b === undefined || a === b;
  return (
    sorted(order.productIds) === sorted(ids) &&
    agree(order.orderTotal, basket.orderTotal) &&
    agree(order.currency, basket.currency)
  );
}

/** The session's own newest orders, read from the platform (their status may have moved since). */
async function sessionOrders(ctx: AppContext, shopper: Shopper): Promise<OrderFact[]> {
  const mine = [...(shopper.session.placedOrders ?? [])].reverse().slice(0, 3);
  const orders = await Promise.all(mine.map((orderNo) => readOrder(ctx, shopper, orderNo)));
  return orders.flatMap((o) => {
    const fact = o && orderFactOf(o);
    return fact ? [fact] : [];
  });
}

/**
 * Two tabs, one order, both told (decision 022): when two tabs of one shopper place the same basket at
 * once, each with its own Idempotency-Key, the first makes the order and the other finds the basket
 * gone. The later attempt runs once the earlier one has written its order (the place-order lock of
 * http/shopper.ts: per session, and per customer for a registered shopper, whose basket every session
 * of the customer shares), and is answered with it, so both tabs end on its confirmation; so is a retry
 * after a lost connection, which the browser sends with a new key. Its order is the newest one this
 * shopper made within RECENT_MS that is not failed, from the session's own orders and the customer's.
 *
 * The answer: the order placed (201), or still being paid in the other tab (200 pending: its 3-D
 * Secure or bank page is open there). Undefined when no recent order of the shopper explains the
 * basket's absence; the caller answers its usual "basket empty" then.
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
