/**
 * Placing an order and paying it with the market's provider (storefront §4 Checkout "On payment"
 * and "Payment setup", §8 payment errors, DESIGN.md provider per market).
 *
 * Order of work, so that bad input leaves nothing half-written: the basket and the payment method
 * are checked first (billing mismatch included, where the card country is known before paying);
 * then the payment instrument and the order (status created); then the provider; then the result
 * is READ BACK from the provider (never taken from the browser) and only then is the order marked
 * new with c_stripe_status succeeded. A refused payment marks the order failed with
 * c_stripe_status error and puts the same basket back, so the shopper can retry.
 *
 * One order and one payment per attempt: placeOrder runs under a per-session lock, the first
 * answer per Idempotency-Key is kept in the session and replayed, the providers get derived
 * idempotency keys, and the basket is consumed by the first order (a second tab finds none).
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { paymentErrorKindForStatus, type PaymentErrorKind } from '../../../domain/payment-errors.ts';
import type { components } from '../../../generated/proxy/types.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { PendingPayment } from '../session.ts';
import {
  basketParams,
  currentBasket,
  ensureBasket,
  fromAddress,
  SHIPMENT_ID,
  toAddress,
  unwrap,
  type CommerceBasket,
} from './basket.ts';
import { failOrder, readOrder, updateOrder, type CommerceOrder } from './orders.ts';
import { customPreferences } from './preferences.ts';
import { shopperOf, type Shopper } from './shopper.ts';

type Schemas = components['schemas'];
type PlaceOrderRequest = Schemas['PlaceOrderRequest'];
const BASKET = '/checkout/shopper-baskets/v1/organizations/{organizationId}/baskets/{basketId}' as const;

export interface Outcome {
  status: number;
  body: Schemas['OrderPlaced'] | Schemas['ActionRequired'] | Schemas['PaymentConfirmation'] | Schemas['Problem'];
}

const NOT_CHARGED = 'Your payment method has not been charged. Please wait a few minutes and try again.';
const CHECKOUT_FAILED = 'An unexpected error occurred during checkout.';
const BILLING_MISMATCH =
  'Your billing address does not match the country associated with your payment method. Please try again with a different address or payment method';
const AUTHORISATION_FAILED = 'There was a problem processing your payment approval';

// ---- Helpers ------------------------------------------------------------------------------------

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
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const paymentProblem = (
  status: number,
  slug: string,
  title: string,
  detail: string,
  kind: PaymentErrorKind | undefined,
  code?: string,
): Outcome => ({
  status,
  body: {
    type: `https://shop.example/problems/${slug}`,
    title,
    status,
    detail,
    ...(kind ? { paymentErrorKind: kind } : {}),
    ...(code ? { code } : {}),
  },
});

/** A provider failure by HTTP status (§8 mapping); nothing was charged. */
function providerFailure(status: number): Outcome {
  const kind = paymentErrorKindForStatus(status) ?? 'payment_platform_error';
  const slug =
    kind === 'invalid_request_error'
      ? 'payment-invalid-request'
      : kind === 'authentication_error'
        ? 'payment-authentication-error'
        : kind === 'connection_error'
          ? 'payment-connection-error'
          : 'payment-platform-error';
  return paymentProblem(502, slug, 'Payment service error', NOT_CHARGED, kind);
}

/** 202: the shopper must pass 3-D Secure or the bank's page first (a redirect back to /payment-confirmation). */
function actionRequired(pending: PendingPayment, card: boolean, url: string | null | undefined): Outcome {
  if (!url) return providerFailure(500);
  return {
    status: 202,
    body: {
      outcome: 'actionRequired',
      actionType: card ? 'threeDSecure' : 'bankRedirect',
      orderNo: pending.orderNo,
      redirectUrl: url,
    },
  };
}

/** 402: 3-D Secure or the bank refused the approval (§8 card_authorisation_error). */
const authorisationFailed = (): Outcome =>
  paymentProblem(
    402,
    'payment-authorisation-failed',
    'Payment not approved',
    AUTHORISATION_FAILED,
    'card_authorisation_error',
  );

const fingerprintOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

