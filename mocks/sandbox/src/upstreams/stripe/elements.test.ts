/**
 * The Stripe stand-in refuses what Stripe refuses (issue 14, storefront §4 Payment setup):
 * - Stripe.js's `createPaymentMethod({elements})` from an Elements group not created for manual
 *   creation without an Intent (https://docs.stripe.com/js/payment_methods/create_payment_method_elements,
 *   https://docs.stripe.com/js/elements_object/create_without_intent);
 * - an iDEAL or Bancontact set-up (it generates a SEPA Direct Debit method) confirmed without the
 *   mandate (https://docs.stripe.com/api/setup_intents/create#create_setup_intent-mandate_data);
 * - a deleted customer: its id answers a deleted customer, and a SetupIntent for it resource_missing
 *   (https://docs.stripe.com/error-codes#resource-missing).
 */
import { describe, expect, it } from 'vitest';
import { getSetupIntent, STRIPE_SEED } from './index.ts';
import { SECRET_KEY, stripeSandbox } from './test-helpers.ts';
import { deleteStripeCustomer, getSetupIntentMandate } from './store.ts';

// The stand-in, started for this file and reset before each test (test-helpers.ts).
const stripe = stripeSandbox();

const PUBLISHABLE = { authorization: 'Bearer pk_test_sandbox' };

const MANUAL_SETUP = {
  mode: 'setup',
  currency: 'eur',
  paymentMethodCreation: 'manual',
  allowedPaymentMethodTypes: ['card', 'ideal'],
};
const CARD = { type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' } };

/** Stripe.js's createPaymentMethod({elements, params}), as the sandbox card form calls it. */
function createWithElements(elements: unknown, params: unknown, headers: Record<string, string> = PUBLISHABLE) {
  return fetch(`${stripe.base()}/__elements/payment_methods`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ elements, params }),
  });
}

function post(path: string, params: Record<string, string>) {
  return fetch(`${stripe.base()}${path}`, {
    method: 'POST',
    headers: { ...SECRET_KEY, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
}

const MANDATE = {
  'mandate_data[customer_acceptance][type]': 'online',
  'mandate_data[customer_acceptance][online][ip_address]': '203.0.113.7',
  'mandate_data[customer_acceptance][online][user_agent]': 'Mozilla/5.0 (sandbox test)',
};

describe("stripe stand-in: Stripe.js's createPaymentMethod({elements})", () => {
  it('when the Elements group was created for manual creation without an Intent, then the PaymentMethod is created', async () => {
    const res = await createWithElements(MANUAL_SETUP, CARD);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ object: 'payment_method', type: 'card', card: { last4: '4242' } });
    const ideal = await createWithElements(MANUAL_SETUP, { type: 'ideal', ideal: {} });
    expect(await ideal.json()).toMatchObject({ type: 'ideal' });
  });

  it.each([
    ['with a client secret (an Intent first)', { clientSecret: 'seti_1_secret_2' }],
    ['without paymentMethodCreation', { mode: 'setup', currency: 'eur' }],
    ['with another creation', { ...MANUAL_SETUP, paymentMethodCreation: 'automatic' }],
    ['without a mode', { currency: 'eur', paymentMethodCreation: 'manual' }],
    ['without a currency', { mode: 'setup', paymentMethodCreation: 'manual' }],
    ['with an upper-case currency', { ...MANUAL_SETUP, currency: 'EUR' }],
    ['not allowing the card', { ...MANUAL_SETUP, allowedPaymentMethodTypes: ['ideal'] }],
  ])('when the Elements group was created %s, then it is refused with an integration error', async (_, elements) => {
    const res = await createWithElements(elements, CARD);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        code: 'integration_error',
        message: expect.stringMatching(/^IntegrationError: /),
      },
    });
  });

  it('when the call comes with the secret key, then it is refused: Stripe.js holds the publishable key', async () => {
    const res = await createWithElements(MANUAL_SETUP, CARD, SECRET_KEY);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'integration_error' } });
  });

  it("when the card's details are wrong, then Stripe's card error as POST /v1/payment_methods answers it", async () => {
    const res = await createWithElements(MANUAL_SETUP, { ...CARD, card: { ...CARD.card, number: '1234' } });
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ error: { type: 'card_error', code: 'incorrect_number' } });
  });
});

