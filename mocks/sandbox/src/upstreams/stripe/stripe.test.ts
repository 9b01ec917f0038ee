import { describe, expect, it } from 'vitest';
import { STRIPE_SEED, stripeLedger } from './index.ts';
import { stripeSandbox } from './test-helpers.ts';

const { base, post, get, createCard, setUp } = stripeSandbox();

describe('stripe stand-in: authentication', () => {
  it('when no key is given, then it answers 401 with an invalid_request_error', async () => {
    const res = await get('/v1/customers/cus_SandboxAlex01', {});
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('when the key is wrong, then it answers 401 "Invalid API Key provided" with the key redacted', async () => {
    const res = await get('/v1/customers/cus_SandboxAlex01', { authorization: 'Bearer sk_test_oops12345678' });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/^Invalid API Key provided: sk_test_\*\*\*5678$/);
  });

  it('when the key is given as the basic user name, then it is accepted', async () => {
    const basic = `Basic ${Buffer.from('sk_test_sandbox:').toString('base64')}`;
    expect((await get('/v1/customers/cus_SandboxAlex01', { authorization: basic })).status).toBe(200);
  });

  it('when the publishable key reads a customer, then it is refused; creating a payment method is allowed', async () => {
    const pk = { authorization: 'Bearer pk_test_sandbox' };
    expect((await get('/v1/customers/cus_SandboxAlex01', pk)).status).toBe(401);
    const res = await post('/v1/payment_methods', { type: 'ideal', 'ideal[bank]': 'ing' }, pk);
    expect(res.status).toBe(200);
  });
});

describe('stripe stand-in: customers', () => {
  it("when searching by alex's CDC id, then the seeded customer is found", async () => {
    const query = encodeURIComponent("metadata['sap_cdc_id']:'cdc-alex-0001'");
    const res = await get(`/v1/customers/search?query=${query}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { object: string; data: Array<{ id: string }>; has_more: boolean };
    expect(body).toMatchObject({ object: 'search_result', has_more: false, next_page: null });
    expect(body.data.map((c) => c.id)).toEqual([STRIPE_SEED.alexCustomerId]);
  });

  it('when a customer is created with metadata in bracket notation, then search finds it by that metadata once a minute has passed (Stripe: searchable "in under 1 minute", not read-after-write)', async () => {
    const created = await post('/v1/customers', {
      email: 'kim.driver@example.com',
      name: 'Kim Driver',
      'preferred_locales[0]': 'de-DE',
      'metadata[sap_cdc_id]': 'cdc-kim-0002',
      'metadata[locale_id]': 'de_DE',
    });
    expect(created.status).toBe(200);
    const customer = (await created.json()) as { id: string; metadata: Record<string, string> };
    expect(customer).toMatchObject({
      object: 'customer',
      preferred_locales: ['de-DE'],
      metadata: { sap_cdc_id: 'cdc-kim-0002', locale_id: 'de_DE' },
    });
    const query = encodeURIComponent("metadata['sap_cdc_id']:'cdc-kim-0002' AND email:'kim.driver@example.com'");
    const search = async () =>
      ((await (await get(`/v1/customers/search?query=${query}`)).json()) as { data: Array<{ id: string }> }).data.map(
        (c) => c.id,
      );
    expect(await search()).toEqual([]);
    await fetch(`${base().replace('/stripe', '')}/__sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 61_000 }),
    });
    expect(await search()).toEqual([customer.id]);
  });

  it('when the search query is not in the search language, then it answers 400 on param query', async () => {
    const res = await get(`/v1/customers/search?query=${encodeURIComponent('sap_cdc_id = 1')}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error', param: 'query' } });
  });

  it('when an unknown customer is retrieved, then it answers 404 resource_missing', async () => {
    const res = await get('/v1/customers/cus_Nobody');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such customer: 'cus_Nobody'" },
    });
  });

  it('when the deleted customer is retrieved, then it comes back as deleted', async () => {
    const res = await get(`/v1/customers/${STRIPE_SEED.deletedCustomerId}`);
    expect(await res.json()).toEqual({ id: STRIPE_SEED.deletedCustomerId, object: 'customer', deleted: true });
  });
});

describe('stripe stand-in: payment methods', () => {
  it.each([
    ['4242424242424242', 'NL', 'NL'],
    ['4000008260000000', 'FR', 'GB'],
    ['4000002500000003', 'GB', 'FR'],
  ])('when card %s is created with billing country %s, then its country is %s', async (number, billing, country) => {
    const card = await createCard(number, billing);
    expect(card.card.country).toBe(country);
    expect(card.card.last4).toBe(number.slice(-4));
    expect(card.card.brand).toBe('visa');
  });

  it('when a declined card is created, then creation succeeds (the decline comes at confirmation)', async () => {
    await createCard('4000000000000002');
  });

  it('when the card number is not a card number, then it answers 402 incorrect_number', async () => {
    const res = await post('/v1/payment_methods', {
      type: 'card',
      'card[number]': '4242424242424241',
      'card[exp_month]': '12',
      'card[exp_year]': '2034',
    });
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ error: { type: 'card_error', code: 'incorrect_number' } });
  });

  it('when exp_month is not an integer, then it answers 400 naming card[exp_month]', async () => {
    const res = await post('/v1/payment_methods', {
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': 'soon',
      'card[exp_year]': '2034',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'card[exp_month]' },
    });
  });

  it('when the card number is missing, then it answers 400 parameter_missing card[number]', async () => {
    const res = await post('/v1/payment_methods', { type: 'card', 'card[exp_month]': '1', 'card[exp_year]': '2034' });
    expect(await res.json()).toMatchObject({ error: { code: 'parameter_missing', param: 'card[number]' } });
  });

  it('when a card is attached, retrieved and detached, then each step shows its customer', async () => {
    const card = await createCard('4242424242424242');
    const attached = await post(`/v1/payment_methods/${card.id}/attach`, { customer: STRIPE_SEED.alexCustomerId });
    expect(await attached.json()).toMatchObject({ customer: STRIPE_SEED.alexCustomerId });
    expect(await (await get(`/v1/payment_methods/${card.id}`)).json()).toMatchObject({
      customer: STRIPE_SEED.alexCustomerId,
    });
    const detached = await post(`/v1/payment_methods/${card.id}/detach`, {});
    expect(await detached.json()).toMatchObject({ id: card.id, customer: null });
    const again = await post(`/v1/payment_methods/${card.id}/attach`, { customer: STRIPE_SEED.alexCustomerId });
    expect(again.status).toBe(400);
  });

  it('when a card is attached to an unknown customer, then it answers resource_missing on param customer', async () => {
    const card = await createCard('4242424242424242');
    const res = await post(`/v1/payment_methods/${card.id}/attach`, { customer: 'cus_Nobody' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'resource_missing', param: 'customer' } });
  });

  it("when alex's seeded card is retrieved, then it is a Visa ending 4242 expiring 12/2030 in GB", async () => {
    expect(await (await get(`/v1/payment_methods/${STRIPE_SEED.alexPaymentMethodId}`)).json()).toMatchObject({
      type: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, country: 'GB' },
      customer: STRIPE_SEED.alexCustomerId,
    });
  });
});

describe('stripe stand-in: idempotency keys', () => {
  it('when the same key and parameters are sent twice, then the stored answer is replayed and nothing runs twice', async () => {
    const card = await createCard('4242424242424242');
    const key = { 'idempotency-key': 'key-setup-1' };
    const first = await setUp(card.id, {});
    expect(first.status).toBe(200);
    const params = {
      customer: STRIPE_SEED.alexCustomerId,
      payment_method: card.id,
      confirm: 'true',
    };
    const a = await post('/v1/setup_intents', params, key);
    const before = stripeLedger().length;
    const b = await post('/v1/setup_intents', params, key);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(await b.json()).toEqual(await a.json());
    expect(stripeLedger().length).toBe(before);
  });

  it('when a declined confirmation is replayed with its key, then the same 402 comes back', async () => {
    const card = await createCard('4000000000000002');
    const key = { 'idempotency-key': 'key-declined' };
    const params = { customer: STRIPE_SEED.alexCustomerId, payment_method: card.id, confirm: 'true' };
    const a = await post('/v1/setup_intents', params, key);
    const b = await post('/v1/setup_intents', params, key);
    expect([a.status, b.status]).toEqual([402, 402]);
    expect(await b.json()).toEqual(await a.json());
  });

  it('when the same key comes with different parameters, then it answers 400 idempotency_error', async () => {
    const key = { 'idempotency-key': 'key-customer' };
    expect((await post('/v1/customers', { email: 'a@example.com' }, key)).status).toBe(200);
    const res = await post('/v1/customers', { email: 'b@example.com' }, key);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { type: 'idempotency_error' } });
  });
});

describe('stripe stand-in: robustness', () => {
  it('when an unknown path is asked for, then it answers 404 in Stripe error shape', async () => {
    const res = await get('/v1/charges');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('when a fault is injected, then it answers in Stripe error shape', async () => {
    const root = base().replace('/stripe', '');
    await fetch(`${root}/__sandbox/faults/stripe`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 500, remaining: 1 }),
    });
    const res = await get('/v1/customers/cus_SandboxAlex01');
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error: { type: 'api_error' } });
  });

  it('when a browser asks for CORS preflight, then it is allowed', async () => {
    const res = await fetch(`${base()}/v1/payment_methods`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
