/**
 * Sandbox mode's stand-ins for what the providers' browser libraries do (DESIGN.md: Stripe.js
 * and Adyen's secured fields cannot load here): a card typed into the sandbox card form becomes a
 * Stripe PaymentMethod or Adyen's `test_` encrypted fields, after the card form checks of
 * storefront §5; iDEAL and Bancontact become the Stripe PaymentMethod the Payment Element would
 * create. Stripe's are made as Stripe.js's `stripe.createPaymentMethod({elements})` makes them,
 * through the sandbox's Stripe.js stand-in, told the options the form's Elements group was created
 * with: it refuses what Stripe.js refuses (a group without `paymentMethodCreation: 'manual'`). The
 * server's payment code then runs unchanged. Not offered in live mode (404).
 */
import { isLuhnValid } from '../../../../domain/card-number.ts';
import { CARD_FORM_MESSAGES, isCardExpiryInPast } from '../../../../domain/payment-errors.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { components as StripeComponents } from '../../../../generated/stripe/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { currentBasket, toAddress } from '../../upstream/commerce/baskets.ts';
import type { Shopper } from '../identity/shopper.ts';
import { methodNotOffered, providerFailure } from './payment-problems.ts';

type Schemas = components['schemas'];
type StripeSchemas = StripeComponents['schemas'];

