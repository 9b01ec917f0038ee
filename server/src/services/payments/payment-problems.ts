/**
 * The problems a payment ends with (storefront §8): the kind choosing the client's modal travels
 * as `paymentErrorKind`; the texts and the mappings are the domain's (domain/payment-errors.ts).
 * Every one is an AppError, answered by the one error handler.
 */
import {
  BILLING_ADDRESS_MISMATCH_TEXT,
  CHECKOUT_FAILED_TEXT,
  PAYMENT_AUTHORISATION_TEXT,
  PAYMENT_NOT_CHARGED_TEXT,
  paymentErrorKindForMethod,
  providerFailureKind,
  type PaymentErrorKind,
  type PaymentRefusal,
} from '../../../../domain/payment-errors.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import { AppError, invalidField, paymentError } from '../../errors.ts';
import { OutcomeUnknown } from './uncertain.ts';

type FieldError = components['schemas']['FieldError'];

const FAILURE_TYPES: Partial<Record<PaymentErrorKind, string>> = {
  invalid_request_error: 'payment-invalid-request',
  authentication_error: 'payment-authentication-error',
  connection_error: 'payment-connection-error',
};

/** 502: a payment provider failed with this HTTP status (§8 mapping); nothing was charged. */
export function providerFailure(status: number): AppError {
  const kind = providerFailureKind(status);
  const slug = FAILURE_TYPES[kind] ?? 'payment-platform-error';
  return paymentError(502, slug, 'Payment service error', PAYMENT_NOT_CHARGED_TEXT, kind);
}

/**
 * A thrown failure as the payment problem it stands for: AppErrors as they are, an unknown outcome
 * as its last failure (uncertain.ts), anything else 502.
 */
export function asPaymentProblem(error: unknown): AppError {
  if (error instanceof OutcomeUnknown) return asPaymentProblem(error.last);
  if (error instanceof AppError) return error;
  const status = (error as { status?: unknown } | null)?.status;
  return providerFailure(typeof status === 'number' ? status : 500);
}

/**
 * The problem as the payment method it occurred with shows it (storefront §8): a refusal of an
 * iDEAL, Google Pay or Apple Pay payment carries that method's kind; anything else is unchanged.
 */
export function forPaymentMethod(problem: AppError, paymentType: string | null | undefined): AppError {
  const kind = problem.extra.paymentErrorKind ?? undefined;
  const methodKind = paymentErrorKindForMethod(kind, paymentType);
  if (methodKind === kind) return problem;
  const extra = { ...problem.extra, paymentErrorKind: methodKind };
  return new AppError(problem.status, problem.type, problem.title, problem.detail, extra, problem.headers);
}

/** 402: the card or the bank refused, or 3-D Secure / the bank page did not approve. */
export function refused(refusal: PaymentRefusal): AppError {
  if (refusal.kind === 'card_authorisation_error') return authorisationFailed();
  return paymentError(402, 'payment-refused', 'Payment refused', refusal.detail, refusal.kind, { code: refusal.code });
}

/** 402 card_authorisation_error (§8 "There was a problem processing your payment approval"). */
export const authorisationFailed = (): AppError =>
  paymentError(
    402,
    'payment-authorisation-failed',
    'Payment not approved',
    PAYMENT_AUTHORISATION_TEXT,
    'card_authorisation_error',
  );

/** 409: the billing country is not the card's while the region's mismatch control is on (§8). */
export const billingMismatch = (): AppError =>
  paymentError(
    409,
    'billing-address-mismatch',
    'Billing address mismatch',
    BILLING_ADDRESS_MISMATCH_TEXT,
    'billing_address_missmatch',
  );

/** 422: the payment data of the request cannot be used (no method, an unknown card). */
export const invalidPaymentData = (detail: string, errors?: FieldError[]): AppError =>
  paymentError(422, 'payment-validation-error', 'Payment data invalid', detail, 'validation_error', {
    ...(errors ? { errors } : {}),
  });

/**
 * A payment method the browser names that a customer holds already: Elements makes a new one, owned
 * by nobody, for every payment or saving; a customer's own saved card is paid with through
 * `useSavedPaymentMethod` (storefront §6). So another customer's card is refused before anything is
 * written (issue 30), whatever the provider would answer.
 */
export const methodNotOwned = (): AppError =>
  new AppError(
    403,
    'payment-method-not-owned',
    'Payment method refused',
    'This payment method belongs to another customer.',
  );

export const missingPaymentMethod = (): AppError =>
  invalidPaymentData(CHECKOUT_FAILED_TEXT, [
    { field: '/paymentMethod', message: 'Choose a payment method.', code: 'required' },
  ]);

/**
 * 422: the order asks for the saved card (storefront §6 saved payment methods) while the account has
 * none its provider still holds, unexpired: a guest, a blanked record, a card of another provider.
 */
export const savedCardUnavailable = (): AppError =>
  paymentError(
    422,
    'saved-payment-method-unavailable',
    'Saved card unavailable',
    'The saved card cannot be used. Choose another payment method.',
    'validation_error',
  );

/** 400: the saved card and a new method in one order (PlaceOrderRequest: exactly one method). */
export const twoPaymentMethods = (): AppError =>
  invalidField('The order names the saved card and another payment method.', {
    field: '/useSavedPaymentMethod',
    message: 'Pay with the saved card or with a new method, not both.',
    code: 'conflict',
  });

/** 422: the request names another provider than the market's. */
export const wrongProvider = (provider: string): AppError =>
  paymentError(422, 'payment-validation-error', 'Payment data invalid', CHECKOUT_FAILED_TEXT, undefined, {
    errors: [{ field: '/provider', message: `This market pays with ${provider}.`, code: 'wrong_provider' }],
  });

/** 422: the basket cannot be ordered yet; one field error per missing part. */
export const checkoutIncomplete = (errors: FieldError[]): AppError =>
  new AppError(422, 'basket-incomplete', 'Checkout incomplete', CHECKOUT_FAILED_TEXT, { errors });

/** 422: the market does not take this payment method (storefront §9: enabled payment methods per market). */
export const methodNotOffered = (type: string): AppError => {
  const detail = `${type} is not offered in this market.`;
  return new AppError(422, 'payment-method-not-offered', 'Payment method not offered', detail, {
    errors: [{ field: '/paymentMethodType', message: detail, code: 'not_offered' }],
  });
};

/**
 * 422: the order names another type than the method its provider holds (a card sent as Google Pay,
 * a wallet's card sent as a card): the order records the provider's type, never the browser's word.
 */
export const methodTypeMismatch = (named: string, actual: string | undefined): AppError =>
  invalidPaymentData(CHECKOUT_FAILED_TEXT, [
    {
      field: '/paymentMethodType',
      message: `The payment method is ${actual ?? 'of another type'}, not ${named}.`,
      code: 'mismatch',
    },
  ]);
