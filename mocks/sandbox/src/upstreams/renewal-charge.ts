/**
 * Sandbox control for the renewals (issue 31), mounted at `/__sandbox/orders`:
 * `POST /:orderNo/renewal-charge` makes the charge the order-management system makes when an
 * order's subscription renews: merchant-initiated, the customer away, on the method the order
 * recorded (`c_SNP_OMS_paymentMethodToken`), through the sandbox provider's own HTTP API with the
 * sandbox credentials, so that the stand-ins' checks apply as the real providers' would.
 *
 * - Stripe (the order's market is a Stripe market, or it names a `c_SNP_OMS_stripeCustomerId`): a
 *   PaymentIntent confirmed off-session (`off_session=true`, `confirm=true`) with the order's
 *   `customer` and the method, a card or the SEPA Direct Debit method an iDEAL or Bancontact set-up
 *   generated (https://docs.stripe.com/payments/save-and-reuse); a SEPA debit is `processing`, so it
 *   is read again (it has cleared by then in the stand-in).
 * - Adyen: `/payments` with the stored method id, `shopperInteraction: ContAuth`,
 *   `recurringProcessingModel: Subscription` and the `shopperReference` it is stored under
 *   (https://docs.adyen.com/online-payments/tokenization/make-token-payments), read from the order's
 *   `c_SNP_OMS_adyenShopperReference`, else `c_SNP_OMS_shopperReference`.
 *
 * Answers `{charged, provider, paymentMethod, id, error?}`: 200 whether the provider took the
 * charge or refused it (its refusal in `error`), 404 for an unknown order, 409 (charged false) when
 * the order has no token, 400 for an order number that cannot be one, 502 when the provider's answer
 * cannot be read.
 */
import express, { type Router } from 'express';
import type { SandboxContext } from '../app.ts';
import { CREDENTIALS, MARKETS, type Provider } from '../seed.ts';
import { state as commerce, type OrderRecord } from './commerce/state.ts';

export interface RenewalCharge {
  charged: boolean;
  provider: Provider;
  paymentMethod: string;
  /** The PaymentIntent's id or Adyen's pspReference, when the provider answered with one. */
  id?: string;
  /** The provider's refusal (or why nothing was charged). */
  error?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** The provider of the order's market; an order without a market is Stripe's when it names a Stripe customer. */
export function providerOf(order: OrderRecord): Provider {
  const market = MARKETS[text(order.custom.c_SNP_OMS_StorefrontCountry) ?? ''];
  if (market) return market.provider;
  return text(order.custom.c_SNP_OMS_stripeCustomerId) ? 'stripe' : 'adyen';
}

/** The order's total in the currency's minor units, and its currency. */
function amountOf(order: OrderRecord) {
  return { value: Math.round((order.body.orderTotal ?? 0) * 100), currency: order.body.currency ?? 'EUR' };
}

/** Stripe's form encoding, nested keys in bracket notation. */
function stripeForm(body: Record<string, string | string[] | Record<string, string>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') params.append(key, value);
    else if (Array.isArray(value)) value.forEach((item, i) => params.append(`${key}[${i}]`, item));
    else for (const [inner, item] of Object.entries(value)) params.append(`${key}[${inner}]`, item);
  }
  return params.toString();
}

/** The renewal's PaymentIntent: off-session, confirmed at once, on the order's customer and method. */
export function stripeRenewalRequest(order: OrderRecord, token: string) {
  const amount = amountOf(order);
  const customer = text(order.custom.c_SNP_OMS_stripeCustomerId);
  return {
    amount: String(amount.value),
    currency: amount.currency.toLowerCase(),
    ...(customer ? { customer } : {}),
    payment_method: token,
    payment_method_types: ['card', 'sepa_debit'],
    confirm: 'true',
    off_session: 'true',
    metadata: { orderNo: order.orderNo },
  };
}

