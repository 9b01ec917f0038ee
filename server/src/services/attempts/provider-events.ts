/**
 * What the payment providers tell the shop asynchronously (issue 29), once their webhook was
 * verified: Adyen's notification items and Stripe's events, reduced to the facts the order attempt
 * acts on. routes/webhooks/ verifies and parses; the attempt's owner (services/attempts/) acts:
 * a redelivered event changes nothing.
 */

/** Adyen's modifications that give a payment back (docs.adyen.com/development-resources/webhooks/webhook-types). */
export type AdyenReversalCode = 'CANCELLATION' | 'TECHNICAL_CANCEL' | 'CANCEL_OR_REFUND' | 'REFUND';

export type ProviderEvent =
  | {
      provider: 'adyen';
      kind: 'authorisation';
      /** A stable id of the event (Adyen: eventCode, pspReference and success), for deduplication. */
      eventId: string;
      /** merchantReference: the shop's order number. */
      reference: string;
      pspReference: string;
      success: boolean;
      reason?: string;
    }
  | {
      provider: 'adyen';
      kind: 'reversal';
      eventId: string;
      code: AdyenReversalCode;
      /** merchantReference: the order number the payment was made for (the cancel's paymentReference). */
      reference: string;
      /** The payment's pspReference (originalReference), when Adyen names it. */
      originalReference?: string;
      /** The modification's own pspReference. */
      pspReference: string;
      success: boolean;
    }
  | {
      provider: 'adyen';
      kind: 'recurringContract';
      eventId: string;
      reference: string;
      shopperReference?: string;
      /** The stored method's id (Adyen names it pspReference of the RECURRING_CONTRACT item). */
      storedPaymentMethodId: string;
      success: boolean;
    }
  | {
      provider: 'stripe';
      kind: 'setupIntent';
      /** Stripe's event id (evt_…). */
      eventId: string;
      /** The SetupIntent's id (seti_…). */
      id: string;
      /** From the event type: setup_intent.succeeded, .setup_failed, .canceled, .requires_action. */
      outcome: 'succeeded' | 'failed' | 'canceled' | 'requires_action';
      paymentMethod?: string;
      /** metadata.orderNo, when the intent was made for an order. */
      orderNo?: string;
    }
  | {
      provider: 'stripe';
      kind: 'paymentIntent';
      eventId: string;
      id: string;
      /** From the event type: payment_intent.succeeded, .payment_failed, .canceled, .processing. */
      outcome: 'succeeded' | 'failed' | 'canceled' | 'processing';
      orderNo?: string;
    };

/** Where verified provider events go: the order attempts' owner. */
export interface ProviderEventSink {
  /** Acts on one verified event; resolves once it is recorded. A redelivered event changes nothing. */
  providerEvent(event: ProviderEvent): Promise<void>;
}
