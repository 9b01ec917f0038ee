import { describe, expect, it } from 'vitest';
import { zPaymentErrorKind } from '../generated/proxy/zod-mini/zod.gen.ts';
import {
  adyenRefusal,
  BILLING_ADDRESS_MISMATCH_TEXT,
  CHECKOUT_FAILED_TEXT,
  CARD_FORM_MESSAGES,
  EXPIRED_CARD_MESSAGE,
  isCardExpiryInPast,
  isPaymentErrorKind,
  PAYMENT_ERROR_KINDS,
  PAYMENT_ERROR_MODAL_ENTRIES,
  PAYMENT_METHOD_CANNOT_BE_ADDED_MESSAGE,
  paymentErrorEntry,
  paymentErrorEntryIndex,
  paymentErrorKindForMethod,
  paymentErrorKindForStatus,
  PAYMENT_AUTHORISATION_TEXT,
  providerFailureKind,
  stripeRefusal,
  type PaymentErrorKind,
} from './payment-errors.ts';
import { isLuhnValid } from './card-number.ts';

const NOW = Date.parse('2025-06-15T12:00:00Z');

describe('payment error kinds', () => {
  it('when listed, then they are the eleven kinds of storefront §8 with their exact spelling', () => {
    // storefront §8 Payment error types (incl. 'billing_address_missmatch')
    expect(PAYMENT_ERROR_KINDS).toEqual([
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
    ]);
  });

  it("when compared with the contract's PaymentErrorKind, then the list is its enum, in its order", () => {
    expect(PAYMENT_ERROR_KINDS).toEqual(zPaymentErrorKind.options);
  });

  it.each<[unknown, boolean]>([
    ['billing_address_missmatch', true],
    ['billing_address_mismatch', false],
    ['iDeal-error', true],
    [undefined, false],
  ])('when the value is %s, then isPaymentErrorKind is %s', (value, expected) => {
    expect(isPaymentErrorKind(value)).toBe(expected);
  });
});

describe('paymentErrorKindForStatus', () => {
  it.each([
    // storefront §8 / account §8 HTTP status to payment error kind
    [400, 'invalid_request_error'],
    [413, 'invalid_request_error'],
    [401, 'authentication_error'],
    [403, 'authentication_error'],
    [404, 'payment_platform_error'],
    [422, 'payment_platform_error'],
    [500, 'connection_error'],
    // "others undefined"
    [200, undefined],
    [409, undefined],
    [502, undefined],
    [503, undefined],
  ])('when the status is %i, then the kind is %s', (status, expected) => {
    expect(paymentErrorKindForStatus(status)).toBe(expected);
  });
});

describe('paymentErrorKindForMethod (storefront §8 gPay-error, aPay-error, iDeal-error where they occur)', () => {
  it.each<[string, string | undefined, string]>([
    ['card_authorisation_error', 'IDEAL', 'iDeal-error'],
    ['card_error', 'IDEAL', 'iDeal-error'],
    ['card_error', 'ideal', 'iDeal-error'],
    ['card_error', 'GOOGLE_PAY', 'gPay-error'],
    ['card_authorisation_error', 'google_pay', 'gPay-error'],
    ['card_error', 'APPLE_PAY', 'aPay-error'],
    ['card_authorisation_error', 'apple_pay', 'aPay-error'],
    ['card_error', 'CREDIT_CARD', 'card_error'],
    ['card_authorisation_error', 'BANCONTACT', 'card_authorisation_error'],
    ['card_error', undefined, 'card_error'],
    ['card_error', 'toString', 'card_error'],
    ['billing_address_missmatch', 'GOOGLE_PAY', 'billing_address_missmatch'],
    ['payment_platform_error', 'IDEAL', 'payment_platform_error'],
    ['connection_error', 'APPLE_PAY', 'connection_error'],
  ])('when a %s occurs with %s, then the kind is %s', (kind, paymentType, expected) => {
    expect(paymentErrorKindForMethod(kind as PaymentErrorKind, paymentType)).toBe(expected);
  });

  it.each([
    ['iDeal-error', 'iDEAL payment failed'],
    ['gPay-error', 'Google Pay payment failed'],
    ['aPay-error', 'Apple Pay payment failed'],
    ['card_error', 'Card error'],
  ])('when the kind is %s, then its modal is its own: "%s"', (kind, title) => {
    expect(paymentErrorEntry(kind).title).toBe(title);
  });
});

describe('payment error modal entries', () => {
  it.each<[string | undefined, number, string]>([
    // account §8: "The mismatch entry is index 8"; storefront §8 billing address mismatch text
    ['billing_address_missmatch', 8, BILLING_ADDRESS_MISMATCH_TEXT],
    // storefront §8: authorisation "There was a problem processing your payment approval"
    ['card_authorisation_error', 5, 'There was a problem processing your payment approval'],
    // storefront §8: authentication and platform errors: not charged, wait a few minutes and retry
    ['authentication_error', 4, 'Your payment method has not been charged. Please wait a few minutes and try again.'],
    ['payment_platform_error', 4, 'Your payment method has not been charged. Please wait a few minutes and try again.'],
    // account §8: "a generic one (index 3) for any other result code"
    ['Refused', 3, 'Something went wrong with your payment. Please try again.'],
    [undefined, 3, 'Something went wrong with your payment. Please try again.'],
  ])('when the kind is %s, then entry %i is used with its description', (kind, index, description) => {
    expect(paymentErrorEntryIndex(kind)).toBe(index);
    expect(paymentErrorEntry(kind).description).toBe(description);
  });

  it('when every kind is looked up, then each has an entry with title, description and label', () => {
    // storefront §8: "Each has a modal (a list of entries with title, description and label)"
    for (const kind of PAYMENT_ERROR_KINDS) {
      const entry = PAYMENT_ERROR_MODAL_ENTRIES[paymentErrorEntryIndex(kind)];
      expect(entry?.title && entry.description && entry.label).toBeTruthy();
    }
  });

  it('when the mismatch text is read, then it is verbatim from the spec', () => {
    // storefront §8 billing address mismatch
    expect(BILLING_ADDRESS_MISMATCH_TEXT).toBe(
      'Your billing address does not match the country associated with your payment method. Please try again with a different address or payment method',
    );
  });
});

