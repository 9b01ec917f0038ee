/**
 * Adyen's data access (issue 33): the only code that calls Adyen Checkout v71
 * (`ctx.upstreams.adyen`), one function per endpoint the shop uses, named after it
 * (https://docs.adyen.com/api-explorer/Checkout/71/overview, the shop's subset in
 * openapi/upstream/adyen.yaml). Each builds the call (path, query, JSON body, the Idempotency-Key
 * it is given) and returns openapi-fetch's answer, `{ data, error, response }`, as it comes: the
 * retries of a lost answer (services/payments/uncertain.ts), reading it and what the shop does
 * about it are the payment services' (services/payments/).
 */
import type { components, operations } from '../../../generated/adyen/types.ts';
import type { AppContext } from '../context.ts';

type Schemas = components['schemas'];

/** The shopper and merchant account whose stored payment methods a call lists or deletes. */
type StoredMethodsQuery = operations['deleteStoredPaymentMethodsStoredPaymentMethodId']['parameters']['query'];

/** POST /paymentMethods: the payment methods available for a country, amount and locale. */
export function paymentMethods(ctx: AppContext, body: Schemas['PaymentMethodsRequest']) {
  return ctx.upstreams.adyen.POST('/paymentMethods', { body });
}

/** POST /payments: starts a payment (docs.adyen.com/online-payments/build-your-integration/advanced-flow). */
export function payments(ctx: AppContext, body: Schemas['PaymentRequest'], idempotencyKey: string) {
  return ctx.upstreams.adyen.POST('/payments', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** POST /payments/details: submits the result of an action (3-D Secure, a redirect) of a payment. */
export function paymentsDetails(ctx: AppContext, body: Schemas['PaymentDetailsRequest'], idempotencyKey: string) {
  return ctx.upstreams.adyen.POST('/payments/details', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** POST /payments/{paymentPspReference}/reversals: refunds or cancels a payment (docs.adyen.com/online-payments/reversal). */
export function reversePayment(
  ctx: AppContext,
  paymentPspReference: string,
  body: Schemas['PaymentReversalRequest'],
  idempotencyKey: string,
) {
  return ctx.upstreams.adyen.POST('/payments/{paymentPspReference}/reversals', {
    params: { path: { paymentPspReference } },
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /cancels: cancels a payment by the shop's own reference (docs.adyen.com/online-payments/cancel). */
export function cancel(ctx: AppContext, body: Schemas['StandalonePaymentCancelRequest'], idempotencyKey: string) {
  return ctx.upstreams.adyen.POST('/cancels', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** GET /storedPaymentMethods: a shopper's stored payment methods (docs.adyen.com/online-payments/tokenization). */
export function listStoredPaymentMethods(ctx: AppContext, query: StoredMethodsQuery) {
  return ctx.upstreams.adyen.GET('/storedPaymentMethods', { params: { query } });
}

/** DELETE /storedPaymentMethods/{storedPaymentMethodId}: deletes a shopper's stored payment method. */
export function deleteStoredPaymentMethod(ctx: AppContext, storedPaymentMethodId: string, query: StoredMethodsQuery) {
  return ctx.upstreams.adyen.DELETE('/storedPaymentMethods/{storedPaymentMethodId}', {
    params: { path: { storedPaymentMethodId }, query },
  });
}
