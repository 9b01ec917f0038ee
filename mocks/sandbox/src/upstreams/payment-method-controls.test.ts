/**
 * The saved-card expiry control (`POST /__sandbox/payment-methods/{token}/expiry`, account §5 card
 * expiry, §8 expired card) against the Stripe, Adyen and order-management stand-ins, each read
 * through its own API: alex's Stripe card `pm_SandboxVisa4242` (his order-management record carries
 * it) and his Adyen stored card `8316234567890123`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../app.ts';
import { SHOPPERS } from '../seed.ts';
import { ADYEN_SEED, adyenModule } from './adyen/index.ts';
import { paymentMethodControls } from './payment-method-controls.ts';
import { somModule } from './som/index.ts';
import { STRIPE_SEED, stripeModule } from './stripe/index.ts';

const alex = SHOPPERS.find((s) => s.handle === 'alex')!;

const sandbox: Sandbox = createSandbox([somModule, adyenModule, stripeModule]);
sandbox.app.use('/__sandbox/payment-methods', paymentMethodControls);
let root = '';

beforeAll(async () => {
  root = `http://127.0.0.1:${await sandbox.start(0)}`;
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
});

const setExpiry = (token: string, body: unknown) =>
  fetch(`${root}/__sandbox/payment-methods/${token}/expiry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const stripeCard = async () => {
  const res = await fetch(`${root}/stripe/v1/payment_methods/${STRIPE_SEED.alexPaymentMethodId}`, {
    headers: { authorization: 'Bearer sk_test_sandbox' },
  });
  return ((await res.json()) as { card: { exp_month: number; exp_year: number } }).card;
};

const adyenCards = async () => {
  const query = `shopperReference=${ADYEN_SEED.alexShopperReference}&merchantAccount=${ADYEN_SEED.merchantAccount}`;
  const res = await fetch(`${root}/adyen/v71/storedPaymentMethods?${query}`, {
    headers: { 'x-api-key': 'sandbox-adyen-api-key' },
  });
  return (
    (await res.json()) as { storedPaymentMethods: Array<{ id: string; expiryMonth: string; expiryYear: string }> }
  ).storedPaymentMethods;
};

const record = async () => {
  const res = await fetch(`${root}/som/services/apexrest/SOM/PaymentMethodInformation`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sandbox-service-token' },
    body: JSON.stringify({
      controllerName: 'SOM',
      methodRequest: 'PaymentMethodInformation',
      query: { userId: alex.uid, brand: 'aurora' },
    }),
  });
  return ((await res.json()) as { paymentMethod: { token: string; exp_month?: number; exp_year?: number } })
    .paymentMethod;
};

describe('saved-card expiry control', () => {
  it("when alex's Stripe card is set to 01/2025, then Stripe and his order-management record say so; reset restores 12/2030", async () => {
    const res = await setExpiry(STRIPE_SEED.alexPaymentMethodId, { expMonth: 1, expYear: 2025 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      token: STRIPE_SEED.alexPaymentMethodId,
      expMonth: 1,
      expYear: 2025,
      updated: ['stripe', 'som'],
    });
    expect(await stripeCard()).toMatchObject({ exp_month: 1, exp_year: 2025 });
    expect(await record()).toMatchObject({ token: STRIPE_SEED.alexPaymentMethodId, exp_month: 1, exp_year: 2025 });
    // The Adyen card is another one: untouched.
    expect(await adyenCards()).toEqual([expect.objectContaining({ expiryMonth: '12', expiryYear: '2030' })]);

    await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
    expect(await stripeCard()).toMatchObject({ exp_month: 12, exp_year: 2030 });
    expect(await record()).toMatchObject({ exp_month: 12, exp_year: 2030 });
  });

  it("when alex's Adyen stored card is set to 03/2024, then Adyen's stored payment methods say so", async () => {
    const res = await setExpiry(ADYEN_SEED.alexStoredPaymentMethodId, { expMonth: 3, expYear: 2024 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { updated: string[] }).updated).toEqual(['adyen']);
    expect(await adyenCards()).toEqual([
      expect.objectContaining({ id: ADYEN_SEED.alexStoredPaymentMethodId, expiryMonth: '03', expiryYear: '2024' }),
    ]);
    expect(await stripeCard()).toMatchObject({ exp_month: 12, exp_year: 2030 });
  });

  it.each([
    [{ expMonth: 0, expYear: 2025 }],
    [{ expMonth: 13, expYear: 2025 }],
    [{ expMonth: 1.5, expYear: 2025 }],
    [{ expMonth: '1', expYear: 2025 }],
    [{ expMonth: 1, expYear: 25 }],
    [{ expMonth: 1, expYear: 20250 }],
    [{ expMonth: 1 }],
    [{}],
  ])('when the body is %j, then 400 and nothing changes', async (body) => {
    const res = await setExpiry(STRIPE_SEED.alexPaymentMethodId, body);
    expect(res.status).toBe(400);
    expect(await stripeCard()).toMatchObject({ exp_month: 12, exp_year: 2030 });
  });

  it('when no stand-in holds the token, then 404', async () => {
    const res = await setExpiry('pm_Unknown', { expMonth: 1, expYear: 2025 });
    expect(res.status).toBe(404);
  });
});
