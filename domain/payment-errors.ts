// Payment errors: storefront §8 "Payment error types" and HTTP mapping, storefront §5 "Card form",
// account §8 (modal entries: generic index 3, mismatch index 8, Stripe requires_payment_method → 3; expired card).
import type { components } from '../generated/proxy/types.ts';
import { toMillis, type Instant } from './time.ts';

/** The payment error kinds, spelled exactly as in storefront §8 (including 'billing_address_missmatch'). */
export type PaymentErrorKind = components['schemas']['PaymentErrorKind'];
/**
 * The contract's PaymentErrorKind enum (openapi/proxy.yaml) as a list, written out rather than read from
 * the generated zPaymentErrorKind.options: the payment confirmation page shows these errors and loads no
 * Zod, which the schema would bring it (9 KB gzip). payment-errors.test.ts holds the list to the enum.
 */
export const PAYMENT_ERROR_KINDS = [
  'card_error',
  'validation_error',
  'connection_error',
  'invalid_request_error',
  'authentication_error',
  'payment_platform_error',
  'gPay-error',
  'aPay-error',
  'iDeal-error',
  'billing_address_missmatch',
  'card_authorisation_error',
] as const satisfies readonly PaymentErrorKind[];

export function isPaymentErrorKind(value: unknown): value is PaymentErrorKind {
  return typeof value === 'string' && (PAYMENT_ERROR_KINDS as readonly string[]).includes(value);
}

/** HTTP status → kind: 400/413 invalid request; 401/403 authentication; 404/422 platform; 500 connection. */
export function paymentErrorKindForStatus(status: number): PaymentErrorKind | undefined {
  switch (status) {
    case 400:
    case 413:
      return 'invalid_request_error';
    case 401:
    case 403:
      return 'authentication_error';
    case 404:
    case 422:
      return 'payment_platform_error';
    case 500:
      return 'connection_error';
    default:
      return undefined;
  }
}

export interface PaymentErrorModalEntry {
  title: string;
  description: string;
  /** Button label. */
  label: string;
}

export const BILLING_ADDRESS_MISMATCH_TEXT =
  'Your billing address does not match the country associated with your payment method. Please try again with a different address or payment method';
export const PAYMENT_AUTHORISATION_TEXT = 'There was a problem processing your payment approval';
export const PAYMENT_NOT_CHARGED_TEXT =
  'Your payment method has not been charged. Please wait a few minutes and try again.';
/** Generic description; the spec does not show the texts of the other entries (storefront §8, account §8). */
export const PAYMENT_GENERIC_TEXT = 'Something went wrong with your payment. Please try again.';

/** The checkout's generic failure text (storefront §8; the detail of incomplete or unplaceable checkouts). */
export const CHECKOUT_FAILED_TEXT = 'An unexpected error occurred during checkout.';

/**
 * A payment-provider call that failed with an HTTP status (storefront §8 "HTTP mapping"); the
 * statuses the spec leaves undefined count as a payment-platform error. Nothing was charged.
 */
export function providerFailureKind(status: number): PaymentErrorKind {
  return paymentErrorKindForStatus(status) ?? 'payment_platform_error';
}

/** A refused payment: the kind choosing the modal, the detail shown in it and the decline code. */
export interface PaymentRefusal {
  kind: 'card_error' | 'card_authorisation_error';
  detail: string;
  code: string;
}

const DECLINED = 'Your card was declined.';

/**
 * Adyen's refusalReason (Checkout API v71) → the refusal: a failed 3-D Secure authentication is
 * the approval error of §8 (card_authorisation_error); an expired card, insufficient balance and
 * any other reason are card errors with the card form's plain wording.
 */
export function adyenRefusal(reason: string | null | undefined): PaymentRefusal {
  switch (reason) {
    case '3D Not Authenticated':
      return { kind: 'card_authorisation_error', detail: PAYMENT_AUTHORISATION_TEXT, code: 'authentication_failed' };
    case 'Expired Card':
      return { kind: 'card_error', detail: 'Your card has expired.', code: 'expired_card' };
    case 'Not enough balance':
      return { kind: 'card_error', detail: 'Your card has insufficient funds.', code: 'insufficient_funds' };
    default:
      return { kind: 'card_error', detail: DECLINED, code: 'card_declined' };
  }
}

/** Stripe's card_error (HTTP 402) → the refusal: Stripe's message and decline code, or a plain decline. */
export function stripeRefusal(
  error: { message?: string | null; code?: string | null; decline_code?: string | null } | null | undefined,
): PaymentRefusal {
  return {
    kind: 'card_error',
    detail: error?.message || DECLINED,
    code: error?.decline_code || error?.code || 'card_declined',
  };
}

const CLOSE = 'Close';
const TRY_AGAIN = 'Try again';

/**
 * Modal entries, indexed. Index 3 is the generic entry (any other result code; Stripe requires_payment_method);
 * index 8 is the billing-address mismatch (account §8). Only the texts given by the spec are verbatim.
 */
