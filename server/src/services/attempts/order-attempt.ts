/**
 * The order attempt from "Pay" to an answer (issue 29, docs/decisions/025; storefront §4 "On
 * payment"): the order made (status created), the provider paid, the order settled. Each external
 * write is announced in the attempt's journal first (attempts.ts), so that whatever this request
 * cannot finish (a lost answer, a killed process) the reconciler finishes from the last recovery
 * point. place-order.ts checks the basket and the method before any of this; settlement.ts settles.
 */
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { PendingPayment } from '../../session.ts';
import { currentBasket, type CommerceBasket } from '../basket/basket.ts';
import { orderMadeSince } from '../basket/order-in-doubt.ts';
import { orderedBy, type BasketService } from '../checkout-control.ts';
import { createOrder } from '../orders.ts';
import { billingMismatch } from '../payments/payment-problems.ts';
import type { CheckedMethod, PaymentParty, PaymentResult } from '../payments/provider.ts';
import { paymentProvider } from '../payments/providers.ts';
import type { Shopper } from '../shopper.ts';
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
    // Made, the basket is gone: the order is the customer's newest unknown one in created.
    const left = await currentBasket(ctx, shopper).catch(() => undefined);
    const made =
      left === null || (left && left.basketId !== basket.basketId)
        ? await orderMadeSince(ctx, shopper, started, Date.now())
        : null;
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