describe('stripe stand-in: SEPA Direct Debit mandates of iDEAL and Bancontact set-ups', () => {
  async function bankMethod(type: 'ideal' | 'bancontact') {
    return ((await (await post('/v1/payment_methods', { type })).json()) as { id: string }).id;
  }

  const setUp = (method: string, type: string, extra: Record<string, string> = {}) =>
    post('/v1/setup_intents', {
      customer: STRIPE_SEED.alexCustomerId,
      payment_method: method,
      'payment_method_types[0]': type,
      confirm: 'true',
      return_url: 'http://localhost:3000/payment-confirmation',
      ...extra,
    });

  it.each(['ideal', 'bancontact'] as const)(
    'when a %s set-up is confirmed without mandate_data, then 400 parameter_missing on mandate_data',
    async (type) => {
      const res = await setUp(await bankMethod(type), type);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { type: 'invalid_request_error', code: 'parameter_missing', param: 'mandate_data' },
      });
    },
  );

  it('when an iDEAL set-up created first is confirmed without mandate_data, then the confirmation is refused too', async () => {
    const method = await bankMethod('ideal');
    const created = (await (
      await post('/v1/setup_intents', {
        customer: STRIPE_SEED.alexCustomerId,
        payment_method: method,
        'payment_method_types[0]': 'ideal',
      })
    ).json()) as { id: string };
    const refused = await post(`/v1/setup_intents/${created.id}/confirm`, {
      return_url: 'http://localhost:3000/payment-confirmation',
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: 'parameter_missing', param: 'mandate_data' } });
    const confirmed = await post(`/v1/setup_intents/${created.id}/confirm`, {
      return_url: 'http://localhost:3000/payment-confirmation',
      ...MANDATE,
    });
    expect(await confirmed.json()).toMatchObject({ status: 'requires_action' });
  });

  it('when an iDEAL set-up is confirmed with its mandate, then it goes through the bank page with Authorise', async () => {
    const ideal = (await (await post('/v1/payment_methods', { type: 'ideal', 'ideal[bank]': 'ing' })).json()) as {
      id: string;
      ideal: { bic: string };
    };
    expect(ideal.ideal.bic).toBe('INGBNL2A');
    const intent = (await (await setUp(ideal.id, 'ideal', MANDATE)).json()) as {
      id: string;
      status: string;
      next_action: { redirect_to_url: { url: string } };
    };
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action.redirect_to_url.url).toContain(`/stripe/__bank/${intent.id}`);
    const html = await (await fetch(intent.next_action.redirect_to_url.url)).text();
    expect(html).toContain('>Authorise</button>');
    const done = await fetch(intent.next_action.redirect_to_url.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
      redirect: 'manual',
    });
    expect(new URL(done.headers.get('location')!).searchParams.get('redirect_status')).toBe('succeeded');
    expect(getSetupIntent(intent.id)?.status).toBe('succeeded');
  });

  it('when the mandate was accepted online, then the set-up goes to the bank page and keeps the IP address and browser', async () => {
    const res = await setUp(await bankMethod('bancontact'), 'bancontact', MANDATE);
    const intent = (await res.json()) as { id: string; status: string };
    expect(intent.status).toBe('requires_action');
    expect(getSetupIntentMandate(intent.id)).toEqual({
      ipAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (sandbox test)',
    });
  });

  it('when the online acceptance lacks the browser, then 400 naming the missing parameter', async () => {
    const res = await setUp(await bankMethod('ideal'), 'ideal', {
      'mandate_data[customer_acceptance][type]': 'online',
      'mandate_data[customer_acceptance][online][ip_address]': '203.0.113.7',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 'parameter_missing', param: 'mandate_data[customer_acceptance][online][user_agent]' },
    });
  });

  it('when mandate_data comes without confirm, then 400: Stripe takes it only with confirm=true', async () => {
    const res = await post('/v1/setup_intents', { customer: STRIPE_SEED.alexCustomerId, ...MANDATE });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { param: 'mandate_data' } });
  });

  it('when a card set-up is confirmed without mandate_data, then it succeeds: cards need no mandate', async () => {
    const card = (await (
      await post('/v1/payment_methods', {
        type: 'card',
        'card[number]': '4242424242424242',
        'card[exp_month]': '12',
        'card[exp_year]': '2034',
      })
    ).json()) as { id: string };
    expect(await (await setUp(card.id, 'card')).json()).toMatchObject({ status: 'succeeded' });
  });
});

describe('stripe stand-in: a deleted customer', () => {
  it('when the customer is deleted, then its id reads as deleted and a SetupIntent for it is resource_missing', async () => {
    expect(deleteStripeCustomer(STRIPE_SEED.alexCustomerId)).toBe(true);
    const read = await fetch(`${stripe.base()}/v1/customers/${STRIPE_SEED.alexCustomerId}`, { headers: SECRET_KEY });
    expect(await read.json()).toEqual({ id: STRIPE_SEED.alexCustomerId, object: 'customer', deleted: true });
    const res = await post('/v1/setup_intents', { customer: STRIPE_SEED.alexCustomerId });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'resource_missing', param: 'customer' } });
    expect(deleteStripeCustomer('cus_Unknown')).toBe(false);
  });
});
