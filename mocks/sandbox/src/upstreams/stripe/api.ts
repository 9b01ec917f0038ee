/**
 * What the Stripe stand-in's operations share: parsing form bodies with the contract's Zod schemas,
 * reading stored objects (Stripe's resource_missing when absent), the objects as the API returns
 * them, decline and authentication errors, and attaching a set-up method to its customer.
 */
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { SandboxContext } from '../../app.ts';
import { fromZodError, invalidRequest, resourceMissing } from './errors.ts';
import { coerceForm } from './form.ts';
import {
  store,
  type ApiError,
  type Customer,
  type PaymentMethod,
  type SetupIntent,
  type StoredPaymentMethod,
  type StoredSetupIntent,
} from './store.ts';

export type KeyKind = 'secret' | 'publishable';
export interface Result {
  status?: number;
  body: unknown;
}
export type Handler = (req: Request, res: Response) => Result;

/** The router's wrappers an operation is registered with (index.ts). */
export interface Wrappers {
  /** Runs a handler, answering a thrown StripeError in Stripe's error shape. */
  run: (handler: Handler) => (req: Request, res: Response) => void;
  /** A POST with Stripe's idempotency: the same key and parameters replay the stored answer. */
  idempotent: (handler: Handler) => (req: Request, res: Response) => void;
  /** Refuses a publishable key where Stripe wants the secret key. */
  requireSecret: (res: Response) => void;
}

export function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(coerceForm(input ?? {}, schema), { reportInput: true });
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

export const nowSeconds = (context: SandboxContext) => Math.floor(context.clock.nowMs() / 1000);

export const liveCustomer = (id: string, param: string, status = 400): Customer => {
  const customer = store.customers.get(id);
  if (!customer || 'deleted' in customer) throw resourceMissing('customer', id, param, status);
  return customer;
};

export const storedMethod = (id: string, param: string, status = 404): StoredPaymentMethod => {
  const method = store.paymentMethods.get(id);
  if (!method) throw resourceMissing('PaymentMethod', id, param, status);
  return method;
};

/**
 * The payment method an intent (a SetupIntent, a PaymentIntent) may use: it exists, was neither
 * detached nor used up (a single-use iDEAL or Bancontact method once set up, a method paid with
 * without being attached), and fits the customer: one attached to a customer only with that one.
 */
export const usableMethod = (id: string, customer: string | null): StoredPaymentMethod => {
  const method = storedMethod(id, 'payment_method', 400);
  if (method.detached || method.used)
    throw invalidRequest(
      'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
      { param: 'payment_method' },
    );
  if (method.object.customer && method.object.customer !== customer)
    throw invalidRequest(
      'The provided PaymentMethod belongs to a different Customer, or no Customer was given. Pass the Customer the PaymentMethod is attached to.',
      { param: 'payment_method' },
    );
  return method;
};

export const storedIntent = (id: string): StoredSetupIntent => {
  const intent = store.setupIntents.get(id);
  if (!intent) throw resourceMissing('setup_intent', id, 'intent');
  return intent;
};

export function setupIntentResponse(intent: StoredSetupIntent): SetupIntent {
  return structuredClone(intent.object);
}

export function paymentMethodResponse(method: StoredPaymentMethod): PaymentMethod {
  return structuredClone(method.object);
}

export function declineError(outcome: 'generic_decline' | 'insufficient_funds' | 'expired_card'): ApiError {
  const base = { type: 'card_error' as const, payment_method_type: 'card' };
  switch (outcome) {
    case 'insufficient_funds':
      return {
        ...base,
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      };
    case 'expired_card':
      return {
        ...base,
        code: 'expired_card',
        decline_code: 'expired_card',
        param: 'exp_month',
        message: 'Your card has expired.',
        doc_url: 'https://stripe.com/docs/error-codes/expired-card',
      };
    default:
      return {
        ...base,
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      };
  }
}

export const authenticationFailure = (paymentMethodType: string): ApiError => ({
  type: 'invalid_request_error',
  code: 'setup_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  doc_url: 'https://stripe.com/docs/error-codes/setup-intent-authentication-failure',
  payment_method_type: paymentMethodType,
});

export function attachTo(method: StoredPaymentMethod, customer: string | null): void {
  if (customer && !method.object.customer) method.object.customer = customer;
}