const locks = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier call for the same session has finished (double clicks, two tabs). */
async function serialised<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const current = previous.catch(() => undefined).then(work);
  locks.set(key, current);
  try {
    return await current;
  } finally {
    if (locks.get(key) === current) locks.delete(key);
  }
}

/** The session's id without creating one (the lock key); the cookie's signed id. */
async function sessionKey(req: Request, ctx: AppContext): Promise<string> {
  return (await ctx.sessions.current(req))?.id ?? 'anonymous';
}

function minorUnits(value: number): number {
  return Math.round(value * 100);
}

// ---- The basket before paying -------------------------------------------------------------------

function requireReady(basket: CommerceBasket | null): CommerceBasket {
  const missing: Schemas['FieldError'][] = [];
  if (!basket || (basket.productItems?.length ?? 0) === 0) {
    throw new AppError(422, 'basket-incomplete', 'Checkout incomplete', CHECKOUT_FAILED, {
      errors: [{ field: '/basket', message: 'Basket is empty', code: 'basket_empty' }],
    });
  }
  if (!basket.customerInfo?.email)
    missing.push({ field: '/email', message: 'Please enter your e-mail address.', code: 'required' });
  const shipment = basket.shipments?.[0];
  if (!toAddress(shipment?.shippingAddress)) {
    missing.push({ field: '/shippingAddress', message: 'Please enter your address.', code: 'required' });
  }
  if (!shipment?.shippingMethod?.id)
    missing.push({ field: '/shippingMethod', message: 'Please choose a shipping method.', code: 'required' });
  if (!toAddress(basket.billingAddress)) {
    missing.push({ field: '/billingAddress', message: 'Please select a billing address.', code: 'required' });
  }
  if (missing.length) {
    throw new AppError(422, 'basket-incomplete', 'Checkout incomplete', CHECKOUT_FAILED, { errors: missing });
  }
  return basket;
}

/** Puts a failed order's item, e-mail, addresses and method back into a new basket (the retry of §4). */
async function restoreBasket(shopper: Shopper, ctx: AppContext, order: CommerceOrder): Promise<void> {
  try {
    const basket = await ensureBasket(shopper, ctx);
    const { organizationId, query } = basketParams(shopper);
    const path = { organizationId, basketId: basket.basketId! };
    const opts = { headers: shopper.headers };
    const items = (order.productItems ?? []).map((i) => ({
      productId: i.productId!,
      quantity: 1,
      price: i.price ?? 0,
    }));
    if (items.length && (basket.productItems?.length ?? 0) === 0) {
      await ctx.upstreams.commerce.POST(`${BASKET}/items`, { params: { path, query }, body: items, ...opts });
    }
    if (order.customerInfo?.email) {
      await ctx.upstreams.commerce.PUT(`${BASKET}/customer`, {
        params: { path, query },
        body: { email: order.customerInfo.email },
        ...opts,
      });
    }
    const shipment = order.shipments?.[0];
    if (shipment?.shippingAddress) {
      await ctx.upstreams.commerce.PUT(`${BASKET}/shipments/{shipmentId}/shipping-address`, {
        params: { path: { ...path, shipmentId: SHIPMENT_ID }, query: { ...query, useAsBilling: false } },
        body: shipment.shippingAddress,
        ...opts,
      });
    }
    if (shipment?.shippingMethod?.id) {
      await ctx.upstreams.commerce.PUT(`${BASKET}/shipments/{shipmentId}/shipping-method`, {
        params: { path: { ...path, shipmentId: SHIPMENT_ID }, query },
        body: { id: shipment.shippingMethod.id },
        ...opts,
      });
    }
    if (order.billingAddress) {
      await ctx.upstreams.commerce.PUT(`${BASKET}/billing-address`, {
        params: { path, query: { ...query, useAsShipping: false } },
        body: order.billingAddress,
        ...opts,
      });
    }
    shopper.session.basketItemCount = items.length ? 1 : 0;
  } catch (error) {
    ctx.logger.error({ err: error, orderNo: order.orderNo }, 'the basket of a failed order could not be restored');
  }
}

