/**
 * Stripe's data access (issue 33): the only code that calls Stripe (`ctx.upstreams.stripe`), one
 * function per operation of its API the shop uses, named after it (https://docs.stripe.com/api,
 * the shop's subset in openapi/upstream/stripe.yaml). Each builds the call (path, query, the
 * form-encoded body of stripe-form.ts, the Idempotency-Key it is given) and returns openapi-fetch's
 * answer, `{ data, error, response }`, as it comes: reading it, its errors and what the shop does
 * about them are the payment services' (services/payments/).
 */
import type { components } from '../../../generated/stripe/types.ts';
import type { AppContext } from '../context.ts';
import { formOf, stripeForm } from './stripe-form.ts';

type Schemas = components['schemas'];

/**
 * Retrieve a customer (https://docs.stripe.com/api/customers/retrieve): a deleted one comes back as
 * a `deleted_customer`, an unknown id as a 404 `resource_missing`.
 */
export function retrieveCustomer(ctx: AppContext, customer: string) {
  return ctx.upstreams.stripe.GET('/v1/customers/{customer}', { params: { path: { customer } } });
}

/** Search customers (https://docs.stripe.com/api/customers/search) with Stripe's search query language. */
export function searchCustomers(ctx: AppContext, query: string) {
  return ctx.upstreams.stripe.GET('/v1/customers/search', { params: { query: { query } } });
}

/** Create a customer (https://docs.stripe.com/api/customers/create). */
export function createCustomer(ctx: AppContext, body: Schemas['post_customers_request'], idempotencyKey?: string) {
  return ctx.upstreams.stripe.POST('/v1/customers', { body, ...formOf(idempotencyKey) });
}

/**
 * Retrieve a SetupIntent (https://docs.stripe.com/api/setup_intents/retrieve), with `expand` the
 * fields to expand in Stripe's bracket notation (`expand[0]=latest_attempt`,
 * https://docs.stripe.com/api/expanding_objects).
 */
export function retrieveSetupIntent(ctx: AppContext, intent: string, expand?: string[]) {
  if (!expand) return ctx.upstreams.stripe.GET('/v1/setup_intents/{intent}', { params: { path: { intent } } });
  return ctx.upstreams.stripe.GET('/v1/setup_intents/{intent}', {
    params: { path: { intent }, query: { expand } },
    querySerializer: (query) => stripeForm(query as Record<string, unknown>),
  });
}

/** Create a SetupIntent (https://docs.stripe.com/api/setup_intents/create), confirmed at once with `confirm`. */
export function createSetupIntent(
  ctx: AppContext,
  body: Schemas['post_setup_intents_request'],
  idempotencyKey?: string,
) {
  return ctx.upstreams.stripe.POST('/v1/setup_intents', { body, ...formOf(idempotencyKey) });
}

/** Update a SetupIntent (https://docs.stripe.com/api/setup_intents/update). */
export function updateSetupIntent(
  ctx: AppContext,
  intent: string,
  body: Schemas['post_setup_intents_intent_request'],
  idempotencyKey?: string,
) {
  return ctx.upstreams.stripe.POST('/v1/setup_intents/{intent}', {
    params: { path: { intent } },
    body,
    ...formOf(idempotencyKey),
  });
}

/** Confirm a SetupIntent (https://docs.stripe.com/api/setup_intents/confirm). */
export function confirmSetupIntent(
  ctx: AppContext,
  intent: string,
  body: Schemas['post_setup_intents_intent_confirm_request'],
  idempotencyKey?: string,
) {
  return ctx.upstreams.stripe.POST('/v1/setup_intents/{intent}/confirm', {
    params: { path: { intent } },
    body,
    ...formOf(idempotencyKey),
  });
}

/** Cancel a SetupIntent (https://docs.stripe.com/api/setup_intents/cancel). */
export function cancelSetupIntent(
  ctx: AppContext,
  intent: string,
  body: Schemas['post_setup_intents_intent_cancel_request'],
  idempotencyKey?: string,
) {
  return ctx.upstreams.stripe.POST('/v1/setup_intents/{intent}/cancel', {
    params: { path: { intent } },
    body,
    ...formOf(idempotencyKey),
  });
}

/** Retrieve a PaymentMethod (https://docs.stripe.com/api/payment_methods/retrieve). */
export function retrievePaymentMethod(ctx: AppContext, paymentMethod: string) {
  return ctx.upstreams.stripe.GET('/v1/payment_methods/{payment_method}', {
    params: { path: { payment_method: paymentMethod } },
  });
}

/**
 * Detach a PaymentMethod from its customer (https://docs.stripe.com/api/payment_methods/detach): no
 * body, the form's content type, and the Idempotency-Key when one is given.
 */
export function detachPaymentMethod(ctx: AppContext, paymentMethod: string, idempotencyKey?: string) {
  return ctx.upstreams.stripe.POST('/v1/payment_methods/{payment_method}/detach', {
    params: { path: { payment_method: paymentMethod } },
    ...formOf(idempotencyKey),
  });
}
