// Saved payment methods in the account area: account §3 (Saved payment method (display): the order system's
// types and the other values seen) and §5 (card expiry).

import type { components } from '../generated/proxy/types.ts';
import { toMillis, type Instant } from './time.ts';

/** The front-end payment types (storefront §3): the contract's PaymentMethodType. */
export type PaymentMethodType = components['schemas']['PaymentMethodType'];

/**
 * The front-end type of a payment type as the order system or a provider writes it (account §3): IDEAL,
 * Credit Card, GooglePay, ApplePay, BANCONTACT, and the other values seen (CREDIT_CARD, card, scheme,
 * apple_pay, google_pay). Undefined for a value that does not name one method.
 */
export function paymentMethodType(value: string | null | undefined): PaymentMethodType | undefined {
  switch ((value ?? '').toLowerCase().replace(/[^a-z]/g, '')) {
    case 'creditcard':
    case 'card':
    case 'scheme':
      return 'CREDIT_CARD';
    case 'ideal':
      return 'IDEAL';
    case 'bancontact':
    case 'bcmc':
      return 'BANCONTACT';
    case 'googlepay':
    case 'paywithgoogle':
      return 'GOOGLE_PAY';
    case 'applepay':
      return 'APPLE_PAY';
    // DigitalWallet (a record type) and sepa_debit (what Stripe saves for iDEAL and Bancontact alike)
    // do not say which method it was: the caller reads the order system's own type instead.
    default:
      return undefined;
  }
}

/** The order system's payment types (storefront §3 "Order-system payment types"; account §3). */
export type OrderSystemPaymentType = 'IDEAL' | 'Credit Card' | 'GooglePay' | 'ApplePay' | 'BANCONTACT';

const ORDER_SYSTEM_TYPES: Readonly<Record<PaymentMethodType, OrderSystemPaymentType>> = {
  CREDIT_CARD: 'Credit Card',
  IDEAL: 'IDEAL',
  BANCONTACT: 'BANCONTACT',
  GOOGLE_PAY: 'GooglePay',
  APPLE_PAY: 'ApplePay',
};

/**
 * A front-end payment type as the order system spells it: what an order's `c_payment_type` and a
 * stored payment record's `SNP_OMS_PaymentType__c` carry (storefront §3, account §3).
 */
export const orderSystemPaymentType = (type: PaymentMethodType): OrderSystemPaymentType => ORDER_SYSTEM_TYPES[type];

export type WalletType = Extract<PaymentMethodType, 'GOOGLE_PAY' | 'APPLE_PAY'>;

/**
 * The wallets a market may offer, in the order the shop lists them: the contract's WalletTypes enum,
 * written out rather than read from the generated zWalletTypes, which would bring Zod to the payment
 * components' shared chunk (payment-method.test.ts holds the list to the enum).
 */
export const WALLET_TYPES: readonly WalletType[] = ['GOOGLE_PAY', 'APPLE_PAY'];

/**
 * The wallet a provider names for a card: Stripe's `card.wallet.type` (google_pay, apple_pay) or
 * Adyen's method type (googlepay, paywithgoogle, applepay). Undefined for a card typed in, or
 * another wallet (Samsung Pay, Masterpass...) that the shop does not offer.
 */
export function walletOf(value: string | null | undefined): WalletType | undefined {
  const type = paymentMethodType(value);
  return type === 'GOOGLE_PAY' || type === 'APPLE_PAY' ? type : undefined;
}

/**
 * The front-end type of a payment method as its provider holds it (storefront §3 front-end
 * payment types): its wallet when it came from one, else its own type (a Stripe `card`, Adyen's
 * `scheme` or `bcmc`, `ideal`, `bancontact`).
 */
export function providerMethodType(method: {
  type: string;
  wallet?: WalletType | undefined;
}): PaymentMethodType | undefined {
  return method.wallet ?? paymentMethodType(method.type);
}

/** A card is expired when its expiry year and month precede the current month (account §5). */
export function isCardExpired(
  expYear: number | null | undefined,
  expMonth: number | null | undefined,
  now: Instant,
): boolean {
  if (!expYear || !expMonth) return false;
  const at = new Date(toMillis(now));
  return expYear * 12 + expMonth < at.getUTCFullYear() * 12 + at.getUTCMonth() + 1;
}