/** Marks the order failed (c_stripe_status error) and gives the shopper the basket back. */
async function failAndRestore(shopper: Shopper, ctx: AppContext, orderNo: string): Promise<void> {
  const order = await readOrder(shopper, ctx, orderNo).catch(() => null);
  await failOrder(shopper, ctx, orderNo, order?.customerInfo?.customerName ?? order?.customerName).catch(
    (error: unknown) => ctx.logger.error({ err: error, orderNo }, 'marking the order failed did not work'),
  );
  if (order) await restoreBasket(shopper, ctx, order);
  delete shopper.session.pendingPayment;
}

// ---- Stripe --------------------------------------------------------------------------------------

interface StripeCard {
  id: string;
  type: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  country: string | null;
}

async function stripePaymentMethod(ctx: AppContext, id: string): Promise<StripeCard | null> {
  const { data } = await ctx.upstreams.stripe.GET('/v1/payment_methods/{payment_method}', {
    params: { path: { payment_method: id } },
  });
  if (!data) return null;
  return {
    id: data.id,
    type: data.type,
    brand: data.card?.brand ?? data.type,
    last4: data.card?.last4 ?? '',
    expMonth: data.card?.exp_month ?? 0,
    expYear: data.card?.exp_year ?? 0,
    country: data.card?.country ?? null,
  };
}

/** The payment customer: found by CDC id (registered) or created; a missing one is replaced (§4). */
export async function stripeCustomer(shopper: Shopper, ctx: AppContext, email: string, name: string): Promise<string> {
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
    bodySerializer: (b: Record<string, unknown>) => stripeForm(b),
    headers: FORM,
  });
  if (!created.data) throw Object.assign(new Error('stripe customer'), { status: created.response.status });
  return created.data.id;
}

// ---- Finalising -----------------------------------------------------------------------------------

