/**
 * Stripe's reverse (issue 29): what the checkout's SetupIntent holds for a failed order, given back.
 */
import type { AppContext } from '../../context.ts';
import * as stripe from '../../upstream/stripe.ts';
import type { PendingPayment } from '../../session.ts';
import type { Shopper } from '../identity/shopper.ts';
import { generatedSepaOf, readSetupExpanded } from './stripe-bank.ts';

type Log = Shopper['log'];

/** Stripe's error code of a refusal (`{ error: { code } }`), when it has one. */
const errorCode = (error: unknown) => (error as { error?: { code?: string } } | undefined)?.error?.code;

/**
 * Gives back what the checkout's SetupIntent holds for a failed order, as Stripe documents it
 * (issue 29): a SetupIntent not yet succeeded is canceled
 * (https://docs.stripe.com/api/setup_intents/cancel); a succeeded one has the payment method it
 * attached detached (https://docs.stripe.com/api/payment_methods/detach), so no renewal ever
 * charges it. True once Stripe took the request, or when there is nothing to give back; false when
 * it could not be sent (the order attempt's reconciler sends it again). A SetupIntent that names
 * another order (confirmed again for the next attempt, nameOrder) is that order's, not this one's.
 */
export async function giveBackSetup(ctx: AppContext, log: Log, pending: PendingPayment): Promise<boolean> {
  // The SetupIntent's answer was lost: the method, if the setup attached it, is detached all the same.
  if (!pending.setupIntentId) return detach(ctx, log, pending, pending.paymentMethodId);
  // A second read when the intent succeeded between the read and the cancel (the shopper's challenge).
  for (let read = 0; read < 2; read += 1) {
    const { data, error, response } = await readSetupExpanded(ctx, pending.setupIntentId);
    if (response.status === 404 && errorCode(error) === 'resource_missing') {
      log.warn('the SetupIntent is unknown to Stripe: nothing to give back');
      return true;
    }
    if (!data || typeof data.status !== 'string') {
      log.error({ status: response.status }, 'SetupIntent not readable: reversal not sent');
      return false;
    }
    const named = data.metadata?.orderNo;
    if (named && named !== pending.orderNo) {
      log.info({ namedOrder: named }, 'the SetupIntent pays another order now: nothing of this order to give back');
      return true;
    }
    switch (data.status) {
      case 'canceled':
        return true;
      case 'succeeded':
        // An iDEAL or Bancontact set-up attached the SEPA Direct Debit method it generated (issue 31).
        return detach(ctx, log, pending, data.payment_method ?? undefined, generatedSepaOf(data)?.token);
      case 'processing':
        // A bank debit being set up can be neither canceled nor detached yet: asked again later.
        log.warn('the SetupIntent is still processing: given back once it ends');
        return false;
    }
    const canceled = await stripe.cancelSetupIntent(
      ctx,
      pending.setupIntentId,
      { cancellation_reason: 'abandoned' },
      `${pending.key}-cancel`,
    );
    if (canceled.data) {
      log.info('SetupIntent of the failed order canceled');
      return true;
    }
    if (errorCode(canceled.error) !== 'setup_intent_unexpected_state') {
      log.error({ status: canceled.response.status }, 'SetupIntent cancel refused: reversal not done');
      return false;
    }
  }
  return false;
}

/**
 * Detaches the payment method this order's setup attached: the SEPA Direct Debit method an iDEAL or
 * Bancontact set-up generated (`generated`), else the set-up's own. The account's saved card paying
 * the order was attached long before it and stays (storefront §6; account §1, one saved method); so
 * does a method other than the one this attempt set up.
 */
async function detach(
  ctx: AppContext,
  log: Log,
  pending: PendingPayment,
  intentMethod: string | undefined,
  generated?: string,
) {
  const methodId = generated ?? intentMethod;
  if (!methodId) return true;
  if (pending.savedCard) {
    log.info('the account’s saved card paid: it stays saved');
    return true;
  }
  // The order's method is the one it set up, or (once read back) the SEPA method that set-up generated.
  if (pending.paymentMethodId && pending.paymentMethodId !== intentMethod && pending.paymentMethodId !== generated) {
    log.warn({ paymentMethod: methodId }, 'the SetupIntent holds another payment method than this order’s: kept');
    return true;
  }
  const { data, error, response } = await stripe.detachPaymentMethod(ctx, methodId, `${pending.key}-detach`);
  // Never attached (the setup did not succeed), already detached, or unknown: nothing saved to give back.
  const code = errorCode(error);
  if (data || code === 'payment_method_unexpected_state' || code === 'resource_missing') {
    log.info({ paymentMethod: methodId, detached: Boolean(data) }, 'payment method of the failed order given back');
    return true;
  }
  log.error({ paymentMethod: methodId, status: response.status }, 'payment method detach refused: reversal not done');
  return false;
}