/** The renewal's `/payments`: the stored method, merchant-initiated (ContAuth), a subscription's. */
export function adyenRenewalRequest(context: SandboxContext, order: OrderRecord, token: string) {
  const shopperReference =
    text(order.custom.c_SNP_OMS_adyenShopperReference) ?? text(order.custom.c_SNP_OMS_shopperReference);
  return {
    amount: amountOf(order),
    merchantAccount: CREDENTIALS.adyen.merchantAccount,
    reference: order.orderNo,
    returnUrl: `${context.baseUrl()}/__sandbox/orders/${encodeURIComponent(order.orderNo)}`,
    paymentMethod: { type: 'scheme', storedPaymentMethodId: token },
    ...(shopperReference ? { shopperReference } : {}),
    shopperInteraction: 'ContAuth',
    recurringProcessingModel: 'Subscription',
  };
}

type Json = Record<string, unknown>;

async function callStripe(context: SandboxContext, method: 'GET' | 'POST', path: string, body?: string) {
  const response = await fetch(`${context.baseUrl()}/stripe${path}`, {
    method,
    headers: {
      authorization: `Bearer ${CREDENTIALS.stripe.secretKey}`,
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(body ? { body } : {}),
  });
  return (await response.json()) as Json;
}

async function chargeStripe(context: SandboxContext, order: OrderRecord, token: string): Promise<RenewalCharge> {
  let intent = await callStripe(context, 'POST', '/v1/payment_intents', stripeForm(stripeRenewalRequest(order, token)));
  const refusal = intent.error as { message?: string; code?: string; payment_intent?: { id?: string } } | undefined;
  if (refusal) {
    const id = refusal.payment_intent?.id;
    return { charged: false, provider: 'stripe', paymentMethod: token, ...(id ? { id } : {}), error: refusal.message };
  }
  // A SEPA Direct Debit is submitted first (processing) and succeeds later: read again.
  if (intent.status === 'processing')
    intent = await callStripe(context, 'GET', `/v1/payment_intents/${encodeURIComponent(String(intent.id))}`);
  const charged = intent.status === 'succeeded';
  return {
    charged,
    provider: 'stripe',
    paymentMethod: token,
    id: String(intent.id),
    ...(charged ? {} : { error: `The PaymentIntent is ${String(intent.status)}.` }),
  };
}

async function chargeAdyen(context: SandboxContext, order: OrderRecord, token: string): Promise<RenewalCharge> {
  const response = await fetch(`${context.baseUrl()}/adyen/v71/payments`, {
    method: 'POST',
    headers: { 'x-api-key': CREDENTIALS.adyen.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(adyenRenewalRequest(context, order, token)),
  });
  const answer = (await response.json()) as Json;
  const id = text(answer.pspReference);
  const charged = answer.resultCode === 'Authorised';
  const error = charged
    ? undefined
    : (text(answer.refusalReason) ?? text(answer.message) ?? `resultCode ${String(answer.resultCode)}`);
  return { charged, provider: 'adyen', paymentMethod: token, ...(id ? { id } : {}), ...(error ? { error } : {}) };
}

export function renewalChargeControls(context: SandboxContext): Router {
  const router = express.Router();
  router.post('/:orderNo/renewal-charge', async (req, res) => {
    const orderNo = String(req.params.orderNo);
    if (!/^[A-Za-z0-9_-]{1,50}$/.test(orderNo)) {
      res.status(400).json({ error: `"${orderNo}" is not an order number.` });
      return;
    }
    const order = commerce.orders.get(orderNo);
    if (!order) {
      res.status(404).json({ error: `No order ${orderNo} in the commerce stand-in.` });
      return;
    }
    const provider = providerOf(order);
    const token = text(order.custom.c_SNP_OMS_paymentMethodToken);
    if (!token) {
      res.status(409).json({
        charged: false,
        provider,
        paymentMethod: null,
        error: `Order ${orderNo} has no c_SNP_OMS_paymentMethodToken: nothing to charge.`,
      });
      return;
    }
    try {
      res.json(
        provider === 'stripe' ? await chargeStripe(context, order, token) : await chargeAdyen(context, order, token),
      );
    } catch (error) {
      // The provider stand-in did not answer readably (a fault injected on it): nothing is known to be charged.
      res.status(502).json({ charged: false, provider, paymentMethod: token, error: `No answer: ${String(error)}` });
    }
  });
  return router;
}