/** Verified paid: order new, c_stripe_status succeeded, card facts; the order-management record flagged. */
async function finalise(shopper: Shopper, ctx: AppContext, pending: PendingPayment): Promise<Outcome> {
  const card = pending.card;
  await updateOrder(shopper, ctx, pending.orderNo, {
    status: 'new',
    c_stripe_status: 'succeeded',
    c_payment_type: pending.paymentType,
    ...(card ? { c_cardType: card.brand, c_last4: card.last4 } : {}),
    ...(card ? { c_SNP_OMS_expirationDate: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}` } : {}),
    ...(pending.stripeCustomerId ? { c_SNP_OMS_stripeCustomerId: pending.stripeCustomerId } : {}),
    ...(pending.paymentMethodId ? { c_SNP_OMS_paymentMethodToken: pending.paymentMethodId } : {}),
  });
  await flagOmsRecord(shopper, ctx, pending.orderNo);
  delete shopper.session.pendingPayment;
  shopper.session.basketItemCount = 0;
  if (card) shopper.session.lastCard = { orderNo: pending.orderNo, ...card };
  else delete shopper.session.lastCard;
  return { status: 201, body: { outcome: 'orderPlaced', orderNo: pending.orderNo, status: 'new' } };
}

/** Flags the order's record in the order-management system for update (registered shoppers). */
async function flagOmsRecord(shopper: Shopper, ctx: AppContext, orderNo: string): Promise<void> {
  const userId = shopper.session.principalUUID;
  if (!userId) return;
  try {
    const history = await ctx.upstreams.som.POST('/services/apexrest/SOM/History', {
      body: {
        controllerName: 'SOM',
        methodRequest: 'History',
        query: { userId, storefrontType: 'B2C', limit: 9999, offset: 0 },
      },
    });
    const records = (
      history.data as { orders?: { records?: Array<{ Id?: string; OrderNumber?: string }> } } | undefined
    )?.orders?.records;
    const record = records?.find((r) => r.OrderNumber === orderNo);
    if (!record?.Id) return;
    await ctx.upstreams.som.POST('/services/apexrest/SOM/UpdateOmsRecord', {
      body: {
        controllerName: 'SOM',
        methodRequest: 'UpdateOmsRecord',
        query: { recordId: record.Id, table: 'OrderSummary', isRecordToBeUpdated: true },
      },
    });
  } catch (error) {
    ctx.logger.warn({ err: error, orderNo }, 'order-management record update failed');
  }
}

// ---- placeOrder -------------------------------------------------------------------------------------

export async function placeOrder(
  req: Request,
  res: Response,
  ctx: AppContext,
  request: PlaceOrderRequest,
  key: string,
): Promise<Outcome> {
  return serialised(await sessionKey(req, ctx), async () => {
    const shopper = await shopperOf(req, res, ctx);
    const fingerprint = fingerprintOf(request);
    const earlier = shopper.session.paymentResults?.[key];
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        return paymentProblem(
          409,
          'idempotency-key-reused',
          'Idempotency key reused',
          'This Idempotency-Key was used with a different request body.',
          undefined,
        );
      }
      return { status: earlier.status, body: earlier.body as Outcome['body'] };
    }
    // A problem thrown before anything was written is not remembered: a retry with the same key
    // after fixing the input is a new attempt.
    const outcome = await attempt(shopper, ctx, request, key);
    const results = { ...(shopper.session.paymentResults ?? {}), [key]: { fingerprint, ...outcome } };
    shopper.session.paymentResults = Object.fromEntries(Object.entries(results).slice(-10));
    await ctx.sessions.save(res, shopper.session);
    return outcome;
  });
}

async function attempt(shopper: Shopper, ctx: AppContext, request: PlaceOrderRequest, key: string): Promise<Outcome> {
  if (request.provider !== shopper.market.provider) {
    throw new AppError(422, 'payment-validation-error', 'Payment data invalid', CHECKOUT_FAILED, {
      errors: [
        { field: '/provider', message: `This market pays with ${shopper.market.provider}.`, code: 'wrong_provider' },
      ],
    });
  }
  let basket = await currentBasket(shopper, ctx);
  const { organizationId, query } = basketParams(shopper);
  if (basket && request.billingAddress) {
    basket = unwrap(
      await ctx.upstreams.commerce.PUT(`${BASKET}/billing-address`, {
        params: { path: { organizationId, basketId: basket.basketId! }, query: { ...query, useAsShipping: false } },
        headers: shopper.headers,
        body: fromAddress(request.billingAddress),
      }),
      'billing address',
      ctx,
    );
  }
  const ready = requireReady(basket);
  const billingCountry = String(ready.billingAddress?.countryCode ?? '');
  const total = ready.orderTotal ?? ready.productTotal ?? 0;
  // The billing-mismatch control of the region (storefront §8): when on, the billing country must
  // be the card's country.
  const mismatchControl =
    (await customPreferences(ctx, shopper.siteId, shopper.market.country, shopper.headers)).c_billingMismatchControl ===
    true;

  // The payment method, checked before anything is written.
  let card: StripeCard | null = null;
  if (request.provider === 'stripe') {
    const id = request.sandboxCardToken ?? request.stripePaymentMethodId;
    if (!id) throw missingPaymentMethod();
    card = await stripePaymentMethod(ctx, id);
    if (!card) {
      throw new AppError(422, 'payment-validation-error', 'Payment data invalid', 'Your card number is invalid', {
        paymentErrorKind: 'validation_error',
      });
    }
    if (mismatchControl && card.type === 'card' && card.country && card.country !== billingCountry) {
      throw new AppError(409, 'billing-address-mismatch', 'Billing address mismatch', BILLING_MISMATCH, {
        paymentErrorKind: 'billing_address_missmatch',
      });
    }
  } else if (!request.adyenPaymentMethod) {
    throw missingPaymentMethod();
  }

  // The one payment instrument (adding one replaces the previous: §3), then the order.
  for (const old of ready.paymentInstruments ?? []) {
    await ctx.upstreams.commerce.DELETE(`${BASKET}/payment-instruments/{paymentInstrumentId}`, {
      params: {
        path: { organizationId, basketId: ready.basketId!, paymentInstrumentId: old.paymentInstrumentId! },
        query,
      },
      headers: shopper.headers,
    });
  }
  const holder = [ready.billingAddress?.firstName, ready.billingAddress?.lastName].filter(Boolean).join(' ');
  unwrap(
    await ctx.upstreams.commerce.POST(`${BASKET}/payment-instruments`, {
      params: { path: { organizationId, basketId: ready.basketId! }, query },
      headers: shopper.headers,
      body: {
        amount: total,
        paymentMethodId: request.paymentMethodType,
        ...(card && card.type === 'card'
          ? {
              paymentCard: {
                cardType: card.brand,
                holder,
                maskedNumber: `************${card.last4}`,
                expirationMonth: card.expMonth,
                expirationYear: card.expYear,
              },
            }
          : {}),
      },
    }),
    'payment instrument',
    ctx,
  );
  const vehicle = shopper.session.vehicle;
  const order = unwrap(
    await ctx.upstreams.commerce.POST('/checkout/shopper-orders/v1/organizations/{organizationId}/orders', {
      params: { path: { organizationId }, query: { siteId: shopper.siteId } },
      headers: shopper.headers,
      body: {
        basketId: ready.basketId!,
        ...(vehicle ? { c_SNP_OMS_vin: vehicle.vin, c_SNP_OMS_vehicleName: vehicle.model } : {}),
        c_SNP_OMS_locale: shopper.locale,
        c_SNP_OMS_brand: shopper.siteId,
        c_SNP_OMS_StorefrontCountry: shopper.market.country,
        c_payment_type: request.paymentMethodType,
        ...(shopper.session.principalUUID ? { c_SNP_OMS_CustomerUUID: shopper.session.principalUUID } : {}),
      },
    }),
    'order creation',
    ctx,
  );
  const orderNo = order.orderNo!;
  shopper.session.placedOrders = [...(shopper.session.placedOrders ?? []), orderNo].slice(-20);
  shopper.session.basketItemCount = 0;
  const pending: PendingPayment = {
    orderNo,
    provider: request.provider,
    key,
    paymentType: request.paymentMethodType,
    ...(card ? { paymentMethodId: card.id } : {}),
    ...(card && card.type === 'card'
      ? { card: { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear } }
      : {}),
  };
  shopper.session.pendingPayment = pending;
  const returnUrl = `${ctx.config.publicOrigin}/${shopper.locale}/payment-confirmation?orderNo=${encodeURIComponent(orderNo)}&provider=${request.provider}`;
  const email = ready.customerInfo?.email ?? '';
  try {
    return request.provider === 'stripe'
      ? await payWithStripe(shopper, ctx, pending, card!, { email, name: holder, returnUrl })
      : await payWithAdyen(shopper, ctx, pending, request, {
          email,
          total,
          currency: ready.currency!,
          billingCountry,
          checkMismatch: mismatchControl,
          returnUrl,
          billing: ready.billingAddress!,
        });
  } catch (error) {
    ctx.logger.error({ err: error, orderNo }, 'payment failed unexpectedly');
    await failAndRestore(shopper, ctx, orderNo);
    const status = (error as { status?: number }).status;
    return providerFailure(typeof status === 'number' ? status : 500);
  }
}

const missingPaymentMethod = () =>
  new AppError(422, 'payment-validation-error', 'Payment data invalid', CHECKOUT_FAILED, {
    paymentErrorKind: 'validation_error',
    errors: [{ field: '/paymentMethod', message: 'Choose a payment method.', code: 'required' }],
  });

async function payWithStripe(
  shopper: Shopper,
  ctx: AppContext,
  pending: PendingPayment,
  card: StripeCard,
  who: { email: string; name: string; returnUrl: string },
): Promise<Outcome> {
  const customer = await stripeCustomer(shopper, ctx, who.email, who.name);
  pending.stripeCustomerId = customer;
  const created = await ctx.upstreams.stripe.POST('/v1/setup_intents', {
    body: {
      customer,
      payment_method: card.id,
      confirm: true,
      usage: 'off_session',
      return_url: who.returnUrl,
      payment_method_types: [card.type],
      metadata: { orderNo: pending.orderNo },
    },
    bodySerializer: (b: Record<string, unknown>) => stripeForm(b),
    headers: { ...FORM, 'Idempotency-Key': `${pending.key}-setup` },
  });
  if (!created.data) {
    const error = (
      created.error as { error?: { type?: string; code?: string; decline_code?: string; message?: string } }
    )?.error;
    await failAndRestore(shopper, ctx, pending.orderNo);
    if (created.response.status === 402) {
      return paymentProblem(
        402,
        'payment-refused',
        'Payment refused',
        error?.message ?? 'Your card was declined.',
        'card_error',
        error?.decline_code ?? error?.code ?? 'card_declined',
      );
    }
    return providerFailure(created.response.status);
  }
  pending.setupIntentId = created.data.id;
  if (created.data.status === 'requires_action') {
    return actionRequired(pending, card.type === 'card', created.data.next_action?.redirect_to_url?.url);
  }
  return verifyStripe(shopper, ctx, pending);
}

/** Reads the setup intent back from Stripe: only a succeeded intent for this payment method pays the order. */
async function verifyStripe(shopper: Shopper, ctx: AppContext, pending: PendingPayment): Promise<Outcome> {
  const { data, response } = await ctx.upstreams.stripe.GET('/v1/setup_intents/{intent}', {
    params: { path: { intent: pending.setupIntentId! } },
  });
  if (!data) {
    await failAndRestore(shopper, ctx, pending.orderNo);
    return providerFailure(response.status);
  }
  const methodId = data.payment_method;
  if (data.status === 'succeeded' && (!pending.paymentMethodId || methodId === pending.paymentMethodId)) {
    return finalise(shopper, ctx, pending);
  }
  if (data.status === 'processing') {
    return { status: 200, body: { outcome: 'pending', orderNo: pending.orderNo, status: 'created' } };
  }
  await failAndRestore(shopper, ctx, pending.orderNo);
  return authorisationFailed();
}

async function payWithAdyen(
  shopper: Shopper,
  ctx: AppContext,
  pending: PendingPayment,
  request: PlaceOrderRequest,
  facts: {
    email: string;
    total: number;
    currency: string;
    billingCountry: string;
    checkMismatch: boolean;
    returnUrl: string;
    billing: NonNullable<CommerceBasket['billingAddress']>;
  },
): Promise<Outcome> {
  const method = request.adyenPaymentMethod!;
  const result = await ctx.upstreams.adyen.POST('/payments', {
    body: {
      merchantAccount: ctx.config.credentials.adyen.merchantAccount,
      amount: { currency: facts.currency, value: minorUnits(facts.total) },
      reference: pending.orderNo,
      paymentMethod: method as never,
      returnUrl: facts.returnUrl,
      countryCode: facts.billingCountry,
      shopperEmail: facts.email,
      shopperReference: shopper.tokens.customerId ?? pending.orderNo,
      shopperInteraction: 'Ecommerce',
      recurringProcessingModel: 'Subscription',
      storePaymentMethod: request.savePaymentMethod === true,
      shopperLocale: shopper.locale.replace('-', '_'),
      billingAddress: {
        country: facts.billingCountry,
        city: facts.billing.city ?? '',
        street: facts.billing.address1 ?? '',
        houseNumberOrName: '',
        postalCode: facts.billing.postalCode ?? '',
      },
    },
    headers: { 'Idempotency-Key': `${pending.key}-pay` },
  });
  if (!result.data) {
    await failAndRestore(shopper, ctx, pending.orderNo);
    return providerFailure(result.response.status);
  }
  pending.pspReference = result.data.pspReference ?? '';
  return adyenOutcome(shopper, ctx, pending, result.data, facts.checkMismatch ? facts.billingCountry : undefined);
}

type AdyenResult = {
  resultCode?: string;
  pspReference?: string;
  refusalReason?: string;
  action?: { url?: string } | null;
  additionalData?: Record<string, string> | null;
};

async function adyenOutcome(
  shopper: Shopper,
  ctx: AppContext,
  pending: PendingPayment,
  data: AdyenResult,
  billingCountry: string | undefined,
): Promise<Outcome> {
  const extra = data.additionalData ?? {};
  if (extra.cardSummary) {
    const [month, year] = (extra.expiryDate ?? '').split('/');
    pending.card = {
      brand: extra.paymentMethod ?? 'card',
      last4: extra.cardSummary,
      expMonth: Number(month) || 0,
      expYear: Number(year) || 0,
      ...(extra.cardIssuingCountry ? { country: extra.cardIssuingCountry } : {}),
    };
  }
  switch (data.resultCode) {
    case 'Authorised': {
      const country = extra.cardIssuingCountry;
      if (billingCountry && country && country !== billingCountry) {
        // Authorised but never captured: the authorisation lapses and nothing is charged.
        await failAndRestore(shopper, ctx, pending.orderNo);
        return paymentProblem(
          409,
          'billing-address-mismatch',
          'Billing address mismatch',
          BILLING_MISMATCH,
          'billing_address_missmatch',
        );
      }
      return finalise(shopper, ctx, pending);
    }
    case 'RedirectShopper':
      return actionRequired(pending, pending.paymentType === 'CREDIT_CARD', data.action?.url);
    case 'Refused': {
      await failAndRestore(shopper, ctx, pending.orderNo);
      const reason = data.refusalReason ?? 'Refused';
      if (reason === '3D Not Authenticated') {
        return authorisationFailed();
      }
      const [detail, code] =
        reason === 'Expired Card'
          ? ['Your card has expired.', 'expired_card']
          : reason === 'Not enough balance'
            ? ['Your card has insufficient funds.', 'insufficient_funds']
            : ['Your card was declined.', 'card_declined'];
      return paymentProblem(402, 'payment-refused', 'Payment refused', detail, 'card_error', code);
    }
    default:
      await failAndRestore(shopper, ctx, pending.orderNo);
      return providerFailure(500);
  }
}

// ---- After a redirect (3-D Secure, bank page) ------------------------------------------------------

export async function confirmPayment(
  req: Request,
  res: Response,
  ctx: AppContext,
  request: Schemas['ConfirmPaymentRequest'],
): Promise<Outcome> {
  return serialised(await sessionKey(req, ctx), async () => {
    const shopper = await shopperOf(req, res, ctx);
    const pending = shopper.session.pendingPayment;
    const orderNo = request.orderNo;
    let outcome: Outcome;
    if (!pending || (orderNo && orderNo !== pending.orderNo)) {
      // Already settled (a reload of the return page): answer from the order itself.
      const order =
        orderNo && shopper.session.placedOrders?.includes(orderNo) ? await readOrder(shopper, ctx, orderNo) : null;
      if (!order) throw new AppError(404, 'not-found', 'Not found', 'There is no payment waiting for confirmation.');
      outcome =
        order.status === 'new' || order.status === 'completed'
          ? { status: 200, body: { outcome: 'orderPlaced', orderNo: order.orderNo!, status: order.status } }
          : authorisationFailed();
    } else if (pending.provider === 'stripe') {
      if (request.setup_intent && request.setup_intent !== pending.setupIntentId) {
        throw new AppError(
          400,
          'validation-error',
          'Invalid request',
          'The setup intent does not belong to this payment.',
          {
            errors: [{ field: '/setup_intent', message: 'Unknown setup intent.', code: 'mismatch' }],
          },
        );
      }
      outcome = await verifyStripe(shopper, ctx, pending);
    } else {
      if (!request.redirectResult) {
        throw new AppError(400, 'validation-error', 'Invalid request', 'The redirect result is missing.', {
          errors: [{ field: '/redirectResult', message: 'Required.', code: 'required' }],
        });
      }
      const details = await ctx.upstreams.adyen.POST('/payments/details', {
        body: { details: { redirectResult: request.redirectResult } },
        headers: { 'Idempotency-Key': `${pending.key}-details` },
      });
      if (!details.data) {
        await failAndRestore(shopper, ctx, pending.orderNo);
        outcome = providerFailure(details.response.status);
      } else {
        outcome = await adyenOutcome(shopper, ctx, pending, details.data as AdyenResult, undefined);
      }
    }
    if (outcome.status === 201) outcome = { status: 200, body: outcome.body };
    await ctx.sessions.save(res, shopper.session);
    return outcome;
  });
}
