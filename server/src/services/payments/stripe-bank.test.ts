/**
 * Stripe's iDEAL and Bancontact payments keep the SEPA Direct Debit method their set-up generated
 * (issue 31; Stripe's "Use iDEAL / Bancontact to set up future SEPA Direct Debit payments"), against
 * the in-process sandbox: the bank page's return records it on the order's pending payment with the
 * bank's facts, a reconciler placing the order without the shopper completes it, and a failed
 * order gives back the SEPA method its set-up attached (issue 29's reversal).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../../mocks/sandbox/src/sandbox.ts';
import { getStripePaymentMethod } from '../../../../mocks/sandbox/src/upstreams/stripe/store.ts';
import type { AppContext } from '../../context.ts';
import type { PendingPayment, SessionData } from '../../session.ts';
import { readLedger } from '../../testing/money-invariant.ts';
import { sandboxContext } from '../../testing/provider-context.ts';
import { shopperFor, type Shopper } from '../identity/shopper.ts';
import type { PaymentResult } from './provider.ts';
import { formOf } from '../../upstream/stripe-form.ts';
import { stripeProvider } from './stripe.ts';

let sandbox: Sandbox;
let ctx: AppContext;

beforeAll(async () => {
  sandbox = buildSandbox();
  ctx = sandboxContext(await sandbox.start(0));
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${sandbox.context.baseUrl()}/__sandbox/reset`, { method: 'POST' });
});

function guest(): Shopper {
  const data: SessionData = {
    id: 'stripe-bank-test',
    csrfToken: 'csrf',
    authType: 'guest',
    site: 'aurora',
    locale: 'nl-NL',
    customer: null,
    basketItemCount: 0,
  };
  return shopperFor(
    ctx,
    data,
    { accessToken: 'unused' },
    { signal: AbortSignal.timeout(10_000), log: ctx.logger, persist: async () => {} },
  );
}

let keys = 0;

/** An iDEAL order's payment as place-order makes it: the bank page to open, the pending payment. */
async function payByIdeal(shopper: Shopper, orderNo: string) {
  const created = await ctx.upstreams.stripe.POST('/v1/payment_methods', {
    body: { type: 'ideal', ideal: { bank: 'ing' }, billing_details: { name: 'Kim Driver' } } as never,
    ...formOf(),
  });
  const method = await stripeProvider.checkMethod(ctx, shopper, {
    provider: 'stripe',
    paymentMethodType: 'IDEAL',
    stripePaymentMethodId: created.data!.id,
  });
  const pending: PendingPayment = {
    orderNo,
    provider: 'stripe',
    key: `stripe-bank-${(keys += 1)}`,
    paymentType: 'IDEAL',
    paymentMethodId: method.id!,
  };
  const result = await stripeProvider.pay(ctx, shopper, {
    pending,
    method,
    request: { provider: 'stripe', paymentMethodType: 'IDEAL', stripePaymentMethodId: method.id! },
    amount: { value: 99, currency: 'EUR' },
    customer: { email: 'kim.driver@example.com', name: 'Kim Driver' },
    billing: {
      firstName: 'Kim',
      lastName: 'Driver',
      address1: 'Damrak 1',
      city: 'Amsterdam',
      postalCode: '1012 LG',
      countryCode: 'NL',
    },
    returnUrl: `http://localhost:3000/nl-NL/payment-confirmation?orderNo=${orderNo}&provider=stripe`,
    client: { ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0 (stripe bank test)' },
  });
  return { pending, result, idealMethod: method.id! };
}

/** The shopper authorises at the sandbox bank page. */
async function authorise(result: PaymentResult) {
  await fetch((result as { redirectUrl: string }).redirectUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=complete',
    redirect: 'manual',
  });
}

const NO_RETURN = { context: 'checkout' as const, provider: 'stripe' as const };

describe('an iDEAL payment keeps the generated SEPA Direct Debit method (issue 31)', () => {
  it('when the shopper comes back from the bank, then the pending payment holds the SEPA method and the bank facts; a reload confirms it again', async () => {
    const shopper = guest();
    const { pending, result, idealMethod } = await payByIdeal(shopper, '00012345');
    expect(result).toMatchObject({ status: 'actionRequired', actionType: 'bankRedirect' });
    await authorise(result);
    expect(await stripeProvider.confirm(ctx, shopper, pending, NO_RETURN)).toEqual({ status: 'paid' });
    expect(pending.paymentMethodId).not.toBe(idealMethod);
    expect(getStripePaymentMethod(pending.paymentMethodId!)).toMatchObject({
      type: 'sepa_debit',
      customer: pending.stripeCustomerId,
    });
    expect(pending.bank).toEqual({ ibanLast4: '5264', bank: 'ing', bankCode: 'INGB', bic: 'INGBNL2A', country: 'NL' });
    // The return page reloaded: the SetupIntent read again for the SEPA method now recorded.
    expect(await stripeProvider.confirm(ctx, shopper, pending, NO_RETURN)).toEqual({ status: 'paid' });
  });

  it('when a reconciler places the order the shopper never came back for, then the SEPA method is completed first', async () => {
    const { pending, result, idealMethod } = await payByIdeal(guest(), '00012345');
    await authorise(result);
    await stripeProvider.completeStoredMethod!(ctx, pending);
    expect(pending.paymentMethodId).not.toBe(idealMethod);
    expect(getStripePaymentMethod(pending.paymentMethodId!)?.type).toBe('sepa_debit');
    expect(pending.bank?.ibanLast4).toBe('5264');
  });

  it.each([
    ['before the return was read', false],
    ['after the return recorded the SEPA method', true],
  ])(
    'when the authorised order fails %s, then the SEPA method its set-up attached is detached',
    async (_, confirmed) => {
      const shopper = guest();
      const { pending, result } = await payByIdeal(shopper, '00012345');
      await authorise(result);
      if (confirmed) await stripeProvider.confirm(ctx, shopper, pending, NO_RETURN);
      const ledger = await readLedger(sandbox.context.baseUrl());
      const sepa = ledger.payments.find((p) => p.id === pending.setupIntentId);
      expect(sepa?.state).toBe('saved');
      expect(await stripeProvider.reverse(ctx, shopper, pending)).toBe(true);
      const after = await readLedger(sandbox.context.baseUrl());
      expect(after.payments.find((p) => p.id === pending.setupIntentId)?.state).toBe('reversed');
    },
  );
});