export function sandboxOnly(ctx: AppContext, detail: string): void {
  if (ctx.config.mode === 'live') throw new AppError(404, 'not-found', 'Not found', detail);
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

/** The card form's values as Stripe.js or Adyen's secured fields would hand them over. */
export async function tokenizeSandboxCard(
  ctx: AppContext,
  shopper: Shopper,
  card: Schemas['SandboxCardRequest'],
): Promise<Schemas['SandboxCardToken']> {
  sandboxOnly(ctx, 'Sandbox card tokenisation is only available in sandbox mode.');
  const number = card.number.replace(/\s+/g, '');
  if (number.length < 13) throw cardProblem('/number', CARD_FORM_MESSAGES.numberIncomplete, 'incomplete_number');
  if (!isLuhnValid(number)) throw cardProblem('/number', CARD_FORM_MESSAGES.numberInvalid, 'invalid_number');
  const twoDigitYear = card.expYear % 100;
  const fullYear = 2000 + twoDigitYear;
  if (isCardExpiryInPast(card.expMonth, twoDigitYear, Date.now())) {
    throw cardProblem('/expYear', CARD_FORM_MESSAGES.expiryYearInPast, 'invalid_expiry_year_past');
  }
  const cvcLength = brandOf(number) === 'amex' ? 4 : 3;
  if (card.cvc.length < cvcLength)
    throw cardProblem('/cvc', CARD_FORM_MESSAGES.securityCodeIncomplete, 'incomplete_cvc');
  const last4 = number.slice(-4);
  if (card.provider === 'adyen') {
    return {
      provider: 'adyen',
      brand: brandOf(number),
      last4,
      expMonth: card.expMonth,
      expYear: fullYear,
      encryptedCardNumber: `test_${number}`,
      encryptedExpiryMonth: `test_${String(card.expMonth).padStart(2, '0')}`,
      encryptedExpiryYear: `test_${fullYear}`,
      encryptedSecurityCode: `test_${card.cvc}`,
    };
  }
  // Stripe.js creates the payment method with the billing address of the form; so does this.
  const billing = card.billingAddress ?? toAddress((await currentBasket(ctx, shopper))?.billingAddress);
  const created = await createWithElements(ctx, shopper, card.stripeElements, {
    type: 'card',
    card: { number, exp_month: card.expMonth, exp_year: fullYear, cvc: card.cvc },
    billing_details: billingDetails(card.holderName, billing),
  });
  if (!created.data) {
    const error = created.error;
    if (error?.code === 'integration_error') throw integrationError(error.message);
    if (created.response.status === 402 || created.response.status === 400) {
      const field = error?.param === 'cvc' ? 'cvc' : error?.param?.startsWith('exp') ? 'expYear' : 'number';
      throw cardProblem(`/${field}`, CARD_FORM_MESSAGES.numberInvalid, 'invalid_card');
    }
    throw providerFailure(created.response.status);
  }
  return {
    provider: 'stripe',
    token: created.data.id,
    brand: created.data.card?.brand ?? brandOf(number),
    last4: created.data.card?.last4 ?? last4,
    expMonth: created.data.card?.exp_month ?? card.expMonth,
    expYear: created.data.card?.exp_year ?? fullYear,
  };
}

/**
 * The iDEAL or Bancontact payment method Stripe's Payment Element would create in the browser,
 * for the markets that offer it; placing the order with it sends the shopper to the bank page.
 */
export async function createSandboxBankMethod(
  ctx: AppContext,
  shopper: Shopper,
  { paymentMethodType, stripeElements }: Schemas['SandboxBankMethodRequest'],
): Promise<Schemas['SandboxBankMethod']> {
  sandboxOnly(ctx, 'Sandbox bank methods are only available in sandbox mode.');
  if (shopper.market.provider !== 'stripe' || !shopper.market.paymentMethods.includes(paymentMethodType))
    throw methodNotOffered(paymentMethodType);
  const basket = await currentBasket(ctx, shopper);
  const billing = toAddress(basket?.billingAddress);
  const type = paymentMethodType === 'IDEAL' ? 'ideal' : 'bancontact';
  const created = await createWithElements(ctx, shopper, stripeElements, {
    type,
    ...(type === 'ideal' ? { ideal: {} } : { bancontact: {} }),
    billing_details: {
      // Bancontact needs the account holder's name; the billing address carries it.
      ...(billing
        ? { name: `${billing.firstName} ${billing.lastName}`.trim(), email: basket?.customerInfo?.email }
        : {}),
    },
  });
  if (!created.data) {
    if (created.error?.code === 'integration_error') throw integrationError(created.error.message);
    throw providerFailure(created.response.status);
  }
  return { provider: 'stripe', paymentMethodType, token: created.data.id };
}

/** A PaymentMethod's billing details as Stripe.js sends them: the holder's name and the billing address. */
export function billingDetails(
  name: string | undefined,
  billing: Schemas['Address'] | null | undefined,
): NonNullable<StripeSchemas['post_payment_methods_request']['billing_details']> {
  return {
    ...(name ? { name } : {}),
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
  };
}

type StripePaymentMethod = StripeSchemas['payment_method'];
type StripeApiError = StripeSchemas['api_errors'];

/**
 * `stripe.createPaymentMethod({elements, params})` through the sandbox's Stripe.js stand-in
 * (mocks/sandbox `POST /stripe/__elements/payment_methods`, with the publishable key as Stripe.js
 * uses it): the Elements group's options as the form created it, and the PaymentMethod's parameters.
 */
export async function createWithElements(
  ctx: AppContext,
  shopper: Shopper,
  elements: Schemas['SandboxElementsGroup'] | undefined,
  params: StripeSchemas['post_payment_methods_request'],
): Promise<{ data?: StripePaymentMethod; error?: StripeApiError; response: Response }> {
  const response = await fetch(`${ctx.config.baseUrls.stripe}/__elements/payment_methods`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${ctx.config.credentials.stripe.publishableKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ elements: elements ?? {}, params }),
    signal: shopper.signal,
  }).catch((error: unknown) => {
    shopper.log.warn({ err: error }, "the sandbox's Stripe.js stand-in did not answer");
    throw providerFailure(503);
  });
  const body = (await response.json().catch(() => ({}))) as { error?: StripeApiError } & Partial<StripePaymentMethod>;
  if (!response.ok) return { ...(body.error ? { error: body.error } : {}), response };
  return { data: body as StripePaymentMethod, response };
}

/** Stripe.js's IntegrationError, as the form's developer sees it: a 400 naming the Elements group. */
export const integrationError = (message: string | undefined) =>
  new AppError(400, 'validation-error', 'Stripe.js refused the Elements group', message ?? 'IntegrationError', {
    errors: [{ field: '/stripeElements', message: message ?? 'IntegrationError', code: 'integration_error' }],
  });
