/**
 * Stripe (storefront §4 "Payment setup" and "On payment"): the payment customer is found by the
 * customer's CDC id or created; saving a method is a SetupIntent confirmed off-session with it,
 * 3-D Secure and bank pages through its redirect, and the result is always read back from
 * Stripe. Paying an order is saving its method (the renewals charge it off-session); a replaced
 * method is detached, and a saved card's expiry read from its PaymentMethod. Stripe's API is
 * form-encoded.
 */
import { stripeRefusal } from '../../../../domain/payment-errors.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { invalidField } from '../../errors.ts';
import type { Shopper } from '../shopper.ts';
import {
  authorisationFailed,
  invalidPaymentData,
  missingPaymentMethod,
  providerFailure,
  refused,
} from './payment-problems.ts';
import type { CheckedMethod, PaymentProvider, ProviderReferences, SaveResult } from './provider.ts';

type Schemas = components['schemas'];

/** Stripe's form encoding: nested objects and arrays in bracket notation. */
export function stripeForm(body: Record<string, unknown>): string {
  const params = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((v, i) => add(`${key}[${i}]`, v));
    else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) add(`${key}[${k}]`, v);
    } else params.append(key, String(value));
  };
  for (const [k, v] of Object.entries(body)) add(k, v);
  return params.toString();
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' } as const;

/** openapi-fetch options of a form-encoded Stripe call with a body, with an Idempotency-Key when given. */
export function formOf(idempotencyKey?: string) {
  return {
    bodySerializer: (b: Record<string, unknown>) => stripeForm(b),
    headers: { ...FORM, ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) },
  };
}

/** The payment method types the market's Payment Element offers (card, plus its bank method). */
function methodTypes(shopper: Shopper): string[] {
  const methods = shopper.market.paymentMethods;
  if (methods.includes('IDEAL')) return ['card', 'ideal'];
  if (methods.includes('BANCONTACT')) return ['card', 'bancontact'];
  return ['card'];
}

/** The payment customer: found by CDC id (registered) or created; a missing one is replaced (§4). */
async function customerFor(ctx: AppContext, shopper: Shopper, email: string, name: string): Promise<string> {
  const cdc = shopper.session.sapCdcId;
  if (cdc) {
    const { data } = await ctx.upstreams.stripe.GET('/v1/customers/search', {
      params: { query: { query: `metadata['sap_cdc_id']:'${cdc.replace(/'/g, '')}'` } },
    });
    const found = data?.data?.[0]?.id;
    if (found) return found;
  }
  const created = await ctx.upstreams.stripe.POST('/v1/customers', {
    body: { email, name, metadata: { ...(cdc ? { sap_cdc_id: cdc } : {}), localeId: shopper.locale } },
    ...formOf(),
  });
  if (!created.data) throw providerFailure(created.response.status);
  return created.data.id;
}

/** A payment method read from Stripe: its type and, for a card, the card's facts. */
async function readMethod(ctx: AppContext, id: string): Promise<CheckedMethod | null> {
  const { data } = await ctx.upstreams.stripe.GET('/v1/payment_methods/{payment_method}', {
    params: { path: { payment_method: id } },
  });
  if (!data) return null;
  const card = data.card;
  return {
    id: data.id,
    type: data.type,
    ...(card
      ? {
          card: {
            brand: card.brand ?? data.type,
            last4: card.last4 ?? '',
            expMonth: card.exp_month ?? 0,
            expYear: card.exp_year ?? 0,
            country: card.country ?? null,
          },
        }
      : {}),
  };
}

/** Reads the setup intent back: only a succeeded intent for this payment method has saved it. */
async function readBack(
  ctx: AppContext,
  record: ProviderReferences,
  methodId: string | undefined,
): Promise<'succeeded' | 'processing'> {
  const { data, response } = await ctx.upstreams.stripe.GET('/v1/setup_intents/{intent}', {
    params: { path: { intent: record.setupIntentId! } },
  });
  if (!data) throw providerFailure(response.status);
  if (data.status === 'succeeded' && (!methodId || data.payment_method === methodId)) return 'succeeded';
  if (data.status === 'processing') return 'processing';
  throw authorisationFailed();
}

