/**
 * The Stripe stand-in's SetupIntents: creating and confirming them (3-D Secure, declines, bank
 * redirects), canceling and updating them.
 */
import { describe, expect, it } from 'vitest';
import { getSetupIntent, STRIPE_SEED, stripeLedger } from './index.ts';
import { stripeSandbox } from './test-helpers.ts';

const { post, get, createCard, setUp } = stripeSandbox();

describe('stripe stand-in: setup intents', () => {
  it('when a 4242 card is set up with confirm, then the intent succeeds and the card is attached', async () => {
    const card = await createCard('4242424242424242');
    const res = await setUp(card.id);
    expect(res.status).toBe(200);
    const intent = (await res.json()) as { id: string; status: string; payment_method: string };
    expect(intent).toMatchObject({ object: 'setup_intent', status: 'succeeded', payment_method: card.id });
    expect(getSetupIntent(intent.id)?.status).toBe('succeeded');
    expect(await (await get(`/v1/payment_methods/${card.id}`)).json()).toMatchObject({
      customer: STRIPE_SEED.alexCustomerId,
    });
  });

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline'],
    ['4000000000009995', 'card_declined', 'insufficient_funds'],
    ['4000000000000069', 'expired_card', 'expired_card'],
  ])('when card %s is confirmed, then it answers 402 %s / %s', async (number, code, declineCode) => {
    const card = await createCard(number);
    const res = await setUp(card.id);
    expect(res.status).toBe(402);
    const body = (await res.json()) as { error: { setup_intent: { id: string } } };
    expect(body).toMatchObject({ error: { type: 'card_error', code, decline_code: declineCode } });
    const intent = await (await get(`/v1/setup_intents/${body.error.setup_intent.id}`)).json();
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: { code, decline_code: declineCode },
    });
  });

  it('when the 3-D Secure card is confirmed and the challenge completed, then the shopper returns with succeeded', async () => {
    const card = await createCard('4000002760003184');
    const intent = (await (await setUp(card.id)).json()) as {
      id: string;
      client_secret: string;
      status: string;
      next_action: { type: string; redirect_to_url: { url: string; return_url: string } };
    };
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action.type).toBe('redirect_to_url');
    expect(intent.next_action.redirect_to_url.return_url).toBe(
      'http://localhost:3000/account/payment-methods?from=setup',
    );
    const page = await fetch(intent.next_action.redirect_to_url.url);
    const html = await page.text();
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toContain('<h1>3-D Secure challenge</h1>');
    expect(html).toMatch(/<button[^>]*value="complete"[^>]*>Complete<\/button>/);
    expect(html).toMatch(/<button[^>]*value="fail"[^>]*>Fail<\/button>/);

    const done = await fetch(intent.next_action.redirect_to_url.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('http://localhost:3000/account/payment-methods');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      from: 'setup',
      setup_intent: intent.id,
      setup_intent_client_secret: intent.client_secret,
      redirect_status: 'succeeded',
    });
    const after = await get(`/v1/setup_intents/${intent.id}?client_secret=${intent.client_secret}`);
    expect(await after.json()).toMatchObject({ status: 'succeeded', next_action: null, payment_method: card.id });
    // The challenge cannot be answered twice.
    expect((await fetch(intent.next_action.redirect_to_url.url)).status).toBe(409);
  });

  it('when the challenge is failed, then the intent needs another payment method with an authentication error', async () => {
    const card = await createCard('4000002760003184');
    const intent = (await (await setUp(card.id)).json()) as {
      id: string;
      next_action: { redirect_to_url: { url: string } };
    };
    const done = await fetch(intent.next_action.redirect_to_url.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=fail',
      redirect: 'manual',
    });
    expect(new URL(done.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');
    expect(await (await get(`/v1/setup_intents/${intent.id}`)).json()).toMatchObject({
      status: 'requires_payment_method',
      last_setup_error: { code: 'setup_intent_authentication_failure' },
    });
  });

  it('when a Bancontact setup has no return_url, then it answers 400 on return_url', async () => {
    const method = (await (await post('/v1/payment_methods', { type: 'bancontact' })).json()) as { id: string };
    const res = await post('/v1/setup_intents', {
      customer: STRIPE_SEED.alexCustomerId,
      payment_method: method.id,
      confirm: 'true',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { param: 'return_url' } });
  });

  it('when a setup intent is created without confirm and confirmed later, then confirmation decides', async () => {
    const card = await createCard('4000008260000000');
    const created = (await (
      await post('/v1/setup_intents', { customer: STRIPE_SEED.alexCustomerId, payment_method: card.id })
    ).json()) as { id: string; status: string };
    expect(created.status).toBe('requires_confirmation');
    const confirmed = await post(`/v1/setup_intents/${created.id}/confirm`, {});
    expect(await confirmed.json()).toMatchObject({ status: 'succeeded' });
    const twice = await post(`/v1/setup_intents/${created.id}/confirm`, {});
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({ error: { code: 'setup_intent_unexpected_state' } });
  });

  it('when a setup intent names an unknown customer, then it answers resource_missing', async () => {
    const res = await post('/v1/setup_intents', { customer: 'cus_Nobody' });
    expect(await res.json()).toMatchObject({ error: { code: 'resource_missing', param: 'customer' } });
  });

  // Stripe (spec3, SetupIntent `customer`): "Payment methods attached to other Customers cannot be
  // used with this SetupIntent"; attaching one to a second customer is refused as well (issue 30).
  it("when another customer's SetupIntent names alex's saved card, created or confirmed, then 400 on payment_method and the card stays his", async () => {
    const other = (await (await post('/v1/customers', { email: 'kim.driver@example.com' })).json()) as { id: string };
    const forKim = { customer: other.id, 'payment_method_types[0]': 'card', confirm: 'true', usage: 'off_session' };
    const created = await post('/v1/setup_intents', { ...forKim, payment_method: STRIPE_SEED.alexPaymentMethodId });
    expect(created.status).toBe(400);
    expect(await created.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        param: 'payment_method',
        message: expect.stringMatching(/different Customer/),
      },
    });
    const pending = (await (await post('/v1/setup_intents', { customer: other.id })).json()) as { id: string };
    const confirmed = await post(`/v1/setup_intents/${pending.id}/confirm`, {
      payment_method: STRIPE_SEED.alexPaymentMethodId,
    });
    expect(confirmed.status).toBe(400);
    expect(await confirmed.json()).toMatchObject({ error: { param: 'payment_method' } });
    const attached = await post(`/v1/payment_methods/${STRIPE_SEED.alexPaymentMethodId}/attach`, {
      customer: other.id,
    });
    expect(attached.status).toBe(400);
    expect(await attached.json()).toMatchObject({ error: { code: 'payment_method_unexpected_state' } });
    expect(await (await get(`/v1/payment_methods/${STRIPE_SEED.alexPaymentMethodId}`)).json()).toMatchObject({
      customer: STRIPE_SEED.alexCustomerId,
    });
    expect(stripeLedger().filter((attempt) => attempt.paymentMethod === STRIPE_SEED.alexPaymentMethodId)).toEqual([]);
  });

  it('when an unknown setup intent is retrieved, then it answers 404', async () => {
    expect((await get('/v1/setup_intents/seti_Nope')).status).toBe(404);
  });
});