export const PAYMENT_ERROR_MODAL_ENTRIES: readonly PaymentErrorModalEntry[] = [
  /* 0 card_error */ { title: 'Card error', description: PAYMENT_GENERIC_TEXT, label: TRY_AGAIN },
  /* 1 validation_error */ { title: 'Payment details invalid', description: PAYMENT_GENERIC_TEXT, label: TRY_AGAIN },
  /* 2 connection_error / invalid_request_error */
  { title: 'Payment unavailable', description: PAYMENT_GENERIC_TEXT, label: TRY_AGAIN },
  /* 3 generic */ { title: 'Payment failed', description: PAYMENT_GENERIC_TEXT, label: TRY_AGAIN },
  /* 4 authentication_error / payment_platform_error */
  { title: 'Payment failed', description: PAYMENT_NOT_CHARGED_TEXT, label: TRY_AGAIN },
  /* 5 card_authorisation_error */ {
    title: 'Payment failed',
    description: PAYMENT_AUTHORISATION_TEXT,
    label: TRY_AGAIN,
  },
  /* 6 gPay-error */ { title: 'Google Pay payment failed', description: PAYMENT_GENERIC_TEXT, label: TRY_AGAIN },
  /* 7 iDeal-error */ { title: 'iDEAL payment failed', description: PAYMENT_GENERIC_TEXT, label: TRY_AGAIN },
  /* 8 billing_address_missmatch */
  { title: 'Billing address mismatch', description: BILLING_ADDRESS_MISMATCH_TEXT, label: CLOSE },
  /* 9 aPay-error */ { title: 'Apple Pay payment failed', description: PAYMENT_GENERIC_TEXT, label: TRY_AGAIN },
];

export const GENERIC_PAYMENT_ERROR_ENTRY_INDEX = 3;
export const BILLING_MISMATCH_ENTRY_INDEX = 8;

const ENTRY_INDEX_BY_KIND: Readonly<Record<PaymentErrorKind, number>> = {
  card_error: 0,
  validation_error: 1,
  connection_error: 2,
  invalid_request_error: 2,
  authentication_error: 4,
  payment_platform_error: 4,
  card_authorisation_error: 5,
  'gPay-error': 6,
  'aPay-error': 9,
  'iDeal-error': 7,
  billing_address_missmatch: BILLING_MISMATCH_ENTRY_INDEX,
};

/** Modal entry index for a kind; unknown or missing kinds use the generic entry (index 3). */
export function paymentErrorEntryIndex(kind: string | null | undefined): number {
  return isPaymentErrorKind(kind) ? ENTRY_INDEX_BY_KIND[kind] : GENERIC_PAYMENT_ERROR_ENTRY_INDEX;
}

/**
 * The error kinds of the payment methods that have their own (storefront §8 gPay-error, aPay-error,
 * iDeal-error), by front-end payment type (storefront §3, both spellings).
 */
const METHOD_ERROR_KINDS: Readonly<Record<string, PaymentErrorKind>> = {
  IDEAL: 'iDeal-error',
  ideal: 'iDeal-error',
  GOOGLE_PAY: 'gPay-error',
  google_pay: 'gPay-error',
  APPLE_PAY: 'aPay-error',
  apple_pay: 'aPay-error',
};

/**
 * The kind of a failed payment, chosen by the payment method where it occurs: a refusal or a failed
 * approval (card_error, card_authorisation_error) paid with iDEAL, Google Pay or Apple Pay is that
 * method's kind; every other kind (provider faults, billing mismatch, invalid data) stays as it is.
 */
export function paymentErrorKindForMethod(
  kind: PaymentErrorKind | undefined,
  paymentType: string | null | undefined,
): PaymentErrorKind | undefined {
  const own = Object.hasOwn(METHOD_ERROR_KINDS, paymentType ?? '') ? METHOD_ERROR_KINDS[paymentType!] : undefined;
  return own && (kind === 'card_error' || kind === 'card_authorisation_error') ? own : kind;
}

export function paymentErrorEntry(kind: string | null | undefined): PaymentErrorModalEntry {
  return PAYMENT_ERROR_MODAL_ENTRIES[paymentErrorEntryIndex(kind)] as PaymentErrorModalEntry;
}

/** Shown when saving a payment method fails (storefront §8; apostrophes as in the spec). */
export const PAYMENT_METHOD_CANNOT_BE_ADDED_MESSAGE =
  'Payment method can’t be added. We’re sorry but it isn’t possible to add a payment method at this time. You will be able to add a payment method when you place an order.';

/** Card form messages (storefront §5 Card form, verbatim). */
export const CARD_FORM_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  numberInvalid: 'Your card number is invalid',
  expiryYearInPast: 'Your card expiration year is in the past',
  securityCodeIncomplete: "Your card's security code is incomplete.",
} as const;

export const EXPIRED_CARD_MESSAGE = 'Your credit/debit card has expired. Please update your card details.';

function monthIndex(year: number, month: number): number {
  return year * 12 + (month - 1);
}

function nowMonthIndex(now: Instant): number {
  const d = new Date(toMillis(now));
  return monthIndex(d.getUTCFullYear(), d.getUTCMonth() + 1);
}

/**
 * Card form: expiry is in the past when the two-digit year (read as 20xx) and month come before now
 * (compared by UTC month; the card stays valid through its expiry month).
 */
export function isCardExpiryInPast(month: number, twoDigitYear: number, now: Instant): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(twoDigitYear)) return false;
  return monthIndex(2000 + (twoDigitYear % 100), month) < nowMonthIndex(now);
}
