/**
 * Back from 3-D Secure or the bank page (storefront §4 "On payment"): the return must belong to
 * the payment in flight; the provider's result is READ BACK from the provider (the browser's
 * query is never trusted), then the order is settled. A reload of the return page after the
 * order was settled answers from the order itself. Runs under the session's lock (the request
 * edge's `withLockedShopper`), like placing the order.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { readOrder } from '../../upstream/commerce/orders.ts';
import { authorisationFailed, forPaymentMethod } from '../payments/payment-problems.ts';
import { paymentProvider } from '../payments/providers.ts';
import type { ReturnRequest } from '../payments/provider.ts';
import type { Shopper } from '../identity/shopper.ts';
import { settle, settleFailed, type PaymentAnswer } from '../attempts/settlement.ts';

export async function confirmPayment(
  ctx: AppContext,
  shopper: Shopper,
  request: ReturnRequest,
): Promise<PaymentAnswer> {
  const pending = shopper.session.pendingPayment;
  if (!pending || (request.orderNo && request.orderNo !== pending.orderNo)) {
    return alreadySettled(ctx, shopper, request.orderNo);
  }
  const provider = paymentProvider(pending.provider);
  provider.checkReturn(pending, request);
  let answer: PaymentAnswer;
  try {
    // Back from the shopper's page: the details are sent to the provider (issue 29's recovery point).
    await ctx.attempts.record(pending.attempt, 'paymentSent', {}, { strict: true });
    const result = await provider.confirm(ctx, shopper, pending, request).catch(async (failure: unknown) => {
      throw await settleFailed(ctx, shopper, pending.orderNo, failure);
    });
    answer = await settle(ctx, shopper, pending, result);
  } finally {
    await shopper.persist();
  }
  // The order exists already: paid now is 200, not 201.
  return answer.status === 201 ? { status: 200, body: answer.body } : answer;
}

/** A reload of the return page: the order's own status says whether it was paid. */
async function alreadySettled(
  ctx: AppContext,
  shopper: Shopper,
  orderNo: string | null | undefined,
): Promise<PaymentAnswer> {
  const order =
    orderNo && shopper.session.placedOrders?.includes(orderNo) ? await readOrder(ctx, shopper, orderNo) : null;
  if (!order) throw new AppError(404, 'not-found', 'Not found', 'There is no payment waiting for confirmation.');
  if (order.status !== 'new' && order.status !== 'completed') {
    throw forPaymentMethod(authorisationFailed(), order.c_payment_type);
  }
  return { status: 200, body: { outcome: 'orderPlaced', orderNo: order.orderNo!, status: order.status } };
}
