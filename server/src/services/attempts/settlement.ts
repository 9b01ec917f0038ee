/**
 * Settling an order once its payment is known (storefront §4 "On payment"): verified paid → the
 * order becomes new with c_stripe_status succeeded, the card's facts and the provider's
 * references, and its order-management record is flagged; failed → the order becomes failed with
 * c_stripe_status error and the same basket comes back, so the shopper can try again. A paid order
 * the platform does not take is never left charged (paidNotSettled).
 */
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { PendingPayment } from '../../session.ts';
import { flagOrderForUpdate } from '../../upstream/som.ts';
import { restoreFromOrder } from '../../upstream/commerce/baskets.ts';
import { recordOrdered } from '../checkout/checkout-control.ts';
import { failOrder, failureName, readOrder, updateOrder, type CommerceOrder } from '../../upstream/commerce/orders.ts';
import { mayHoldPayment } from '../../../../domain/order-attempt.ts';
import { orderSystemPaymentType, paymentMethodType } from '../../../../domain/payment-method.ts';
import { orderBankFields } from '../payments/bank-fields.ts';
import { asPaymentProblem, forPaymentMethod } from '../payments/payment-problems.ts';
import { OutcomeUnknown } from '../payments/uncertain.ts';
import { paymentProvider } from '../payments/providers.ts';
import type { PaymentResult } from '../payments/provider.ts';
import type { Shopper } from '../identity/shopper.ts';
import { definiteProblem, type Answer } from '../checkout/idempotency.ts';

type Schemas = components['schemas'];
export type PaymentAnswer = Answer<Schemas['OrderPlaced'] | Schemas['ActionRequired'] | Schemas['PaymentConfirmation']>;

/** Verified paid: the order new with the payment's facts, the record flagged, the session's basket empty. */
async function settlePaid(ctx: AppContext, shopper: Shopper, pending: PendingPayment): Promise<Schemas['OrderPlaced']> {
  await writeOrderPaid(ctx, shopper, pending);
  return placedInSession(ctx, shopper, pending);
}

/**
 * The order written new with the storefront §3 fields gathered at its creation (createOrder considers
 * the basket id only) and the payment's facts (storefront §4 "On payment"): the card's, or a bank
 * debit's account (bank-fields.ts), and the method kept for the renewals (the SEPA Direct Debit method
 * an iDEAL or Bancontact set-up generated, completed first when nothing told it yet, issue 31); the
 * reconciler places with it too.
 */
export async function writeOrderPaid(ctx: AppContext, shopper: Shopper, pending: PendingPayment): Promise<void> {
  await paymentProvider(pending.provider).completeStoredMethod?.(ctx, pending);
  const card = pending.card;
  const paymentType = paymentMethodType(pending.paymentType);
  await updateOrder(ctx, shopper, pending.orderNo, {
    ...pending.orderFields,
    status: 'new',
    c_stripe_status: 'succeeded',
    ...(paymentType ? { c_payment_type: orderSystemPaymentType(paymentType) } : {}),
    ...(card ? { c_cardType: card.brand, c_last4: card.last4, ...expirationDateOf(card) } : {}),
    ...(pending.bank ? orderBankFields(pending.paymentType, pending.bank) : {}),
    ...(pending.stripeCustomerId ? { c_SNP_OMS_stripeCustomerId: pending.stripeCustomerId } : {}),
    ...storedMethodFields(pending),
  });
}

/**
 * The card's expiry as the order carries it (MM/YYYY); none when the provider did not tell it (Adyen
 * tells a card's expiry only where the merchant account's additional data includes it): never "00/0".
 */
