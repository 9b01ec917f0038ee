/**
 * The Adyen stand-in's webhooks (issue 29): Adyen's standard notification, one item each, for what
 * the stand-in did: AUTHORISATION (success true or false) when /payments or /payments/details
 * authorises or refuses, RECURRING_CONTRACT when an authorised payment stored its method, and
 * TECHNICAL_CANCEL (`/cancels`) or CANCEL_OR_REFUND (`/payments/{pspReference}/reversals`) for a
 * reversal (docs.adyen.com/development-resources/webhooks/webhook-types). Each item carries
 * `additionalData.hmacSignature`, the Base64 HMAC-SHA256 with the hex-decoded HMAC key of
 * `pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success`
 * (docs.adyen.com/development-resources/webhooks/verify-hmac-signatures); core/webhooks.ts sends it.
 */
import { createHmac } from 'node:crypto';
import type { SandboxContext } from '../../app.ts';
import { CREDENTIALS } from '../../seed.ts';
import { store, type Amount, type Payment } from './store.ts';

export interface NotificationRequestItem {
  additionalData: Record<string, string>;
  amount: Amount;
  eventCode: string;
  eventDate: string;
  merchantAccountCode: string;
  merchantReference: string;
  originalReference?: string;
  paymentMethod?: string;
  pspReference: string;
  reason: string;
  success: 'true' | 'false';
  operations?: string[];
}

type Unsigned = Omit<NotificationRequestItem, 'additionalData' | 'eventDate'> & {
  additionalData?: Record<string, string>;
};

/**
 * The item's signature, as Adyen computes it (an absent value signs as the empty string). Written apart
 * from the shop's verifier (server/src/services/webhooks/adyen-webhook.ts) on purpose: a stand-in that
 * shared the code it is there to test would let a mistake in it pass both sides. Each is held to the
 * same fixed vector from Adyen's libraries instead (notifications.test.ts, adyen-webhook.test.ts).
 */
export function adyenHmacSignature(item: Omit<NotificationRequestItem, 'additionalData'>, hexKey: string): string {
  const signed = [
    item.pspReference,
    item.originalReference ?? '',
    item.merchantAccountCode,
    item.merchantReference,
    String(item.amount.value),
    item.amount.currency,
    item.eventCode,
    item.success,
  ].join(':');
  return createHmac('sha256', Buffer.from(hexKey, 'hex')).update(signed, 'utf8').digest('base64');
}

/** Adyen's eventDate: ISO 8601 with the offset, no fractions (2026-12-01T10:00:00+00:00). */
const eventDate = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** What Adyen names a payment's method in a notification: the card's brand, else the method's type. */
const methodOf = (payment: Payment) => payment.card?.brand ?? payment.paymentMethodType;

export interface AdyenNotifications {
  /** A payment's outcome, when this call authorised or refused it (it was `before` until now). */
  outcome(payment: Payment, before?: Payment['resultCode']): void;
  /** A technical cancel by the merchant's reference (`/cancels`), named by the modification's pspReference. */
  technicalCancel(merchantAccount: string, paymentReference: string, pspReference: string): void;
  /** A cancel-or-refund of a payment (`/payments/{pspReference}/reversals`). */
  cancelOrRefund(payment: Payment, pspReference: string): void;
}

export function adyenNotifications(context: SandboxContext): AdyenNotifications {
  const send = (fields: Unsigned) => {
    const unsigned = { ...fields, eventDate: eventDate(context.clock.nowMs()) };
    const item: NotificationRequestItem = {
      ...unsigned,
      additionalData: {
        ...fields.additionalData,
        hmacSignature: adyenHmacSignature(unsigned, CREDENTIALS.adyen.hmacKey),
      },
    };
    context.webhooks.send({
      provider: 'adyen',
      event: `${item.eventCode} ${item.pspReference} ${item.success}`,
      body: JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: item }] }),
      headers: () => ({ 'user-agent': 'Adyen HttpClient 1.0' }),
    });
  };

  return {
    outcome(payment, before) {
      const { resultCode } = payment;
      if (resultCode === before || (resultCode !== 'Authorised' && resultCode !== 'Refused')) return;
      const authorised = resultCode === 'Authorised';
      const card = payment.card;
      send({
        amount: { ...payment.amount },
        eventCode: 'AUTHORISATION',
        merchantAccountCode: payment.merchantAccount,
        merchantReference: payment.merchantReference,
        paymentMethod: methodOf(payment),
        pspReference: payment.pspReference,
        // Adyen's reason of an authorisation is authCode:last four:expiry; of a refusal, the refusal reason.
        reason: authorised
          ? card
            ? `${payment.pspReference.slice(-6)}:${card.last4}:${card.expiryMonth}/${card.expiryYear}`
            : ''
          : (payment.refusalReason ?? 'Refused'),
        success: authorised ? 'true' : 'false',
        ...(authorised ? { operations: ['CANCEL', 'CAPTURE', 'REFUND'] } : {}),
      });
      // A stored method is told by a RECURRING_CONTRACT whose pspReference is the method's id.
      const stored = payment.storedPaymentMethodId;
      if (authorised && payment.storePaymentMethod && payment.shopperReference && stored)
        send({
          additionalData: {
            'recurring.recurringDetailReference': stored,
            'recurring.shopperReference': payment.shopperReference,
            shopperReference: payment.shopperReference,
          },
          amount: { ...payment.amount },
          eventCode: 'RECURRING_CONTRACT',
          merchantAccountCode: payment.merchantAccount,
          merchantReference: payment.merchantReference,
          originalReference: payment.pspReference,
          paymentMethod: methodOf(payment),
          pspReference: stored,
          reason: '',
          success: 'true',
        });
    },

    technicalCancel(merchantAccount, paymentReference, pspReference) {
      // The payment the reference was made for, when it reached the stand-in (the last one of it).
      const payment = [...store.payments.values()]
        .filter((p) => p.merchantAccount === merchantAccount && p.merchantReference === paymentReference)
        .at(-1);
      send({
        // With no payment (its /payments never arrived), the cancel holds for the reference, for no amount.
        amount: payment ? { ...payment.amount } : { currency: 'EUR', value: 0 },
        eventCode: 'TECHNICAL_CANCEL',
        merchantAccountCode: merchantAccount,
        merchantReference: paymentReference,
        ...(payment ? { originalReference: payment.pspReference, paymentMethod: methodOf(payment) } : {}),
        pspReference,
        reason: '',
        success: 'true',
      });
    },

    cancelOrRefund(payment, pspReference) {
      send({
        // The stand-in never captures: a reversal cancels the authorisation.
        additionalData: { 'modification.action': 'cancel' },
        amount: { ...payment.amount },
        eventCode: 'CANCEL_OR_REFUND',
        merchantAccountCode: payment.merchantAccount,
        merchantReference: payment.merchantReference,
        originalReference: payment.pspReference,
        paymentMethod: methodOf(payment),
        pspReference,
        reason: '',
        success: 'true',
      });
    },
  };
}
