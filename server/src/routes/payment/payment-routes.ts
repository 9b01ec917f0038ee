/**
 * The payment operations of proxy.yaml (tag checkout): payment set-up, sandbox card tokens, placing
 * the order, confirming after a redirect, and the confirmation page's data. The rules live in
 * services/payments.ts.
 */
import { isCardExpiryInPast, isLuhnValid, CARD_FORM_MESSAGES } from '../../../../domain/payment-errors.ts';
import {
  zConfirmPaymentBody,
  zCreateSandboxBankMethodBody,
  zGetOrderConfirmationPath,
  zPlaceOrderBody,
  zSetupPaymentBody,
  zTokenizeSandboxCardBody,
} from '../../../../generated/proxy/zod/zod.gen.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { Handler } from '../../context.ts';
import { AppError, sendProblem } from '../../errors.ts';
import { currentBasket, toAddress } from '../../services/basket.ts';
import { money, planName, planOf, vatLinesOf } from '../../services/catalog.ts';
import { readOrder } from '../../services/orders.ts';
import {
  confirmPayment as confirm,
  placeOrder as place,
  stripeCustomer,
  stripeForm,
  type Outcome,
} from '../../services/payments.ts';
import { shopperOf } from '../../services/shopper.ts';
import { parseBody, parsePath } from '../../validate.ts';

type Schemas = components['schemas'];

function send(res: Parameters<Handler>[1], outcome: Outcome): void {
  res.setHeader('Cache-Control', 'no-store');
  if (outcome.status >= 400) sendProblem(res, outcome.body as Schemas['Problem']);
  else res.status(outcome.status).json(outcome.body);
}

/** POST /api/checkout/orders: place the order and pay (Idempotency-Key required). */
export const placeOrder: Handler = async (req, res, ctx) => {
  const key = req.get('idempotency-key') ?? '';
  if (!/^[A-Za-z0-9_-]{8,255}$/.test(key)) {
    throw new AppError(
      400,
      'validation-error',
      'Invalid request',
      'The Idempotency-Key header is missing or invalid.',
      {
        errors: [{ field: 'Idempotency-Key', message: 'Give a fresh random key per order attempt.', code: 'required' }],
      },
    );
  }
  const body = parseBody(zPlaceOrderBody, req) as Schemas['PlaceOrderRequest'];
  send(res, await place(req, res, ctx, body, key));
};

/** POST /api/checkout/payment-confirmation: back from 3-D Secure or the bank page. */
export const confirmPayment: Handler = async (req, res, ctx) => {
  const body = parseBody(zConfirmPaymentBody, req) as Schemas['ConfirmPaymentRequest'];
  send(res, await confirm(req, res, ctx, body));
};