const expirationDateOf = (card: { expMonth: number; expYear: number }) =>
  card.expMonth >= 1 && card.expMonth <= 12 && card.expYear > 0
    ? { c_SNP_OMS_expirationDate: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}` }
    : {};

/**
 * The method the payment stored for the renewals, written on the order whatever its status (custom
 * attributes only): Adyen's RECURRING_CONTRACT webhook telling the token (issue 31).
 */
export async function writeOrderStoredMethod(
  ctx: AppContext,
  shopper: Shopper,
  orderNo: string,
  pending: Pick<PendingPayment, 'paymentMethodId' | 'shopperReference'>,
): Promise<void> {
  await updateOrder(ctx, shopper, orderNo, storedMethodFields(pending));
}

/**
 * The method the payment stored for the renewals, as the order carries it (storefront §3
 * c_SNP_OMS_paymentMethodToken; Adyen's shopperReference beside it, decision 020).
 */
export const storedMethodFields = (pending: Pick<PendingPayment, 'paymentMethodId' | 'shopperReference'>) => ({
  ...(pending.paymentMethodId ? { c_SNP_OMS_paymentMethodToken: pending.paymentMethodId } : {}),
  ...(pending.shopperReference ? { c_SNP_OMS_adyenShopperReference: pending.shopperReference } : {}),
});

/** A placed order's record flagged and the session's side: the checkout control, the card, nothing in flight. */
async function placedInSession(
  ctx: AppContext,
  shopper: Shopper,
  pending: PendingPayment,
): Promise<Schemas['OrderPlaced']> {
  await ctx.attempts.record(pending.attempt, 'placed');
  await flagOrderForUpdate(ctx, shopper, pending.orderNo);
  const card = pending.card;
  recordOrdered(shopper, pending);
  delete shopper.session.pendingPayment;
  shopper.session.basketItemCount = 0;
  if (card) shopper.session.lastCard = { orderNo: pending.orderNo, ...card };
  else delete shopper.session.lastCard;
  return { outcome: 'orderPlaced', orderNo: pending.orderNo, status: 'new' };
}

/** The order as the platform holds it now; null when it cannot be read. */
const orderNow = (ctx: AppContext, shopper: Shopper, orderNo: string) =>
  readOrder(ctx, shopper, orderNo).catch(() => null);

const isPlaced = (order: { status?: string } | null) => order?.status === 'new' || order?.status === 'completed';

/**
 * Paid, but the order could not be written new (issue 17: never a charge without an order). The
 * update may have been done with only its answer lost: the order is read back. Otherwise it is
 * failed, and once it is, the payment is reversed and the basket comes back (the order can no
 * longer become new: a failed order only goes back to created). When the platform takes neither
 * write, the payment stays in flight, marked paid, and the confirmation page settles it when it
 * asks again (order-confirmation.ts); a late update that lands in between placed it already.
 */
async function paidNotSettled(
  ctx: AppContext,
  shopper: Shopper,
  pending: PendingPayment,
  failure: unknown,
): Promise<PaymentAnswer> {
  const { orderNo } = pending;
  shopper.log.error({ err: failure, orderNo }, 'paid order not settled: reading it back');
  const order = await orderNow(ctx, shopper, orderNo);
  if (isPlaced(order)) return { status: 201, body: await placedInSession(ctx, shopper, pending) };
  if (await failAndGiveBack(ctx, shopper, orderNo, order, { restore: 'whenFailed', fields: pending.orderFields })) {
    // Fail before reversing: the order is failed, so the payment goes back.
    await ctx.attempts.record(pending.attempt, 'failing', { charged: true });
    await giveBack(ctx, shopper, pending, true);
    delete shopper.session.pendingPayment;
    throw definiteProblem(forPaymentMethod(asPaymentProblem(failure), pending.paymentType));
  }
  if (isPlaced(await orderNow(ctx, shopper, orderNo)))
    return { status: 201, body: await placedInSession(ctx, shopper, pending) };
  // The journal stays `paid`: the reconciler places it once it rested past its horizon (issue 29).
  shopper.log.error({ orderNo }, 'paid order left in created: the confirmation or the reconciler settles it');
  shopper.session.pendingPayment = { ...pending, paid: true };
  return { status: 200, body: { outcome: 'pending', orderNo, status: 'created' } };
}

/**
 * The confirmation's second chance for a paid order the checkout could not settle (paidNotSettled),
 * read as still created: settled now when the platform takes the update (an update that landed late
 * in between is the same status again); false while it does not.
 */
export async function settleLeftPaid(ctx: AppContext, shopper: Shopper, orderNo: string): Promise<boolean> {
  const pending = shopper.session.pendingPayment;
  if (!pending?.paid || pending.orderNo !== orderNo) return false;
  const placed = await settlePaid(ctx, shopper, pending).catch((error: unknown) => {
    shopper.log.warn({ err: error, orderNo }, 'paid order still not settled');
    return null;
  });
  if (!placed) return false;
  await shopper.persist();
  return true;
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
      await ctx.attempts.record(pending.attempt, 'paid', { pending });
      try {
        return { status: 201, body: await settlePaid(ctx, shopper, pending) };
      } catch (failure) {
        return paidNotSettled(ctx, shopper, pending, failure);
      }
    case 'actionRequired':
      await ctx.attempts.record(pending.attempt, 'awaitingShopper', { pending });
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
      await ctx.attempts.record(pending.attempt, 'awaitingShopper', { pending });
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
  const pending = shopper.session.pendingPayment?.orderNo === orderNo ? shopper.session.pendingPayment : undefined;
  const problem = forPaymentMethod(asPaymentProblem(failure), pending?.paymentType);
  if (!(failure instanceof AppError)) shopper.log.error({ err: failure, orderNo }, 'payment failed unexpectedly');
  // The provider may hold money unless it refused: an authorisation given (a billing mismatch after
  // it), or an answer lost, is given back once the order is failed (issue 29).
  const before = pending?.attempt ? await ctx.attempts.get(pending.attempt) : undefined;
  const refusedOutright = failure instanceof AppError && failure.status < 500 && !(failure instanceof OutcomeUnknown);
  const charged = before
    ? before.state === 'paid' || before.authorised === true || (before.charged === true && !refusedOutright)
    : false;
  await ctx.attempts.record(pending?.attempt, 'failing', { charged });
  const order = await readOrder(ctx, shopper, orderNo).catch(() => null);
  // The basket comes back at once, even when the platform takes no write now: the reconciler fails the order later.
  const failed = await failAndGiveBack(ctx, shopper, orderNo, order, {
    restore: 'always',
    fields: pending?.orderFields,
  });
  if (failed && pending) await giveBack(ctx, shopper, pending, charged);
  delete shopper.session.pendingPayment;
  return definiteProblem(problem);
}

/** The customer's name as the order carries it (failing an order writes it, storefront §4). */
export const customerNameOf = (order: CommerceOrder | null | undefined, fallback?: string): unknown =>
  order?.customerInfo?.customerName ?? order?.customerName ?? fallback;

/**
 * Fail the order and give its basket back, written once (issue 29; storefront §4 "On payment":
 * failed → the order failed with c_stripe_status error and the customer's name, the same basket
 * back). True once the order is failed; false when the platform took no write (logged: the
 * attempt's reconciler tries again). The basket is restored from the order `whenFailed`, `always`
 * (the shopper's own request: they may pay again at once, the reconciler fails the order later), or
 * `never` (the renewal page's abandoned order, storefront §4 "Renewal page load").
 */
export async function failAndGiveBack(
  ctx: AppContext,
  shopper: Shopper,
  orderNo: string,
  order: CommerceOrder | null,
  options: {
    restore: 'whenFailed' | 'always' | 'never';
    customerName?: string | undefined;
    /** The storefront §3 fields gathered at the order's creation (PendingPayment.orderFields), written with the failure. */
    fields?: PendingPayment['orderFields'];
  },
): Promise<boolean> {
  const name = failureName(order, customerNameOf(order, options.customerName));
  const failed = await failOrder(ctx, shopper, orderNo, { ...options.fields, ...name }).then(
    () => true,
    (error: unknown) => {
      shopper.log.error({ err: error, orderNo }, 'marking the order failed did not work: the reconciler retries');
      return false;
    },
  );
  const restore = options.restore === 'always' || (options.restore === 'whenFailed' && failed);
  if (order && restore) await restoreFromOrder(ctx, shopper, order);
  return failed;
}

/**
 * Storefront §4 "Renewal page load": an order stored from an earlier attempt and still created is
 * marked failed with the customer's name. When its attempt may have had the provider act (a 3-D
 * Secure page left open), the payment is given back too (issue 29: never a charge without an order).
 */
export async function failAbandonedOrder(ctx: AppContext, shopper: Shopper, orderNo: string): Promise<void> {
  const order = await readOrder(ctx, shopper, orderNo);
  if (order?.status !== 'created') return;
  const attempt = await ctx.attempts.find(orderNo);
  const charged = attempt ? mayHoldPayment(attempt.state) || attempt.charged === true : false;
  if (attempt) await ctx.attempts.record(attempt.id, 'failing', { charged });
  if (
    !(await failAndGiveBack(ctx, shopper, orderNo, order, { restore: 'never', fields: attempt?.pending?.orderFields }))
  )
    return;
  if (attempt?.pending) await giveBack(ctx, shopper, attempt.pending, charged);
  else if (attempt) await ctx.attempts.record(attempt.id, charged ? 'reversing' : 'failed');
}

/**
 * The order is failed: the attempt ends `failed`, or, when the provider may hold money, the payment
 * is reversed now (the reconciler sends it again with backoff when it cannot be sent).
 */
async function giveBack(ctx: AppContext, shopper: Shopper, pending: PendingPayment, charged: boolean): Promise<void> {
  const record = await ctx.attempts.record(pending.attempt, charged ? 'reversing' : 'failed');
  if (!charged) return;
  // The session's copy is the freshest (the provider wrote its references there); the journal's may add a webhook's.
  const sent = await sendReversal(ctx, shopper, { ...record?.pending, ...pending });
  if (sent) await ctx.attempts.record(pending.attempt, sent);
}

/**
 * Sends the reversal of what the provider may hold for the payment (with the attempt's derived
 * idempotency key, so sending it again is harmless); the state it leaves the attempt in, undefined
 * when it could not be sent. Stripe's cancel or detach is done when answered; Adyen's reversal is
 * done when its webhook says so (`reversalSent` until then).
 */
export async function sendReversal(
  ctx: AppContext,
  shopper: Shopper,
  pending: PendingPayment,
): Promise<'reversed' | 'reversalSent' | undefined> {
  if (!(await paymentProvider(pending.provider).reverse(ctx, shopper, pending))) return undefined;
  return pending.provider === 'stripe' ? 'reversed' : 'reversalSent';
}
