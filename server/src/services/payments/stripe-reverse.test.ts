/**
 * Stripe's reversal of a failed order's SetupIntent (issue 29) against the in-process sandbox, as
 * Stripe documents it: a SetupIntent not yet succeeded is canceled
 * (https://docs.stripe.com/api/setup_intents/cancel); a succeeded one has the payment method it
 * attached detached (https://docs.stripe.com/api/payment_methods/detach), except the account's saved
 * card, which the order did not attach. True once Stripe took it (or there was nothing to give back),
 * false when it could not be sent, never a throw. The checkout's SetupIntent names its order in
 * `metadata[orderNo]`, also when confirmed again for the next order, so that a late reversal of the
 * failed order never gives back what the next one saved.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../../mocks/sandbox/src/sandbox.ts';
import {
  getSetupIntent,
  getStripePaymentMethod,
  STRIPE_SEED,
} from '../../../../mocks/sandbox/src/upstreams/stripe/store.ts';
import type { AppContext } from '../../context.ts';
import { type PendingPayment, type SessionData } from '../../session.ts';
import { readLedger } from '../../testing/money-invariant.ts';
import { sandboxContext } from '../../testing/provider-context.ts';
import { shopperFor, type Shopper } from '../identity/shopper.ts';
import type { CheckedMethod, PaymentResult, ProviderReferences } from './provider.ts';
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

function shopperIn(session: Partial<SessionData> = {}): Shopper {
  const data: SessionData = {
    id: 'stripe-reverse-test',
    csrfToken: 'csrf',
    authType: 'guest',
    site: 'aurora',
    locale: 'en-GB',
    customer: null,
    basketItemCount: 0,
    ...session,
  };
  return shopperFor(
    ctx,
    data,
    { accessToken: 'unused' },
    { signal: AbortSignal.timeout(10_000), log: ctx.logger, persist: async () => {} },
  );
}

async function card(number: string): Promise<CheckedMethod> {
  const created = await ctx.upstreams.stripe.POST('/v1/payment_methods', {
    body: { type: 'card', card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } } as never,
    ...formOf(),
  });
  // A new method from Elements, attached to no customer: the shopper's own is never asked for.
  return stripeProvider.checkMethod(ctx, shopperIn(), {
    provider: 'stripe',
    paymentMethodType: 'CREDIT_CARD',
    stripePaymentMethodId: created.data!.id,
  });
}

let keys = 0;

/** One order attempt's payment, as place-order makes it: the order's pending payment, paid with `method`. */
async function pay(
  shopper: Shopper,
  orderNo: string,
  method: CheckedMethod,
): Promise<{ pending: PendingPayment; result: PaymentResult | Error }> {
  const pending: PendingPayment = {
    orderNo,
    provider: 'stripe',
    key: `stripe-reverse-${(keys += 1)}`,
    paymentType: 'CREDIT_CARD',
    ...(method.id ? { paymentMethodId: method.id } : {}),
  };
  const result = await stripeProvider
    .pay(ctx, shopper, {
      pending,
      method,
      request: {
        provider: 'stripe',
        paymentMethodType: 'CREDIT_CARD',
        ...(method.stored ? { useSavedPaymentMethod: true as const } : { stripePaymentMethodId: method.id! }),
      },
      amount: { value: 99, currency: 'GBP' },
      customer: { email: 'gus.guest@example.com', name: 'Gus Guest' },
      billing: {
        firstName: 'Gus',
        lastName: 'Guest',
        address1: '1 High Street',
        city: 'London',
        postalCode: 'SW1A 1AA',
        countryCode: 'GB',
      },
      returnUrl: `http://localhost:3000/en-GB/payment-confirmation?orderNo=${orderNo}&provider=stripe`,
      client: { ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0 (stripe reverse test)' },
    })
    .catch((error: unknown) => error as Error);
  return { pending, result };
}

/** The shopper's answer on the sandbox's 3-D Secure page. */
async function challenge(result: PaymentResult | Error, outcome: 'complete' | 'fail') {
  const url = (result as { redirectUrl?: string }).redirectUrl!;
  await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
}

const stateOf = async (id: string | undefined) =>
  (await readLedger(sandbox.context.baseUrl())).payments.find((p) => p.id === id)?.state;

describe("the checkout's SetupIntent names its order", () => {
  it('when an order pays, then its SetupIntent carries metadata[orderNo]; the account’s saving names none', async () => {
    const shopper = shopperIn();
    const { pending } = await pay(shopper, '00012345', await card('4242424242424242'));
    expect(getSetupIntent(pending.setupIntentId!)?.metadata).toEqual({ orderNo: '00012345' });
    const request = { provider: 'stripe' as const, paymentMethodType: 'CREDIT_CARD' as const };
    const saving: ProviderReferences = { key: `stripe-reverse-${(keys += 1)}`, paymentType: 'CREDIT_CARD' };
    await stripeProvider.saveMethod(ctx, shopperIn({ id: 'account-saving' }), {
      record: saving,
      method: await card('4242424242424242'),
      request,
      currency: 'GBP',
      customer: { email: 'kim.driver@example.com', name: 'Kim Driver' },
      billing: { firstName: 'Kim', lastName: 'Driver', address1: '5 Harbour Road', city: 'Bristol', countryCode: 'GB' },
      returnUrl: 'http://localhost:3000/en-GB/account/my-payment-method',
      client: { ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0' },
    });
    expect(getSetupIntent(saving.setupIntentId!)?.metadata).toEqual({});
  });

  it('when a declined attempt’s SetupIntent is confirmed again for the next order, then it names that order first', async () => {
    const shopper = shopperIn();
    const declined = await pay(shopper, '00012345', await card('4000000000000002'));
    expect(declined.result).toMatchObject({ status: 402 });
    const intent = shopper.session.stripeSetupIntent!.id;
    expect(getSetupIntent(intent)?.metadata).toEqual({ orderNo: '00012345' });
    const next = await pay(shopper, '00012346', await card('4242424242424242'));
    expect(next.result).toEqual({ status: 'paid' });
    expect(next.pending.setupIntentId).toBe(intent);
    expect(getSetupIntent(intent)).toMatchObject({ status: 'succeeded', metadata: { orderNo: '00012346' } });
  });
});

describe("reverse: a failed order's SetupIntent given back", () => {
  it('when the 3-D Secure setup still waits for the shopper, then it is canceled (abandoned) and the challenge closes', async () => {
    const { pending, result } = await pay(shopperIn(), '00012345', await card('4000002760003184'));
    expect(result).toMatchObject({ status: 'actionRequired', actionType: 'threeDSecure' });
    expect(await stripeProvider.reverse(ctx, shopperIn(), pending)).toBe(true);
    expect(getSetupIntent(pending.setupIntentId!)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    expect((await fetch((result as { redirectUrl: string }).redirectUrl)).status).toBe(409);
    expect(await stateOf(pending.setupIntentId)).toBe('reversed');
  });

  it('when the setup succeeded with a new card, then the card is detached: no renewal can charge it', async () => {
    const { pending, result } = await pay(shopperIn(), '00012345', await card('4242424242424242'));
    expect(result).toEqual({ status: 'paid' });
    expect(getStripePaymentMethod(pending.paymentMethodId!)?.customer).toMatch(/^cus_/);
    expect(await stateOf(pending.setupIntentId)).toBe('saved');
    expect(await stripeProvider.reverse(ctx, shopperIn(), pending)).toBe(true);
    expect(getStripePaymentMethod(pending.paymentMethodId!)?.customer).toBeNull();
    expect(getSetupIntent(pending.setupIntentId!)?.status).toBe('succeeded');
    expect(await stateOf(pending.setupIntentId)).toBe('reversed');
  });

  it('when the 3-D Secure challenge was completed meanwhile, then the card it saved is detached', async () => {
    const { pending, result } = await pay(shopperIn(), '00012345', await card('4000002760003184'));
    await challenge(result, 'complete');
    expect(await stripeProvider.reverse(ctx, shopperIn(), pending)).toBe(true);
    expect(getStripePaymentMethod(pending.paymentMethodId!)?.customer).toBeNull();
  });

  it("when the account's saved card paid, then it stays saved: the order did not attach it", async () => {
    const alex = shopperIn({ authType: 'registered', sapCdcId: 'cdc-alex-0001' });
    const saved = await stripeProvider.storedCard(ctx, { token: STRIPE_SEED.alexPaymentMethodId });
    const { pending, result } = await pay(alex, '00012345', saved!);
    expect(result).toEqual({ status: 'paid' });
    expect(pending.savedCard).toBe(true);
    expect(await stripeProvider.reverse(ctx, alex, pending)).toBe(true);
    expect(getStripePaymentMethod(STRIPE_SEED.alexPaymentMethodId)?.customer).toBe(STRIPE_SEED.alexCustomerId);
  });

  it('when the SetupIntent’s answer was lost (no intent known), then the card the setup attached is detached all the same', async () => {
    const { pending } = await pay(shopperIn(), '00012345', await card('4242424242424242'));
    const lost: PendingPayment = { ...pending };
    delete lost.setupIntentId;
    expect(await stripeProvider.reverse(ctx, shopperIn(), lost)).toBe(true);
    expect(getStripePaymentMethod(pending.paymentMethodId!)?.customer).toBeNull();
  });

  it('when the setup was declined, then there is nothing to give back: true, and the card was never attached', async () => {
    const { pending, result } = await pay(shopperIn(), '00012345', await card('4000000000000002'));
    expect(result).toMatchObject({ status: 402 });
    expect(await stripeProvider.reverse(ctx, shopperIn(), pending)).toBe(true);
    expect(getStripePaymentMethod(pending.paymentMethodId!)?.customer).toBeNull();
  });

  it('when the reversal is sent again (the reconciler), then it answers true and changes nothing more', async () => {
    const waiting = await pay(shopperIn({ id: 'a' }), '00012345', await card('4000002760003184'));
    const saved = await pay(shopperIn({ id: 'b' }), '00012346', await card('4242424242424242'));
    for (const pending of [waiting.pending, saved.pending]) {
      expect(await stripeProvider.reverse(ctx, shopperIn(), pending)).toBe(true);
      expect(await stripeProvider.reverse(ctx, shopperIn(), pending)).toBe(true);
    }
    expect(getSetupIntent(waiting.pending.setupIntentId!)?.status).toBe('canceled');
    expect(getStripePaymentMethod(saved.pending.paymentMethodId!)?.customer).toBeNull();
  });

  it('when the SetupIntent was confirmed again for the next order, then the failed order’s late reversal leaves it saved', async () => {
    const shopper = shopperIn();
    const failed = await pay(shopper, '00012345', await card('4000002760003184'));
    await challenge(failed.result, 'fail');
    const next = await pay(shopper, '00012346', await card('4242424242424242'));
    expect(next.result).toEqual({ status: 'paid' });
    expect(next.pending.setupIntentId).toBe(failed.pending.setupIntentId);
    expect(await stripeProvider.reverse(ctx, shopperIn(), failed.pending)).toBe(true);
    expect(getSetupIntent(next.pending.setupIntentId!)?.status).toBe('succeeded');
    expect(getStripePaymentMethod(next.pending.paymentMethodId!)?.customer).toMatch(/^cus_/);
    expect(await stateOf(next.pending.setupIntentId)).toBe('saved');
  });

  it.each([
    ['unreachable', { drop: true }],
    ['answering 503', { status: 503 }],
  ])('when Stripe is %s, then the reversal answers false and never throws', async (_name, fault) => {
    const waiting = await pay(shopperIn({ id: 'a' }), '00012345', await card('4000002760003184'));
    const saved = await pay(shopperIn({ id: 'b' }), '00012346', await card('4242424242424242'));
    sandbox.context.faults.set('stripe', fault);
    try {
      expect(await stripeProvider.reverse(ctx, shopperIn(), waiting.pending)).toBe(false);
      expect(await stripeProvider.reverse(ctx, shopperIn(), saved.pending)).toBe(false);
      const lost: PendingPayment = { ...saved.pending };
      delete lost.setupIntentId;
      expect(await stripeProvider.reverse(ctx, shopperIn(), lost)).toBe(false);
    } finally {
      sandbox.context.faults.clear();
    }
    expect(getSetupIntent(waiting.pending.setupIntentId!)?.status).toBe('requires_action');
    expect(await stripeProvider.reverse(ctx, shopperIn(), waiting.pending)).toBe(true);
  });

  it('when Stripe refuses the cancel (500), then it answers false; sent again once Stripe takes it, true', async () => {
    const { pending } = await pay(shopperIn(), '00012345', await card('4000002760003184'));
    sandbox.context.faults.set('stripe', { status: 500, method: 'POST', path: '^/v1/setup_intents/[^/]+/cancel$' });
    try {
      expect(await stripeProvider.reverse(ctx, shopperIn(), pending)).toBe(false);
    } finally {
      sandbox.context.faults.clear();
    }
    expect(await stripeProvider.reverse(ctx, shopperIn(), pending)).toBe(true);
    expect(getSetupIntent(pending.setupIntentId!)?.status).toBe('canceled');
  });
});
