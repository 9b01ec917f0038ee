/**
 * Reversing a payment (Checkout v71 "Modifications"): a technical cancel by the merchant's own
 * reference (`POST /cancels`, for when the answer of `/payments` was lost and its pspReference with
 * it) and a cancel-or-refund by pspReference (`POST /payments/{paymentPspReference}/reversals`).
 * Adyen answers both 201 `received` at once and tells the outcome later in a webhook (TECHNICAL_CANCEL,
 * CANCEL_OR_REFUND: notifications.ts); the stand-in applies them to its ledger straight away. A technical cancel holds for the reference: an
 * authorisation of that reference handled after it (a `/payments` request still on its way when
 * the shop gave up waiting) is cancelled as it is made, never left charged; so is a reversed
 * payment's that was still waiting for 3-D Secure.
 */
import type { Router } from 'express';
import {
  zPostCancelsBody,
  zPostPaymentsPaymentPspReferenceReversalsBody,
} from '../../../../../generated/adyen/zod/zod.gen.ts';
import type { components } from '../../../../../generated/adyen/types.ts';
import { randomDigits } from '../card-providers.ts';
import { checkMerchant, invalid, parse } from './errors.ts';
import type { idempotent } from './idempotent.ts';
import type { AdyenNotifications } from './notifications.ts';
import { store, type Charge } from './store.ts';

type Schemas = components['schemas'];

const modificationReference = () => `SBXM${randomDigits(12)}`;

/** Marks a charge reversed (once: the first reversal stands). */
export function reverseCharge(charge: Charge, how: NonNullable<Charge['reversed']>['how'], atMs: number): void {
  charge.reversed ??= { how, atMs };
}

export function mountReversals(
  api: Router,
  run: ReturnType<typeof idempotent>,
  nowMs: () => number,
  notify: AdyenNotifications,
): void {
  api.post(
    '/cancels',
    run((req) => {
      const body = parse(zPostCancelsBody, req.body);
      const merchantAccount = checkMerchant(body.merchantAccount);
      store.cancelledReferences.add(`${merchantAccount}/${body.paymentReference}`);
      for (const charge of store.ledger) {
        const payment = store.payments.get(charge.pspReference);
        if (charge.merchantReference === body.paymentReference && payment?.merchantAccount === merchantAccount)
          reverseCharge(charge, 'technical-cancel', nowMs());
      }
      const answer: Schemas['StandalonePaymentCancelResponse'] = {
        merchantAccount,
        paymentReference: body.paymentReference,
        pspReference: modificationReference(),
        ...(body.reference ? { reference: body.reference } : {}),
        status: 'received',
      };
      notify.technicalCancel(merchantAccount, body.paymentReference, answer.pspReference);
      return { status: 201, body: answer };
    }),
  );

  api.post(
    '/payments/:paymentPspReference/reversals',
    run((req) => {
      const body = parse(zPostPaymentsPaymentPspReferenceReversalsBody, req.body);
      const merchantAccount = checkMerchant(body.merchantAccount);
      const paymentPspReference = String(req.params.paymentPspReference);
      const payment = store.payments.get(paymentPspReference);
      if (!payment || payment.merchantAccount !== merchantAccount)
        throw invalid('167', 'Original pspReference required for this operation');
      // A payment still waiting for the shopper (3-D Secure) is cancelled too: its authorisation, if it comes, is reversed.
      store.reversedPayments.add(paymentPspReference);
      const charge = store.ledger.find((c) => c.pspReference === paymentPspReference);
      if (charge) reverseCharge(charge, 'cancel-or-refund', nowMs());
      const answer: Schemas['PaymentReversalResponse'] = {
        merchantAccount,
        paymentPspReference,
        pspReference: modificationReference(),
        ...(body.reference ? { reference: body.reference } : {}),
        status: 'received',
      };
      notify.cancelOrRefund(payment, answer.pspReference);
      return { status: 201, body: answer };
    }),
  );
}
