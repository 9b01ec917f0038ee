/**
 * Test helpers of the Stripe stand-in: a sandbox with it, started for the calling test file and reset
 * before each of its tests, and its calls with the secret key (a form-encoded POST in Stripe's bracket
 * notation, a GET, a card PaymentMethod, a confirmed SetupIntent of alex's customer).
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createSandbox, type Sandbox } from '../../app.ts';
import { STRIPE_SEED, stripeModule } from './index.ts';

export const SECRET_KEY = { authorization: 'Bearer sk_test_sandbox' };

export function stripeSandbox() {
  const sandbox: Sandbox = createSandbox([stripeModule]);
  let base = '';

  beforeAll(async () => {
    const port = await sandbox.start(0);
    base = `http://localhost:${port}/stripe`;
  });
  afterAll(() => sandbox.stop());
  beforeEach(async () => {
    await fetch(`${base.replace('/stripe', '')}/__sandbox/reset`, { method: 'POST' });
  });

  /** A form-encoded POST in Stripe's bracket notation. */
  function post(path: string, params: Record<string, string>, headers: Record<string, string> = {}) {
    return fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...SECRET_KEY, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(params).toString(),
    });
  }

  const get = (path: string, headers: Record<string, string> = SECRET_KEY) => fetch(`${base}${path}`, { headers });

  async function createCard(number: string, country = 'GB') {
    const res = await post('/v1/payment_methods', {
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': '2034',
      'card[cvc]': '123',
      'billing_details[name]': 'Kim Driver',
      'billing_details[address][country]': country,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { id: string; card: { country: string; last4: string; brand: string } };
  }

  async function setUp(paymentMethod: string, extra: Record<string, string> = {}) {
    return post('/v1/setup_intents', {
      customer: STRIPE_SEED.alexCustomerId,
      payment_method: paymentMethod,
      'payment_method_types[0]': 'card',
      confirm: 'true',
      usage: 'off_session',
      return_url: 'http://localhost:3000/account/payment-methods?from=setup',
      ...extra,
    });
  }

  return { base: () => base, post, get, createCard, setUp };
}