/** POST /api/checkout/payment-setup: what the market's payment form needs. */
export const setupPayment: Handler = async (req, res, ctx) => {
  const body = parseBody(zSetupPaymentBody, req);
  const shopper = await shopperOf(req, res, ctx);
  const sandbox = ctx.config.mode !== 'live';
  const basket = body.context === 'accountPaymentMethod' ? null : await currentBasket(shopper, ctx);
  const currency = basket?.currency ?? shopper.market.currency;
  const amount = money(
    body.context === 'accountPaymentMethod' ? 0 : (basket?.orderTotal ?? 0),
    currency,
    shopper.locale,
  );
  res.setHeader('Cache-Control', 'no-store');
  if (shopper.market.provider === 'adyen') {
    const { data, response } = await ctx.upstreams.adyen.POST('/paymentMethods', {
      body: {
        merchantAccount: ctx.config.credentials.adyen.merchantAccount,
        countryCode: shopper.market.country,
        amount: { currency, value: Math.round(amount.value * 100) },
        shopperLocale: shopper.locale.replace('-', '_'),
      },
    });
    if (!data) throw paymentSetupFailed(response.status);
    const result: Schemas['AdyenPaymentSetup'] = {
      provider: 'adyen',
      clientKey: ctx.config.credentials.adyen.clientKey,
      environment: ctx.config.production ? 'live' : 'test',
      paymentMethods: (data.paymentMethods ?? []).map((m) => ({
        type: m.type ?? 'scheme',
        name: m.name ?? m.type ?? 'Cards',
        brands: m.brands ?? [],
      })),
      amount,
      sandbox,
    };
    res.json(result);
    return;
  }
  const email = basket?.customerInfo?.email ?? shopper.session.customer?.email ?? '';
  const customer = await stripeCustomer(shopper, ctx, email, shopper.session.customer?.firstName ?? '').catch(
    (error: { status?: number }) => {
      throw paymentSetupFailed(error.status ?? 500);
    },
  );
  const types = shopper.market.paymentMethods.includes('IDEAL')
    ? ['card', 'ideal']
    : shopper.market.paymentMethods.includes('BANCONTACT')
      ? ['card', 'bancontact']
      : ['card'];
  const intent = await ctx.upstreams.stripe.POST('/v1/setup_intents', {
    body: { customer, usage: 'off_session', payment_method_types: types },
    bodySerializer: (b: Record<string, unknown>) => stripeForm(b),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (!intent.data) throw paymentSetupFailed(intent.response.status);
  const result: Schemas['StripePaymentSetup'] = {
    provider: 'stripe',
    publishableKey: ctx.config.credentials.stripe.publishableKey,
    customerId: customer,
    setupIntentId: intent.data.id,
    clientSecret: intent.data.client_secret ?? '',
    paymentMethodTypes: types,
    amount,
    sandbox,
  };
  res.json(result);
};

function paymentSetupFailed(status: number): AppError {
  const kind = status === 401 || status === 403 ? 'authentication_error' : 'payment_platform_error';
  return new AppError(
    502,
    kind === 'authentication_error' ? 'payment-authentication-error' : 'payment-platform-error',
    'Payment service error',
    'Your payment method has not been charged. Please wait a few minutes and try again.',
    { paymentErrorKind: kind },
  );
}

const cardProblem = (field: string, message: string, code: string) =>
  new AppError(400, 'validation-error', 'Your card details are invalid', message, {
    errors: [{ field, message, code }],
  });

function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

/**
 * POST /api/sandbox/card-tokens (sandbox mode only): the card form's values turned into what
 * Stripe.js or Adyen's secured fields produce, after the card form checks of storefront §5.
 */
export const tokenizeSandboxCard: Handler = async (req, res, ctx) => {
  if (ctx.config.mode === 'live') {
    throw new AppError(404, 'not-found', 'Not found', 'Sandbox card tokenisation is only available in sandbox mode.');
  }
  const body = parseBody(zTokenizeSandboxCardBody, req);
  const number = body.number.replace(/\s+/g, '');
  if (number.length < 13) throw cardProblem('/number', CARD_FORM_MESSAGES.numberIncomplete, 'incomplete_number');
  if (!isLuhnValid(number)) throw cardProblem('/number', CARD_FORM_MESSAGES.numberInvalid, 'invalid_number');
  const twoDigitYear = body.expYear % 100;
  const fullYear = 2000 + twoDigitYear;
  if (isCardExpiryInPast(body.expMonth, twoDigitYear, Date.now())) {
    throw cardProblem('/expYear', CARD_FORM_MESSAGES.expiryYearInPast, 'invalid_expiry_year_past');
  }
  const cvcLength = brandOf(number) === 'amex' ? 4 : 3;
  if (body.cvc.length < cvcLength)
    throw cardProblem('/cvc', CARD_FORM_MESSAGES.securityCodeIncomplete, 'incomplete_cvc');
  const last4 = number.slice(-4);
  res.setHeader('Cache-Control', 'no-store');
  if (body.provider === 'adyen') {
    const token: Schemas['SandboxCardToken'] = {
      provider: 'adyen',
      brand: brandOf(number),
      last4,
      expMonth: body.expMonth,
      expYear: fullYear,
      encryptedCardNumber: `test_${number}`,
      encryptedExpiryMonth: `test_${String(body.expMonth).padStart(2, '0')}`,
      encryptedExpiryYear: `test_${fullYear}`,
      encryptedSecurityCode: `test_${body.cvc}`,
    };
    res.status(201).json(token);
    return;
  }
  // Stripe.js creates the payment method with the billing address of the form; so does this.
  const shopper = await shopperOf(req, res, ctx);
  const basket = await currentBasket(shopper, ctx);
  const billing = toAddress(basket?.billingAddress);
  const created = await ctx.upstreams.stripe.POST('/v1/payment_methods', {
    body: {
      type: 'card',
      card: { number, exp_month: body.expMonth, exp_year: fullYear, cvc: body.cvc },
      billing_details: {
        ...(body.holderName ? { name: body.holderName } : {}),
        ...(billing
          ? {
              address: {
                line1: billing.address1,
                city: billing.city,
                postal_code: billing.postalCode,
                country: billing.countryCode,
              },
            }
          : {}),
      },
    },
    bodySerializer: (b: Record<string, unknown>) => stripeForm(b),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (!created.data) {
    const error = (created.error as { error?: { message?: string; param?: string } })?.error;
    if (created.response.status === 402 || created.response.status === 400) {
      throw cardProblem(
        `/${error?.param === 'cvc' ? 'cvc' : error?.param?.startsWith('exp') ? 'expYear' : 'number'}`,
        CARD_FORM_MESSAGES.numberInvalid,
        'invalid_card',
      );
    }
    throw paymentSetupFailed(created.response.status);
  }
  const token: Schemas['SandboxCardToken'] = {
    provider: 'stripe',
    token: created.data.id,
    brand: created.data.card?.brand ?? brandOf(number),
    last4: created.data.card?.last4 ?? last4,
    expMonth: created.data.card?.exp_month ?? body.expMonth,
    expYear: created.data.card?.exp_year ?? fullYear,
  };
  res.status(201).json(token);
};

/**
 * POST /api/sandbox/bank-methods (sandbox mode only): the iDEAL or Bancontact payment method
 * Stripe's Payment Element would create in the browser, for the markets that offer it. Placing
 * the order with it sends the shopper to the bank page (the sandbox's, with Authorise and Fail).
 */
export const createSandboxBankMethod: Handler = async (req, res, ctx) => {
  if (ctx.config.mode === 'live') {
    throw new AppError(404, 'not-found', 'Not found', 'Sandbox bank methods are only available in sandbox mode.');
  }
  const { paymentMethodType } = parseBody(zCreateSandboxBankMethodBody, req);
  const shopper = await shopperOf(req, res, ctx);
  if (shopper.market.provider !== 'stripe' || !shopper.market.paymentMethods.includes(paymentMethodType)) {
    const detail = `${paymentMethodType} is not offered in this market.`;
    throw new AppError(422, 'payment-method-not-offered', 'Payment method not offered', detail, {
      errors: [{ field: '/paymentMethodType', message: detail, code: 'not_offered' }],
    });
  }
  const basket = await currentBasket(shopper, ctx);
  const billing = toAddress(basket?.billingAddress);
  const type = paymentMethodType === 'IDEAL' ? 'ideal' : 'bancontact';
  const created = await ctx.upstreams.stripe.POST('/v1/payment_methods', {
    body: {
      type,
      ...(type === 'ideal' ? { ideal: {} } : { bancontact: {} }),
      billing_details: {
        // Bancontact needs the account holder's name; the billing address carries it.
        ...(billing
          ? { name: `${billing.firstName} ${billing.lastName}`.trim(), email: basket?.customerInfo?.email }
          : {}),
      },
    },
    bodySerializer: (b: Record<string, unknown>) => stripeForm(b),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (!created.data) throw paymentSetupFailed(created.response.status);
  const method: Schemas['SandboxBankMethod'] = { provider: 'stripe', paymentMethodType, token: created.data.id };
  res.setHeader('Cache-Control', 'no-store');
  res.status(201).json(method);
};

/** GET /api/checkout/confirmation/{orderNo}: readable by the session that placed the order. */
export const getOrderConfirmation: Handler = async (req, res, ctx) => {
  const { orderNo } = parsePath(zGetOrderConfirmationPath, req);
  const shopper = await shopperOf(req, res, ctx);
  const notFound = new AppError(404, 'not-found', 'Not found', `No order ${orderNo} for this session.`);
  if (!shopper.session.placedOrders?.includes(orderNo)) throw notFound;
  const order = await readOrder(shopper, ctx, orderNo);
  // Only a paid order has a thank-you page; a failed or unconfirmed one does not.
  if (!order || (order.status !== 'new' && order.status !== 'completed')) throw notFound;
  const currency = order.currency ?? shopper.market.currency;
  const at = { ...shopper, currency };
  const m = (value: number) => money(value, currency, shopper.locale);
  const items: Schemas['OrderLine'][] = [];
  let autoRenewal = false;
  let nextPaymentDate: string | null = null;
  for (const item of order.productItems ?? []) {
    const { master, plan: info } = await planOf(ctx, at, item.productId!);
    const extra = item as typeof item & Record<string, unknown>;
    items.push({
      itemId: item.itemId!,
      productId: item.productId!,
      name: master?.name ?? item.productName ?? item.productId!,
      ...(info
        ? {
            planLabel: planName(info.duration, info.durationType),
            duration: info.duration,
            durationType: info.durationType,
          }
        : {}),
      imageUrl: master?.imageGroups?.[0]?.images?.[0]?.link ?? null,
      price: m(item.priceAfterItemDiscount ?? item.price ?? 0),
    });
    if (info && info.durationType !== 'once') autoRenewal = true;
    if (typeof extra.c_SNP_OMS_ExpirationDate === 'string')
      nextPaymentDate = extra.c_SNP_OMS_ExpirationDate.slice(0, 10);
  }
  const total = order.orderTotal ?? 0;
  const tax = order.taxTotal ?? 0;
  const includeVat = shopper.market.pricesIncludeVat;
  const card = shopper.session.lastCard?.orderNo === orderNo ? shopper.session.lastCard : undefined;
  const custom = order as Record<string, unknown>;
  const now = new Date();
  const body: Schemas['OrderConfirmation'] = {
    orderNo,
    status: order.status ?? 'created',
    customerEmail: order.customerInfo?.email ?? null,
    items,
    totals: {
      pricesIncludeVat: includeVat,
      ...vatLinesOf(total, tax, includeVat, m),
      total: m(total),
    },
    paymentMethod: {
      type: (typeof custom.c_payment_type === 'string'
        ? custom.c_payment_type
        : 'CREDIT_CARD') as Schemas['PaymentMethodType'],
      brand: card?.brand ?? (typeof custom.c_cardType === 'string' ? custom.c_cardType : null),
      last4: card?.last4 ?? (typeof custom.c_last4 === 'string' ? custom.c_last4 : null),
      expMonth: card?.expMonth || null,
      expYear: card?.expYear || null,
      bankCode: null,
      expired: card ? card.expYear * 12 + card.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1 : false,
    },
    billingAddress: toAddress(order.billingAddress) ?? {
      firstName: '',
      lastName: '',
      countryCode: shopper.market.country as Schemas['CountryCode'],
      address1: '',
      city: '',
      postalCode: '',
    },
    vehicle: {
      name:
        typeof custom.c_SNP_OMS_vehicleName === 'string'
          ? custom.c_SNP_OMS_vehicleName
          : (shopper.session.vehicle?.model ?? ''),
      vin: (typeof custom.c_SNP_OMS_vin === 'string'
        ? custom.c_SNP_OMS_vin
        : (shopper.session.vehicle?.vin ?? '')) as Schemas['Vin'],
      status: order.status === 'new' || order.status === 'completed' ? 'Active' : 'Payment Pending',
      autoRenewal,
      nextPaymentDate,
    },
  };
  res.setHeader('Cache-Control', 'private, no-store');
  res.json(body);
};