describe('messages', () => {
  it.each([
    // storefront §8: saving a payment method
    [
      PAYMENT_METHOD_CANNOT_BE_ADDED_MESSAGE,
      'Payment method can’t be added. We’re sorry but it isn’t possible to add a payment method at this time. You will be able to add a payment method when you place an order.',
    ],
    // storefront §5 Card form messages
    [CARD_FORM_MESSAGES.numberIncomplete, 'Your card number is incomplete.'],
    [CARD_FORM_MESSAGES.expiryIncomplete, "Your card's expiration date is incomplete."],
    [CARD_FORM_MESSAGES.numberInvalid, 'Your card number is invalid'],
    [CARD_FORM_MESSAGES.expiryYearInPast, 'Your card expiration year is in the past'],
    [CARD_FORM_MESSAGES.securityCodeIncomplete, "Your card's security code is incomplete."],
    // storefront §5 / account §8 expired card
    [EXPIRED_CARD_MESSAGE, 'Your credit/debit card has expired. Please update your card details.'],
  ])('when the message is read, then it is "%s"', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('card expiry', () => {
  it.each([
    // storefront §5 Card form: "in the past if the two-digit year (read as 20xx) and month come before now"
    [5, 25, true],
    [6, 25, false],
    [7, 25, false],
    [12, 24, true],
    [1, 26, false],
    [13, 30, false],
  ])('when the card expires %i/%i, then in the past is %s', (month, year, expected) => {
    expect(isCardExpiryInPast(month, year, NOW)).toBe(expected);
  });
});

describe('isLuhnValid (storefront §5 Card form: "Your card number is invalid")', () => {
  it.each([
    ['4242424242424242', true],
    ['4000002760003184', true],
    ['4000000000000002', true],
    ['4242424242424241', false],
    ['', false],
    ['4242 4242 4242 4242', false],
  ])('%s → %s', (digits, valid) => {
    expect(isLuhnValid(digits)).toBe(valid);
  });
});

describe('provider failures (storefront §8 HTTP mapping, undefined statuses as platform errors)', () => {
  it.each<[number, string]>([
    [400, 'invalid_request_error'],
    [413, 'invalid_request_error'],
    [401, 'authentication_error'],
    [403, 'authentication_error'],
    [404, 'payment_platform_error'],
    [422, 'payment_platform_error'],
    [500, 'connection_error'],
    [502, 'payment_platform_error'],
    [503, 'payment_platform_error'],
    [429, 'payment_platform_error'],
  ])('when a provider answers %s, then the kind is %s', (status, kind) => {
    expect(providerFailureKind(status)).toBe(kind);
  });

  it("when the checkout cannot be placed, then the text is the spec's", () => {
    expect(CHECKOUT_FAILED_TEXT).toBe('An unexpected error occurred during checkout.');
  });
});

describe('refusals (storefront §8 card_error and card_authorisation_error)', () => {
  it.each<[string | undefined, string, string, string]>([
    ['3D Not Authenticated', 'card_authorisation_error', PAYMENT_AUTHORISATION_TEXT, 'authentication_failed'],
    ['Expired Card', 'card_error', 'Your card has expired.', 'expired_card'],
    ['Not enough balance', 'card_error', 'Your card has insufficient funds.', 'insufficient_funds'],
    ['Refused', 'card_error', 'Your card was declined.', 'card_declined'],
    ['CVC Declined', 'card_error', 'Your card was declined.', 'card_declined'],
    [undefined, 'card_error', 'Your card was declined.', 'card_declined'],
  ])('when Adyen refuses with %s, then %s "%s" (%s)', (reason, kind, detail, code) => {
    expect(adyenRefusal(reason)).toEqual({ kind, detail, code });
  });

  it.each<[Parameters<typeof stripeRefusal>[0], string, string]>([
    [
      { message: 'Your card has insufficient funds.', code: 'card_declined', decline_code: 'insufficient_funds' },
      'Your card has insufficient funds.',
      'insufficient_funds',
    ],
    [{ message: 'Your card has expired.', code: 'expired_card' }, 'Your card has expired.', 'expired_card'],
    [{ message: '', code: null }, 'Your card was declined.', 'card_declined'],
    [undefined, 'Your card was declined.', 'card_declined'],
  ])('when Stripe declines with %j, then card_error "%s" (%s)', (error, detail, code) => {
    expect(stripeRefusal(error)).toEqual({ kind: 'card_error', detail, code });
  });
});
