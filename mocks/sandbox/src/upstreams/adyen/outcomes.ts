/**
 * How the Adyen stand-in ends a payment: authorised once (one charge in the ledger, the card stored
 * when asked for: `storePaymentMethod` with a `shopperReference`, never without one) or refused with Adyen's refusal reason and code. A wallet payment's card is
 * stored as that wallet's (`type` googlepay or applepay, the card's brand and last four), to be paid
 * later by its storedPaymentMethodId as a card token payment (`type: scheme`: GooglePayDetails and
 * ApplePayDetails require the wallet's token, which a merchant-initiated payment does not have).
 */
import { randomDigits } from '../card-providers.ts';
import { store, type Payment, type StoredCard } from './store.ts';
import { WALLET_NAMES } from './wallet.ts';

/** Authorises a payment once: one charge in the ledger, and the card stored when asked for. */
export function authorise(payment: Payment, nowMs: number): void {
  payment.resultCode = 'Authorised';
  if (!store.ledger.some((charge) => charge.pspReference === payment.pspReference)) {
    // A technical cancel or a reversal that came first (reversals.ts) holds: cancelled as it is made.
    const cancelled = store.cancelledReferences.has(`${payment.merchantAccount}/${payment.merchantReference}`);
    const reversed = store.reversedPayments.has(payment.pspReference);
    store.ledger.push({
      pspReference: payment.pspReference,
      merchantReference: payment.merchantReference,
      amount: { ...payment.amount },
      atMs: nowMs,
      ...(cancelled || reversed
        ? { reversed: { how: cancelled ? ('technical-cancel' as const) : ('cancel-or-refund' as const), atMs: nowMs } }
        : {}),
    });
  }
  if (payment.storePaymentMethod && payment.shopperReference && payment.card && !payment.storedPaymentMethodId) {
    const card = payment.card;
    const type = payment.wallet ?? 'scheme';
    const existing = [...store.storedCards.values()].find(
      (s) =>
        s.number === card.number &&
        s.resource.type === type &&
        s.merchantAccount === payment.merchantAccount &&
        s.resource.shopperReference === payment.shopperReference &&
        s.resource.expiryMonth === card.expiryMonth &&
        s.resource.expiryYear === card.expiryYear,
    );
    if (existing) {
      payment.storedPaymentMethodId = existing.resource.id ?? '';
      payment.tokenization = 'alreadyExisting';
    } else {
      const id = randomDigits(16).replace(/^0/, '8');
      const stored: StoredCard = {
        merchantAccount: payment.merchantAccount,
        number: card.number,
        resource: {
          id,
          type,
          name: payment.wallet
            ? WALLET_NAMES[payment.wallet]
            : card.brand === 'mc'
              ? 'MasterCard'
              : card.brand.toUpperCase(),
          brand: card.brand,
          lastFour: card.last4,
          expiryMonth: card.expiryMonth,
          expiryYear: card.expiryYear,
          ...(card.holderName ? { holderName: card.holderName } : {}),
          ...(payment.shopperEmail ? { shopperEmail: payment.shopperEmail } : {}),
          shopperReference: payment.shopperReference,
          supportedRecurringProcessingModels: ['CardOnFile', 'Subscription', 'UnscheduledCardOnFile'],
        },
      };
      store.storedCards.set(id, stored);
      payment.storedPaymentMethodId = id;
      payment.tokenization = 'created';
    }
  }
}

export function refuse(payment: Payment, reason: string, code: string): void {
  payment.resultCode = 'Refused';
  payment.refusalReason = reason;
  payment.refusalReasonCode = code;
}