export const stripeProvider: PaymentProvider = {
  name: 'stripe',

  async setup(ctx, shopper, input) {
    const customer = await customerFor(ctx, shopper, input.email, input.name);
    const types = methodTypes(shopper);
    const intent = await ctx.upstreams.stripe.POST('/v1/setup_intents', {
      body: { customer, usage: 'off_session', payment_method_types: types },
      ...formOf(),
    });
    if (!intent.data) throw providerFailure(intent.response.status);
    const setup: Schemas['StripePaymentSetup'] = {
      provider: 'stripe',
      publishableKey: ctx.config.credentials.stripe.publishableKey,
      customerId: customer,
      setupIntentId: intent.data.id,
      clientSecret: intent.data.client_secret ?? '',
      paymentMethodTypes: types,
      amount: input.amount,
      sandbox: input.sandbox,
    };
    return setup;
  },

  async checkMethod(ctx, request) {
    const id = request.sandboxCardToken ?? request.stripePaymentMethodId;
    if (!id) throw missingPaymentMethod();
    const method = await readMethod(ctx, id);
    if (!method) throw invalidPaymentData('Your card number is invalid');
    return method;
  },

  async saveMethod(ctx, shopper, attempt): Promise<SaveResult> {
    const { record, method } = attempt;
    record.stripeCustomerId = await customerFor(ctx, shopper, attempt.customer.email, attempt.customer.name);
    const created = await ctx.upstreams.stripe.POST('/v1/setup_intents', {
      body: {
        customer: record.stripeCustomerId,
        payment_method: method.id,
        confirm: true,
        usage: 'off_session',
        return_url: attempt.returnUrl,
        payment_method_types: [method.type],
        ...(attempt.orderNo ? { metadata: { orderNo: attempt.orderNo } } : {}),
      },
      ...formOf(`${record.key}-setup`),
    });
    if (!created.data) {
      if (created.response.status === 402) {
        const error = (created.error as { error?: Parameters<typeof stripeRefusal>[0] } | undefined)?.error;
        throw refused(stripeRefusal(error));
      }
      throw providerFailure(created.response.status);
    }
    record.setupIntentId = created.data.id;
    if (created.data.status === 'requires_action') {
      const redirectUrl = created.data.next_action?.redirect_to_url?.url;
      if (!redirectUrl) throw providerFailure(500);
      return {
        status: 'actionRequired',
        actionType: method.type === 'card' ? 'threeDSecure' : 'bankRedirect',
        redirectUrl,
      };
    }
    if ((await readBack(ctx, record, method.id)) === 'processing') return { status: 'processing' };
    const stored = { token: method.id!, customerId: record.stripeCustomerId };
    return { status: 'saved', stored, ...(method.card ? { card: method.card } : {}) };
  },

  async pay(ctx, shopper, attempt) {
    const { pending } = attempt;
    const saved = await stripeProvider.saveMethod(ctx, shopper, {
      ...attempt,
      record: pending,
      orderNo: pending.orderNo,
      currency: attempt.amount.currency,
    });
    return saved.status === 'saved' ? { status: 'paid' } : saved;
  },

  checkReturn(pending, request) {
    if (request.setup_intent && request.setup_intent !== pending.setupIntentId) {
      throw invalidField('The setup intent does not belong to this payment.', {
        field: '/setup_intent',
        message: 'Unknown setup intent.',
        code: 'mismatch',
      });
    }
  },

  async confirm(ctx, pending) {
    return (await readBack(ctx, pending, pending.paymentMethodId)) === 'succeeded'
      ? { status: 'paid' }
      : { status: 'processing' };
  },

  async confirmSave(ctx, _shopper, record, methodId) {
    if (!methodId) throw providerFailure(500);
    if ((await readBack(ctx, record, methodId)) === 'processing') return { status: 'processing' };
    const stored = { token: methodId, ...(record.stripeCustomerId ? { customerId: record.stripeCustomerId } : {}) };
    const method = await readMethod(ctx, methodId);
    return { status: 'saved', stored, ...(method?.card ? { card: method.card } : {}) };
  },

  async removeStoredMethod(ctx, stored) {
    const { response } = await ctx.upstreams.stripe.POST('/v1/payment_methods/{payment_method}/detach', {
      params: { path: { payment_method: stored.token } },
      headers: FORM,
    });
    if (!response.ok) throw providerFailure(response.status);
  },

  // The saving attached the new method to the payment customer; only the replaced one is detached.
  async keepOnlyStoredMethod(ctx, kept, previous) {
    if (previous && previous.token !== kept.token) await stripeProvider.removeStoredMethod(ctx, previous);
  },

  async storedCardExpiry(ctx, stored) {
    const { data, response } = await ctx.upstreams.stripe.GET('/v1/payment_methods/{payment_method}', {
      params: { path: { payment_method: stored.token } },
    });
    if (response.status === 404) return null;
    if (!data) throw providerFailure(response.status);
    return data.card ? { expMonth: data.card.exp_month, expYear: data.card.exp_year } : null;
  },
};
