/**
 * Settling an order once its payment is known (storefront §4 "On payment"): verified paid → the
 * order becomes new with c_stripe_status succeeded, the card's facts and the provider's
 * references, and its order-management record is flagged; failed → the order becomes failed with
 * c_stripe_status error and the same basket comes back, so the shopper can try again.
 */
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { PendingPayment } from '../../session.ts';
import { restoreFromOrder } from '../basket/basket.ts';
import { recordOrdered } from '../checkout-control.ts';
import { flagOrderForUpdate } from '../order-management.ts';
import { failOrder, readOrder, updateOrder } from '../orders.ts';
import { asPaymentProblem, forPaymentMethod } from '../payments/payment-problems.ts';
import type { PaymentResult } from '../payments/provider.ts';
import type { Shopper } from '../shopper.ts';
import { definiteProblem, type Answer } from './idempotency.ts';

type Schemas = components['schemas'];
export type PaymentAnswer = Answer<Schemas['OrderPlaced'] | Schemas['ActionRequired'] | Schemas['PaymentConfirmation']>;

/** Verified paid: the order new with the payment's facts, the record flagged, the session's basket empty. */
async function settlePaid(ctx: AppContext, shopper: Shopper, pending: PendingPayment): Promise<Schemas['OrderPlaced']> {
  const card = pending.card;
  await updateOrder(ctx, shopper, pending.orderNo, {
    status: 'new',
    c_stripe_status: 'succeeded',
    c_payment_type: pending.paymentType,
    ...(card
      ? {
          c_cardType: card.brand,
          c_last4: card.last4,
          c_SNP_OMS_expirationDate: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`,
        }
      : {}),
    ...(pending.stripeCustomerId ? { c_SNP_OMS_stripeCustomerId: pending.stripeCustomerId } : {}),
    ...(pending.paymentMethodId ? { c_SNP_OMS_paymentMethodToken: pending.paymentMethodId } : {}),
  });
  await flagOrderForUpdate(ctx, shopper, pending.orderNo);
  recordOrdered(shopper, pending);
  delete shopper.session.pendingPayment;
  shopper.session.basketItemCount = 0;
  if (card) shopper.session.lastCard = { orderNo: pending.orderNo, ...card };
  else delete shopper.session.lastCard;
  return { outcome: 'orderPlaced', orderNo: pending.orderNo, status: 'new' };
}

/** The answer of a verified result: paid → settled (201); a redirect to follow → 202; still processing → 200. */
export async function settle(
  ctx: AppContext,
  shopper: Shopper,
  pending: PendingPayment,
  result: PaymentResult,
): Promise<PaymentAnswer> {
  switch (result.status) {
    case 'paid':
      return { status: 201, body: await settlePaid(ctx, shopper, pending) };
    case 'actionRequired':
      return {
        status: 202,
        body: {
          outcome: 'actionRequired',
          actionType: result.actionType,
          orderNo: pending.orderNo,
          ...(result.redirectUrl ? { redirectUrl: result.redirectUrl } : {}),
          ...(result.adyen ? { adyen: result.adyen } : {}),
        },
      };
    case 'processing':
      return { status: 200, body: { outcome: 'pending', orderNo: pending.orderNo, status: 'created' } };
  }
}

/**
 * A payment that did not go through: the order marked failed (c_stripe_status error, the
 * customer's name), the basket given back, and the payment problem as the attempt's definite
 * answer (nothing was charged).
 */
export async function settleFailed(
  ctx: AppContext,
  shopper: Shopper,
  orderNo: string,
  failure: unknown,
): Promise<AppError> {
  const pending = shopper.session.pendingPayment;
  const paymentType = pending?.orderNo === orderNo ? pending.paymentType : undefined;
  const problem = forPaymentMethod(asPaymentProblem(failure), paymentType);
  if (!(failure instanceof AppError)) shopper.log.error({ err: failure, orderNo }, 'payment failed unexpectedly');
  const order = await readOrder(ctx, shopper, orderNo).catch(() => null);
  await failOrder(ctx, shopper, orderNo, order?.customerInfo?.customerName ?? order?.customerName).catch(
    (error: unknown) => shopper.log.error({ err: error, orderNo }, 'marking the order failed did not work'),
  );
  if (order) await restoreFromOrder(ctx, shopper, order);
  delete shopper.session.pendingPayment;
  return definiteProblem(problem);
}