// Giving back a failed order's SetupIntent (issue 29): canceled before it succeeded
// (https://docs.stripe.com/api/setup_intents/cancel), its metadata updated for the next order.
describe('stripe stand-in: canceling and updating setup intents', () => {
  it.each([
    ['requires_action', '4000002760003184'],
    ['requires_confirmation', null],
  ])(
    'when a setup intent in %s is canceled, then it is canceled with its reason and can no longer be confirmed',
    async (status, number) => {
      const card = await createCard(number ?? '4242424242424242');
      const intent = (await (
        number
          ? await setUp(card.id)
          : await post('/v1/setup_intents', { customer: STRIPE_SEED.alexCustomerId, payment_method: card.id })
      ).json()) as { id: string; status: string; next_action: { redirect_to_url: { url: string } } | null };
      expect(intent.status).toBe(status);
      const canceled = await post(`/v1/setup_intents/${intent.id}/cancel`, { cancellation_reason: 'abandoned' });
      expect(canceled.status).toBe(200);
      expect(await canceled.json()).toMatchObject({
        status: 'canceled',
        cancellation_reason: 'abandoned',
        next_action: null,
      });
      const confirm = await post(`/v1/setup_intents/${intent.id}/confirm`, {});
      expect(await confirm.json()).toMatchObject({ error: { code: 'setup_intent_unexpected_state' } });
      // The challenge page of a canceled intent takes no answer.
      if (intent.next_action) expect((await fetch(intent.next_action.redirect_to_url.url)).status).toBe(409);
    },
  );

  it('when a declined setup intent is canceled without a reason, then it is canceled with none', async () => {
    const declined = (await (await setUp((await createCard('4000000000000002')).id)).json()) as {
      error: { setup_intent: { id: string } };
    };
    const canceled = await post(`/v1/setup_intents/${declined.error.setup_intent.id}/cancel`, {});
    expect(await canceled.json()).toMatchObject({ status: 'canceled', cancellation_reason: null });
  });

  it.each(['succeeded', 'canceled'])(
    'when a %s setup intent is canceled, then it answers 400 setup_intent_unexpected_state, as Stripe does',
    async (status) => {
      const intent = (await (await setUp((await createCard('4242424242424242')).id)).json()) as { id: string };
      if (status === 'canceled') {
        const pending = (await (await post('/v1/setup_intents', { customer: STRIPE_SEED.alexCustomerId })).json()) as {
          id: string;
        };
        await post(`/v1/setup_intents/${pending.id}/cancel`, {});
        intent.id = pending.id;
      }
      const res = await post(`/v1/setup_intents/${intent.id}/cancel`, {});
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: {
          type: 'invalid_request_error',
          code: 'setup_intent_unexpected_state',
          message: expect.stringContaining(`it has a status of ${status}`),
        },
      });
      expect(getSetupIntent(intent.id)?.status).toBe(status);
    },
  );

  it('when a setup intent is canceled with an unknown reason, with the publishable key or unknown, then it is refused', async () => {
    const pending = (await (await post('/v1/setup_intents', { customer: STRIPE_SEED.alexCustomerId })).json()) as {
      id: string;
    };
    const reason = await post(`/v1/setup_intents/${pending.id}/cancel`, { cancellation_reason: 'bored' });
    expect(await reason.json()).toMatchObject({ error: { param: 'cancellation_reason' } });
    const publishable = await post(
      `/v1/setup_intents/${pending.id}/cancel`,
      {},
      {
        authorization: 'Bearer pk_test_sandbox',
      },
    );
    expect(publishable.status).toBe(401);
    expect((await post('/v1/setup_intents/seti_Nope/cancel', {})).status).toBe(404);
    expect(getSetupIntent(pending.id)?.status).toBe('requires_payment_method');
  });

  it("when a setup intent's metadata is updated, then the keys given are merged and an empty value unsets its key", async () => {
    const created = (await (
      await post('/v1/setup_intents', {
        customer: STRIPE_SEED.alexCustomerId,
        'metadata[orderNo]': '00012345',
        'metadata[note]': 'first',
      })
    ).json()) as { id: string; metadata: Record<string, string> };
    expect(created.metadata).toEqual({ orderNo: '00012345', note: 'first' });
    const updated = await post(`/v1/setup_intents/${created.id}`, {
      'metadata[orderNo]': '00012346',
      'metadata[note]': '',
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      status: 'requires_payment_method',
      metadata: { orderNo: '00012346' },
    });
    expect(getSetupIntent(created.id)?.metadata).toEqual({ orderNo: '00012346' });
    expect((await post('/v1/setup_intents/seti_Nope', { 'metadata[orderNo]': '1' })).status).toBe(404);
  });
});
