/**
 * The Adyen stand-in's state: payments by pspReference, redirect results handed out by the
 * challenge, bank and issuer pages, stored payment methods per shopper and merchant account, the
 * Google Pay and Apple Pay tokens the wallet control issued, idempotent responses and the ledger of
 * charges (authorised payments, and whether they were reversed). `resetAdyenStore` puts it back to the
 * seed: alex's stored Visa ending 4242, expiring 12/2030.
 */
import type { components } from '../../../../../generated/adyen/types.ts';
import { ALEX_SAVED_CARD, CREDENTIALS, SHOPPERS } from '../../seed.ts';

export type PaymentResponse = components['schemas']['PaymentResponse'];
export type PaymentDetailsResponse = components['schemas']['PaymentDetailsResponse'];
export type StoredPaymentMethodResource = components['schemas']['StoredPaymentMethodResource'];
export type Amount = { currency: string; value: number };

/** The wallets whose tokens the stand-in issues and decrypts (GooglePayDetails, ApplePayDetails). */
export type WalletType = 'googlepay' | 'applepay';

/** A wallet token the stand-in issued: the card it stands for, used at most once. */
export interface WalletToken {
  type: WalletType;
  number: string;
  expiryMonth: string;
  expiryYear: string;
  used: boolean;
}

export interface Payment {
  pspReference: string;
  merchantAccount: string;
  merchantReference: string;
  amount: Amount;
  returnUrl: string;
  paymentMethodType: string;
  /** The wallet whose card pays (a wallet token, or a token stored by a wallet payment). */
  wallet?: WalletType;
  /** Card facts for additionalData (cards only). */
  card?: {
    brand: string;
    last4: string;
    bin: string;
    country: string;
    number: string;
    expiryMonth: string;
    expiryYear: string;
    holderName?: string;
  };
  shopperReference?: string;
  shopperEmail?: string;
  storePaymentMethod: boolean;
  recurringProcessingModel?: string;
  /** Ecommerce (a new card) or ContAuth (a returning shopper's stored card). */
  shopperInteraction?: string;
  /**
   * Where the payment stands; `RedirectShopper` (a page) or `ChallengeShopper` (native 3-D Secure 2)
   * until the shopper and /payments/details finish it.
   */
  resultCode: 'Authorised' | 'Refused' | 'RedirectShopper' | 'ChallengeShopper' | 'Error';
  /** What the shopper chose on the page (before /payments/details is called). */
  pageOutcome?: 'complete' | 'fail';
  /** The shopper's action: a GET page (challenge, bank), the POST redirect's issuer page, native 3-D Secure 2. */
  action: 'challenge' | 'bank' | 'issuer' | 'threeDS2' | null;
  /** The POST redirect's data, which the issuer page must receive back. */
  postData?: { MD: string; PaReq: string; TermUrl: string };
  /** The native challenge's authorisationToken, which the threeDSResult must name. */
  authorisationToken?: string;
  refusalReason?: string;
  refusalReasonCode?: string;
  /** The token this payment stored (tokenization) or was paid with (a stored method's payment). */
  storedPaymentMethodId?: string;
  /** What the payment's tokenization did (Adyen's `tokenization.store.operationType`), when it stored one. */
  tokenization?: 'created' | 'alreadyExisting';
  createdAtMs: number;
}

export interface StoredCard {
  resource: StoredPaymentMethodResource;
  merchantAccount: string;
  /** The card number, to decide outcomes of later payments with the token. */
  number: string;
}

export interface IdempotentResponse {
  endpoint: string;
  fingerprint: string;
  status: number;
  body: unknown;
  storedAtMs: number;
}

/** One charge: an authorised payment. Never two for one payment. */
export interface Charge {
  pspReference: string;
  merchantReference: string;
  amount: Amount;
  atMs: number;
  /** Given back: cancelled by the shop's reference (a technical cancel), or cancelled or refunded by pspReference. */
  reversed?: { how: 'technical-cancel' | 'cancel-or-refund'; atMs: number };
}

export interface AdyenStore {
  payments: Map<string, Payment>;
  /** Opaque redirect result -> pspReference. */
  redirectResults: Map<string, string>;
  storedCards: Map<string, StoredCard>;
  /** The key inside each issued wallet token -> what it stands for. */
  walletTokens: Map<string, WalletToken>;
  idempotency: Map<string, IdempotentResponse>;
  ledger: Charge[];
  /** `merchantAccount/reference` of the payments the shop cancelled by its own reference (POST /cancels). */
  cancelledReferences: Set<string>;
  /** pspReferences of the payments the shop reversed, authorised or not yet (POST /payments/{psp}/reversals). */
  reversedPayments: Set<string>;
}

const alex = SHOPPERS.find((s) => s.handle === 'alex')!;

export const ADYEN_SEED = {
  merchantAccount: CREDENTIALS.adyen.merchantAccount,
  alexShopperReference: alex.customerId,
  alexStoredPaymentMethodId: '8316234567890123',
} as const;

export const store: AdyenStore = {
  payments: new Map(),
  redirectResults: new Map(),
  storedCards: new Map(),
  walletTokens: new Map(),
  idempotency: new Map(),
  ledger: [],
  cancelledReferences: new Set(),
  reversedPayments: new Set(),
};

export function resetAdyenStore(): void {
  store.payments.clear();
  store.redirectResults.clear();
  store.storedCards.clear();
  store.walletTokens.clear();
  store.idempotency.clear();
  store.ledger.length = 0;
  store.cancelledReferences.clear();
  store.reversedPayments.clear();
  store.storedCards.set(ADYEN_SEED.alexStoredPaymentMethodId, {
    merchantAccount: ADYEN_SEED.merchantAccount,
    number: '4242424242424242',
    resource: {
      id: ADYEN_SEED.alexStoredPaymentMethodId,
      type: 'scheme',
      name: 'VISA',
      brand: 'visa',
      lastFour: ALEX_SAVED_CARD.last4,
      expiryMonth: String(ALEX_SAVED_CARD.expMonth).padStart(2, '0'),
      expiryYear: String(ALEX_SAVED_CARD.expYear),
      holderName: `${alex.firstName} ${alex.lastName}`,
      shopperEmail: alex.email,
      shopperReference: alex.customerId,
      supportedRecurringProcessingModels: ['CardOnFile', 'Subscription', 'UnscheduledCardOnFile'],
    },
  });
}

resetAdyenStore();

/** Read-only: a payment by pspReference (for server-side verification of a payment). */
export function getPayment(pspReference: string): Readonly<Payment> | undefined {
  const payment = store.payments.get(pspReference);
  return payment ? structuredClone(payment) : undefined;
}

/** Read-only: every charge so far, oldest first (a reversed one says so). */
export function adyenLedger(): Charge[] {
  return structuredClone(store.ledger);
}

/** Sets a stored card's expiry (the expiry control); false when no stored method has that id. */
export function setStoredCardExpiry(id: string, expMonth: number, expYear: number): boolean {
  const stored = store.storedCards.get(id);
  if (!stored || stored.resource.type !== 'scheme') return false;
  stored.resource.expiryMonth = String(expMonth).padStart(2, '0');
  stored.resource.expiryYear = String(expYear);
  return true;
}

/** Read-only: the stored payment methods of a shopper. */
export function getStoredPaymentMethods(shopperReference: string): StoredPaymentMethodResource[] {
  return [...store.storedCards.values()]
    .filter((card) => card.resource.shopperReference === shopperReference)
    .map((card) => structuredClone(card.resource));
}
