/**
 * The provider interface's saved-method operations against the in-process sandbox (account
 * §"payment method": save one method, remove it; the card-provider calls of account §7): a
 * method saved with an amount of 0 is stored with the provider, `removeStoredMethod` takes it
 * away (Adyen's stored payment methods, Stripe's detach), `keepOnlyStoredMethod` keeps one (Adyen:
 * get, remove, keep one) and `storedCardExpiry` reads a saved card's expiry (§5 card expiry).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../../mocks/sandbox/src/sandbox.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type SessionData } from '../../session.ts';
import { sandboxContext } from '../../testing/provider-context.ts';
import { shopperFor, type Shopper } from '../identity/shopper.ts';
import { adyenProvider } from './adyen.ts';
import type { MethodRequest, PaymentProvider, SaveAttempt } from './provider.ts';
import { formOf } from '../../upstream/stripe-form.ts';
import { stripeProvider } from './stripe.ts';

let sandbox: Sandbox;
let ctx: AppContext;

beforeAll(async () => {
  sandbox = buildSandbox();
  const port = await sandbox.start(0);
  ctx = sandboxContext(port);
});
afterAll(() => sandbox.stop());

function shopperIn(locale: string): Shopper {
  const session: SessionData = {
    id: 'provider-test',
    csrfToken: 'csrf',
    authType: 'registered',
    site: 'aurora',
    locale,
    customer: null,
    basketItemCount: 0,
  };
  const tokens = { accessToken: 'unused', customerId: `customer-${locale}` };
  return shopperFor(ctx, session, tokens, {
    signal: AbortSignal.timeout(10_000),
    log: ctx.logger,
    persist: async () => {},
  });
}

async function save(provider: PaymentProvider, shopper: Shopper, request: MethodRequest, key: string) {
  const method = await provider.checkMethod(ctx, shopper, request);
  const attempt: SaveAttempt = {
    record: { key, paymentType: request.paymentMethodType },
    method,
    request,
    currency: shopper.market.currency,
    customer: { email: 'alex.owner@example.com', name: 'Alex Owner' },
    billing: {
      firstName: 'Alex',
      lastName: 'Owner',
      address1: '8 Rue de Rivoli',
      city: 'Paris',
      postalCode: '75004',
      countryCode: 'FR',
    },
    returnUrl: 'http://localhost:3000/account/my-payment-method',
    client: { ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0 (provider test)' },
  };
  const saved = await provider.saveMethod(ctx, shopper, attempt);
  if (saved.status !== 'saved') throw new Error(`not saved: ${saved.status}`);
  return saved;
}

async function failureOf(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('Adyen saved methods', () => {
  const storedTokens = async (shopperReference: string) => {
    const { data } = await ctx.upstreams.adyen.GET('/storedPaymentMethods', {
      params: { query: { shopperReference, merchantAccount: ctx.config.credentials.adyen.merchantAccount } },
    });
    return (data?.storedPaymentMethods ?? []).map((m) => m.id);
  };

  it('when a card is saved with 0 and then removed, then Adyen stores it and then holds none', async () => {
    const shopper = shopperIn('fr-FR');
    const saved = await save(
      adyenProvider,
      shopper,
      {
        provider: 'adyen',
        paymentMethodType: 'CREDIT_CARD',
        adyenStateData: {
          paymentMethod: {
            type: 'scheme',
            encryptedCardNumber: 'test_4242424242424242',
            encryptedExpiryMonth: 'test_12',
            encryptedExpiryYear: 'test_2030',
            encryptedSecurityCode: 'test_123',
          },
        },
      },
      'adyen-save-1',
    );
    expect(saved.stored.shopperReference).toBe('customer-fr-FR');
    expect(await storedTokens('customer-fr-FR')).toEqual([saved.stored.token]);

    await adyenProvider.removeStoredMethod(ctx, saved.stored);
    expect(await storedTokens('customer-fr-FR')).toEqual([]);
  });

  it('when a second card is saved and kept, then the first is removed and the kept one tells its expiry', async () => {
    const shopper = shopperIn('it-IT');
    const card = (number: string, year: string): MethodRequest => ({
      provider: 'adyen',
      paymentMethodType: 'CREDIT_CARD',
      adyenStateData: {
        paymentMethod: {
          type: 'scheme',
          encryptedCardNumber: `test_${number}`,
          encryptedExpiryMonth: 'test_03',
          encryptedExpiryYear: `test_${year}`,
          encryptedSecurityCode: 'test_123',
        },
      },
    });
    const first = await save(adyenProvider, shopper, card('4242424242424242', '2030'), 'adyen-keep-1');
    const second = await save(adyenProvider, shopper, card('4000008260000000', '2031'), 'adyen-keep-2');
    expect(await storedTokens('customer-it-IT')).toEqual([first.stored.token, second.stored.token]);

    await adyenProvider.keepOnlyStoredMethod(ctx, second.stored, undefined);
    expect(await storedTokens('customer-it-IT')).toEqual([second.stored.token]);
    expect(await adyenProvider.storedCard(ctx, second.stored)).toEqual({
      id: second.stored.token,
      type: 'card',
      card: { brand: 'visa', last4: '0000', expMonth: 3, expYear: 2031 },
      stored: second.stored,
    });
    expect(await adyenProvider.storedCard(ctx, first.stored)).toBeNull();
  });

  it('when a method that is not stored is removed, then a 502 payment problem: nothing changed', async () => {
    const error = await failureOf(
      adyenProvider.removeStoredMethod(ctx, { token: '8000000000000000', shopperReference: 'customer-fr-FR' }),
    );
    expect(error.status).toBe(502);
    expect(error.extra.paymentErrorKind).toBeDefined();
  });
});

describe('Stripe saved methods', () => {
  const customerOf = async (id: string) => {
    const { data } = await ctx.upstreams.stripe.GET('/v1/payment_methods/{payment_method}', {
      params: { path: { payment_method: id } },
    });
    return data?.customer ?? null;
  };

  it('when a card is saved (customer and confirmed off-session setup) and then removed, then it is detached', async () => {
    const created = await ctx.upstreams.stripe.POST('/v1/payment_methods', {
      body: { type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } },
      ...formOf(),
    });
    const id = created.data!.id;
    const shopper = shopperIn('en-GB');
    const saved = await save(
      stripeProvider,
      shopper,
      { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', stripePaymentMethodId: id },
      'stripe-save-1',
    );
    expect(saved.stored.token).toBe(id);
    expect(saved.card).toMatchObject({ last4: '4242', expMonth: 12, expYear: 2030 });
    expect(await customerOf(id)).toBe(saved.stored.customerId);

    // The saved card as Stripe holds it, with the customer a payment needs (storefront §6 saved card).
    expect(await stripeProvider.storedCard(ctx, { token: id })).toMatchObject({
      id,
      type: 'card',
      card: { last4: '4242', expMonth: 12, expYear: 2030 },
      stored: { token: id, customerId: saved.stored.customerId },
    });
    expect(await stripeProvider.storedCard(ctx, { token: 'pm_Unknown' })).toBeNull();

    await stripeProvider.removeStoredMethod(ctx, saved.stored);
    expect(await customerOf(id)).toBeNull();
    // A detached card cannot pay again: no saved card.
    expect(await stripeProvider.storedCard(ctx, saved.stored)).toBeNull();
    // Detached already: Stripe refuses, and the shopper sees the payment problem of §8.
    const again = await failureOf(stripeProvider.removeStoredMethod(ctx, saved.stored));
    expect(again.extra).toMatchObject({ paymentErrorKind: 'invalid_request_error' });
  });
});
