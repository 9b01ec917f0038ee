/**
 * Stripe's provider against the in-process sandbox, as Stripe documents the server's part of a
 * Payment Element finalised on the server
 * (https://docs.stripe.com/payments/finalize-payments-on-the-server-legacy?platform=web&type=setup):
 * - the payment setup creates no Intent and no customer; it gives the Elements group's options
 *   (https://docs.stripe.com/js/elements_object/create_without_intent), matching the SetupIntent;
 * - iDEAL and Bancontact set-ups send the SEPA Direct Debit mandate accepted online
 *   (https://docs.stripe.com/api/setup_intents/create#create_setup_intent-mandate_data);
 * - a stored customer that Stripe answers deleted or resource_missing is replaced by a new one
 *   (storefront §4; https://docs.stripe.com/error-codes#resource-missing).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../../mocks/sandbox/src/sandbox.ts';
import {
  deleteStripeCustomer,
  getSetupIntentMandate,
  getStripeCustomer,
  STRIPE_SEED,
  stripeSetupIntentIds,
} from '../../../../mocks/sandbox/src/upstreams/stripe/store.ts';
import type { AppContext } from '../../context.ts';
import { type SessionData } from '../../session.ts';
import { sandboxContext } from '../../testing/provider-context.ts';
import { shopperFor, type Shopper } from '../identity/shopper.ts';
import type { SaveAttempt } from './provider.ts';
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
beforeEach(async () => {
  await fetch(`${sandbox.context.baseUrl()}/__sandbox/reset`, { method: 'POST' });
});

const CLIENT = { ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0 (stripe provider test)' };

function shopperIn(locale: string, session: Partial<SessionData> = {}): Shopper {
  const data: SessionData = {
    id: `stripe-test-${locale}`,
    csrfToken: 'csrf',
    authType: 'guest',
    site: 'aurora',
    locale,
    customer: null,
    basketItemCount: 0,
    ...session,
  };
  return shopperFor(
    ctx,
    data,
    { accessToken: 'unused' },
    {
      signal: AbortSignal.timeout(10_000),
      log: ctx.logger,
      persist: async () => {},
    },
  );
}

async function method(body: Record<string, unknown>): Promise<string> {
  const created = await ctx.upstreams.stripe.POST('/v1/payment_methods', {
    body: body as never,
    ...formOf(),
  });
  return created.data!.id;
}

const card = (number = '4242424242424242') =>
  method({ type: 'card', card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } });

let keys = 0;
async function save(shopper: Shopper, id: string, type: 'CREDIT_CARD' | 'IDEAL' | 'BANCONTACT' = 'CREDIT_CARD') {
  const request = { provider: 'stripe' as const, paymentMethodType: type, stripePaymentMethodId: id };
  const attempt: SaveAttempt = {
    record: { key: `stripe-test-${(keys += 1)}`, paymentType: type },
    method: await stripeProvider.checkMethod(ctx, shopper, request),
    request,
    currency: shopper.market.currency,
    customer: { email: 'kim.driver@example.com', name: 'Kim Driver' },
    billing: {
      firstName: 'Kim',
      lastName: 'Driver',
      address1: 'Damrak 1',
      city: 'Amsterdam',
      postalCode: '1012 LG',
      countryCode: 'NL',
    },
    returnUrl: 'http://localhost:3000/nl-NL/account/my-payment-method',
    client: CLIENT,
  };
  return { attempt, result: await stripeProvider.saveMethod(ctx, shopper, attempt) };
}

const setupInput = (currency: string) => ({
  amount: { value: 149, currency, formatted: '149' },
  email: 'kim.driver@example.com',
  name: 'Kim',
  sandbox: true,
});

describe('the payment setup (collect payment details before creating an Intent)', () => {
  it.each([
    ['en-GB', 'GBP', 'gbp', ['card']],
    ['nl-NL', 'EUR', 'eur', ['card', 'ideal']],
    ['nl-BE', 'EUR', 'eur', ['card', 'bancontact']],
  ])(
    'when %s sets up in %s, then the Elements group gets setup mode, %s, manual creation and %j, and both wallets',
    async (locale, currency, lower, types) => {
      const setup = await stripeProvider.setup(ctx, shopperIn(locale), setupInput(currency));
      expect(setup).toEqual({
        provider: 'stripe',
        publishableKey: 'pk_test_sandbox',
        paymentMethodTypes: types,
        elementsOptions: {
          mode: 'setup',
          currency: lower,
          paymentMethodCreation: 'manual',
          allowedPaymentMethodTypes: types,
        },
        amount: setupInput(currency).amount,
        // Google Pay and Apple Pay, as cards in Stripe's Payment Element (every market takes both).
        wallets: ['GOOGLE_PAY', 'APPLE_PAY'],
        sandbox: true,
      });
    },
  );

  it('when the payment form is set up (again and again), then no SetupIntent exists yet', async () => {
    const shopper = shopperIn('nl-NL');
    await stripeProvider.setup(ctx, shopper, setupInput('EUR'));
    await stripeProvider.setup(ctx, shopper, setupInput('EUR'));
    expect(stripeSetupIntentIds()).toEqual([]);
  });
});

describe('SEPA Direct Debit mandates (iDEAL, Bancontact)', () => {
  it.each([
    ['nl-NL', 'ideal', 'IDEAL'],
    ['nl-BE', 'bancontact', 'BANCONTACT'],
  ] as const)(
    'when %s sets up %s, then the SetupIntent carries the mandate accepted online from the browser',
    async (locale, type, paymentType) => {
      const shopper = shopperIn(locale);
      const { attempt, result } = await save(shopper, await method({ type, [type]: {} }), paymentType);
      expect(result).toMatchObject({ status: 'actionRequired', actionType: 'bankRedirect' });
      expect(getSetupIntentMandate(attempt.record.setupIntentId!)).toEqual(CLIENT);
    },
  );

  it('when a card is set up, then no mandate is sent: cards need none', async () => {
    const { attempt, result } = await save(shopperIn('nl-NL'), await card());
    expect(result.status).toBe('saved');
    expect(getSetupIntentMandate(attempt.record.setupIntentId!)).toBeNull();
  });
});

describe('one SetupIntent, reused', () => {
  it('when a saving is declined and the next card succeeds, then the same SetupIntent is confirmed again', async () => {
    const shopper = shopperIn('en-GB');
    await expect(save(shopper, await card('4000000000000002'))).rejects.toMatchObject({ status: 402 });
    const { attempt, result } = await save(shopper, await card());
    expect(result.status).toBe('saved');
    expect(stripeSetupIntentIds()).toEqual([attempt.record.setupIntentId]);
  });

  it('when a saving succeeded, then the next saving has a SetupIntent of its own', async () => {
    const shopper = shopperIn('en-GB');
    const first = await save(shopper, await card());
    const second = await save(shopper, await card());
    expect(second.attempt.record.setupIntentId).not.toBe(first.attempt.record.setupIntentId);
    expect(stripeSetupIntentIds()).toHaveLength(2);
  });
});

describe('the payment customer (§4: resource_missing creates a new customer)', () => {
  it('when the session saves twice, then the stored customer is used again', async () => {
    const shopper = shopperIn('en-GB');
    const first = await save(shopper, await card());
    const second = await save(shopper, await card());
    expect(second.attempt.record.stripeCustomerId).toBe(first.attempt.record.stripeCustomerId);
  });

  it('when the stored customer was deleted at Stripe, then a new customer takes its place', async () => {
    const shopper = shopperIn('en-GB');
    const first = await save(shopper, await card());
    const gone = first.attempt.record.stripeCustomerId!;
    deleteStripeCustomer(gone);
    const second = await save(shopper, await card());
    expect(second.result.status).toBe('saved');
    const replacement = second.attempt.record.stripeCustomerId!;
    expect(replacement).not.toBe(gone);
    expect(getStripeCustomer(replacement)).toMatchObject({ object: 'customer', email: 'kim.driver@example.com' });
    expect(shopper.session.stripeCustomer).toEqual({ id: replacement });
  });

  it('when the stored customer is unknown to Stripe (404 resource_missing), then a new customer takes its place', async () => {
    const shopper = shopperIn('en-GB', { stripeCustomer: { id: 'cus_NeverExisted' } });
    const { attempt, result } = await save(shopper, await card());
    expect(result.status).toBe('saved');
    expect(attempt.record.stripeCustomerId).toMatch(/^cus_/);
    expect(attempt.record.stripeCustomerId).not.toBe('cus_NeverExisted');
  });

  it("when alex's customer is deleted at Stripe, then his next saving creates one carrying his CDC id", async () => {
    const shopper = shopperIn('en-GB', { authType: 'registered', sapCdcId: 'cdc-alex-0001' });
    const first = await save(shopper, await card());
    expect(first.attempt.record.stripeCustomerId).toBe(STRIPE_SEED.alexCustomerId);
    deleteStripeCustomer(STRIPE_SEED.alexCustomerId);
    const second = await save(shopper, await card());
    const replacement = second.attempt.record.stripeCustomerId!;
    expect(replacement).not.toBe(STRIPE_SEED.alexCustomerId);
    expect(getStripeCustomer(replacement)).toMatchObject({ metadata: { sap_cdc_id: 'cdc-alex-0001' } });
  });
});
