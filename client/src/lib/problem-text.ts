/**
 * The words a person reads for a failed proxy call (issue 14): chosen from the catalogues by the
 * problem's stable `code` (E001, a decline code, a field rule) or `type`, never the problem's
 * English `detail`. A problem the tables do not know reads a translated generic message.
 */
import type { components } from '../../../generated/proxy/types.ts';
import type { TFunction } from './translator.ts';

type Problem = components['schemas']['Problem'];
type FieldError = components['schemas']['FieldError'];

/** The base of the proxy's problem types (server/src/errors.ts PROBLEM_BASE). */
const PROBLEM_BASE = 'https://shop.example/problems/';

/**
 * Problem and field-error codes → catalogue key: the login codes of storefront §8, the decline codes
 * the providers answer (domain adyenRefusal; Stripe's decline codes), the address rules of §5.
 */
export const PROBLEM_CODE_KEYS: Readonly<Record<string, string>> = {
  E000: 'problems.code.E000',
  E001: 'problems.code.E001',
  FORGEROCK_TOKEN_ERROR: 'problems.code.tokenError',
  card_declined: 'problems.code.cardDeclined',
  generic_decline: 'problems.code.cardDeclined',
  do_not_honor: 'problems.code.cardDeclined',
  lost_card: 'problems.code.cardDeclined',
  stolen_card: 'problems.code.cardDeclined',
  pickup_card: 'problems.code.cardDeclined',
  fraudulent: 'problems.code.cardDeclined',
  expired_card: 'problems.code.expiredCard',
  insufficient_funds: 'problems.code.insufficientFunds',
  incorrect_cvc: 'problems.code.incorrectCvc',
  invalid_cvc: 'problems.code.incorrectCvc',
  incorrect_number: 'problems.code.incorrectNumber',
  invalid_number: 'problems.code.incorrectNumber',
  processing_error: 'problems.code.processingError',
  authentication_failed: 'problems.code.authenticationFailed',
  authentication_required: 'problems.code.authenticationFailed',
  postal_code_excluded: 'problems.code.postalCodeExcluded',
  country_not_supported: 'address.errors.countryCode',
  region_not_supported: 'problems.code.regionNotSupported',
  // A login-required problem whose sign-in ended without a logout (tokens refused, session lost: docs/decisions/029).
  'session-ended': 'account.sessionEnded',
};

/** Problem types (their slug under PROBLEM_BASE) → catalogue key. */
export const PROBLEM_TYPE_KEYS: Readonly<Record<string, string>> = {
  'postal-code-excluded': 'problems.code.postalCodeExcluded',
  'country-not-supported': 'address.errors.countryCode',
  'region-not-supported': 'problems.code.regionNotSupported',
  'vin-connected-to-another-user': 'problems.code.E001',
  'user-mismatch': 'problems.code.E000',
  'forgerock-token-error': 'problems.code.tokenError',
  'login-state-mismatch': 'problems.type.loginStateMismatch',
  'payment-refused': 'problems.code.cardDeclined',
  'payment-authorisation-failed': 'problems.code.authenticationFailed',
  'basket-incomplete': 'checkout.unexpectedError',
  'checkout-error': 'checkout.unexpectedError',
  'email-linked-to-account': 'checkout.login.linkedMailbox',
  'refund-already-requested': 'problems.type.refundAlreadyRequested',
  'subscription-in-progress': 'account.manage.processing',
  // The checkout control (docs/decisions/015): renewal's own key, in the first route's catalogue part.
  'order-in-progress': 'renewal.orderInProgress',
  'refund-not-available': 'account.manage.noRefund',
  'auto-renewal-not-available': 'problems.type.autoRenewalNotAvailable',
  'state-conflict': 'problems.type.stateConflict',
  'payment-method-in-use': 'account.paymentMethod.blockedTitle',
  'payment-method-exists': 'problems.type.paymentMethodExists',
  'payment-method-processing': 'problems.type.paymentMethodProcessing',
  'no-payment-method': 'problems.type.noPaymentMethod',
  'customer-not-enabled': 'problems.type.customerNotEnabled',
  'payment-method-not-owned': 'problems.type.paymentMethodNotOwned',
  'payment-method-cannot-be-added': 'account.paymentMethod.cannotAdd',
  'saved-payment-method-unavailable': 'problems.type.savedCardUnavailable',
};

/** Field errors whose code is a plain rule (`required`) read the field's own message (storefront §5 Address form). */
export const FIELD_REQUIRED_KEYS: Readonly<Record<string, string>> = {
  '/stateCode': 'address.errors.stateCode',
  '/countryCode': 'address.errors.countryCode',
  '/postalCode': 'address.errors.postalCode',
};

export const GENERIC_PROBLEM_KEY = 'problems.generic';

const slugOf = (type: string | undefined): string | undefined =>
  type?.startsWith(PROBLEM_BASE) ? type.slice(PROBLEM_BASE.length) : undefined;

/** The catalogue key for a problem (its code first, then its type), undefined when the tables do not know it. */
export function problemKey(problem: Partial<Problem> | undefined): string | undefined {
  if (!problem) return undefined;
  if (problem.code && Object.hasOwn(PROBLEM_CODE_KEYS, problem.code)) return PROBLEM_CODE_KEYS[problem.code];
  const slug = slugOf(problem.type);
  return slug && Object.hasOwn(PROBLEM_TYPE_KEYS, slug) ? PROBLEM_TYPE_KEYS[slug] : undefined;
}

/** The catalogue key for a field error, undefined when the tables do not know it. */
export function fieldErrorKey(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if (Object.hasOwn(PROBLEM_CODE_KEYS, error.code)) return PROBLEM_CODE_KEYS[error.code];
  return error.code === 'required' && Object.hasOwn(FIELD_REQUIRED_KEYS, error.field)
    ? FIELD_REQUIRED_KEYS[error.field]
    : undefined;
}

/**
 * The words for a problem in the page's language: its first field error's, its code's or type's
 * message, else `fallbackKey` (a translated generic message). Never the English `detail`.
 */
export function problemText(t: TFunction, problem: Partial<Problem> | undefined, fallbackKey = GENERIC_PROBLEM_KEY) {
  const key = fieldErrorKey(problem?.errors?.[0]) ?? problemKey(problem);
  return t(key ?? fallbackKey);
}
