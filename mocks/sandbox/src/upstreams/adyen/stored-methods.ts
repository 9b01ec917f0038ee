/**
 * The Adyen stand-in's tokens (docs.adyen.com/online-payments/tokenization): a payment with a stored
 * method's id names the shopper and flags the transaction (recurringProcessingModel,
 * shopperInteraction and the shopperReference the method was stored under; an unknown id, or one of
 * another shopper, is Adyen's 800 Contract not found), and a merchant-initiated one (a renewal:
 * ContAuth with Subscription or UnscheduledCardOnFile) has no shopper to authenticate. The shopper's
 * stored methods are listed and deleted with /storedPaymentMethods.
 */
import type { Router } from 'express';
import type { components } from '../../../../../generated/adyen/types.ts';
import type { CardSource } from './card-payment.ts';
import { checkMerchant, invalid } from './errors.ts';
import type { idempotent } from './idempotent.ts';
import { store, type Payment } from './store.ts';
import { isWallet } from './wallet.ts';

/** What a token payment's request says of the shopper and the transaction. */
type TokenFlags = Pick<
  components['schemas']['PaymentRequest'],
  'shopperReference' | 'recurringProcessingModel' | 'shopperInteraction'
>;
type ListStoredPaymentMethodsResponse = components['schemas']['ListStoredPaymentMethodsResponse'];

/**
 * The card a stored method's id stands for, once the request names the shopper it was stored under
 * and flags the transaction; the payment records the token (and stores nothing new).
 */
export function storedCardSource(
  body: TokenFlags,
  storedPaymentMethodId: string,
  holderName: string | undefined,
  payment: Payment,
): CardSource {
  if (!body.shopperReference) throw invalid('702', "Required field 'shopperReference' is not provided.");
  if (!body.recurringProcessingModel)
    throw invalid('702', "Required field 'recurringProcessingModel' is not provided.");
  if (!body.shopperInteraction) throw invalid('702', "Required field 'shopperInteraction' is not provided.");
  const stored = store.storedCards.get(storedPaymentMethodId);
  if (
    !stored ||
    stored.merchantAccount !== payment.merchantAccount ||
    stored.resource.shopperReference !== body.shopperReference
  )
    throw invalid('800', 'Contract not found');
  payment.storedPaymentMethodId = stored.resource.id ?? storedPaymentMethodId;
  payment.storePaymentMethod = false;
  // A card stored by a wallet payment stays that wallet's card (variant, no 3-D Secure).
  if (isWallet(stored.resource.type)) payment.wallet = stored.resource.type;
  return {
    number: stored.number,
    expiryMonth: stored.resource.expiryMonth ?? '12',
    expiryYear: stored.resource.expiryYear ?? '2030',
    holderName,
  };
}

/**
 * A merchant-initiated payment with a token: the renewal the order-management system makes without
 * the shopper (ContAuth, a Subscription or an unscheduled card-on-file payment). The payment that
 * stored the token was authenticated; this one asks for no 3-D Secure.
 */
export const isMerchantInitiated = (body: TokenFlags, payment: Payment): boolean =>
  payment.storedPaymentMethodId !== undefined &&
  body.shopperInteraction === 'ContAuth' &&
  (body.recurringProcessingModel === 'Subscription' || body.recurringProcessingModel === 'UnscheduledCardOnFile');

const queryString = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** GET and DELETE /storedPaymentMethods: a shopper's tokens, by merchant account and shopperReference. */
export function mountStoredMethods(api: Router, run: ReturnType<typeof idempotent>): void {
  api.get(
    '/storedPaymentMethods',
    run((req) => {
      const merchantAccount = checkMerchant(queryString(req.query.merchantAccount));
      const shopperReference = queryString(req.query.shopperReference);
      if (!shopperReference) throw invalid('702', "Required field 'shopperReference' is not provided.");
      const response: ListStoredPaymentMethodsResponse = {
        merchantAccount,
        shopperReference,
        storedPaymentMethods: [...store.storedCards.values()]
          .filter(
            (card) => card.merchantAccount === merchantAccount && card.resource.shopperReference === shopperReference,
          )
          .map((card) => structuredClone(card.resource)),
      };
      return { body: response };
    }),
  );

  api.delete(
    '/storedPaymentMethods/:storedPaymentMethodId',
    run((req) => {
      const merchantAccount = checkMerchant(queryString(req.query.merchantAccount));
      const shopperReference = queryString(req.query.shopperReference);
      if (!shopperReference) throw invalid('702', "Required field 'shopperReference' is not provided.");
      const id = String(req.params.storedPaymentMethodId);
      const stored = store.storedCards.get(id);
      if (
        !stored ||
        stored.merchantAccount !== merchantAccount ||
        stored.resource.shopperReference !== shopperReference
      )
        throw invalid('800', 'Contract not found');
      store.storedCards.delete(id);
      return { status: 204 };
    }),
  );
}
