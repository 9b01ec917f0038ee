/**
 * Giving back what an Adyen payment may have charged, when the shop cannot end it with a paid order
 * (issue 17: never a charge without an order). With the payment's pspReference, a reversal
 * (`/payments/{pspReference}/reversals`: cancelled when not captured yet, refunded when captured,
 * always in full, docs.adyen.com/online-payments/reversal); without it (the answer of `/payments`
 * was lost), a technical cancel by the shop's own reference, the order number
 * (`/cancels`, docs.adyen.com/online-payments/cancel). Adyen tells the outcome later in a webhook;
 * its 201 `received` is all the proxy waits for. A reversal that cannot be sent is logged at error
 * level with the order and the references; for an order, the attempt's reconciler sends it again (issue 29).
 */
import type { AppContext } from '../../context.ts';
import * as adyen from '../../upstream/adyen.ts';
import type { Shopper } from '../identity/shopper.ts';
import { knownOutcome } from './uncertain.ts';

export interface AdyenCharge {
  /** The payment's pspReference, when an answer named it. */
  pspReference?: string | undefined;
  /** The shop's reference of the payment (the order number, or the account saving's reference). */
  reference: string;
  /** The attempt's Idempotency-Key, from which the reversal's own key is derived. */
  key: string;
}

/** Reverses a payment that may have been charged; true once Adyen received the request. Never throws. */
export async function reverseAdyenPayment(ctx: AppContext, log: Shopper['log'], charge: AdyenCharge): Promise<boolean> {
  const merchantAccount = ctx.config.credentials.adyen.merchantAccount;
  const received = (data: { status?: unknown }) => data.status === 'received';
  try {
    const answer = charge.pspReference
      ? await knownOutcome(
          () =>
            adyen.reversePayment(
              ctx,
              charge.pspReference!,
              { merchantAccount, reference: `${charge.reference}-reversal` },
              `${charge.key}-reversal`,
            ),
          received,
        )
      : await knownOutcome(
          () =>
            adyen.cancel(
              ctx,
              { merchantAccount, paymentReference: charge.reference, reference: `${charge.reference}-cancel` },
              `${charge.key}-cancel`,
            ),
          received,
        );
    if (answer.data) {
      log.warn(
        { orderNo: charge.reference, pspReference: charge.pspReference, reversal: answer.data.pspReference },
        'payment reversed: the order could not be paid',
      );
      return true;
    }
    log.error(
      { orderNo: charge.reference, pspReference: charge.pspReference, status: answer.response.status },
      'payment reversal refused',
    );
  } catch (error) {
    log.error(
      { err: error, orderNo: charge.reference, pspReference: charge.pspReference },
      'payment reversal not sent',
    );
  }
  return false;
}
