/**
 * Digital wallets in the Stripe stand-in: the sandbox wallet sheet's card becomes a card token
 * (`POST /stripe/__wallet/tokens`, publishable key), and `card[token]` makes a card PaymentMethod
 * with `card.wallet` (https://docs.stripe.com/api/payment_methods/create#create_payment_method-card)
 * that works wherever a card PaymentMethod does; Stripe refuses an unknown token
 * (`resource_missing`), a used one (`token_already_used`) and a token with card details.
 */
import { describe, expect, it } from 'vitest';
import { getStripePaymentMethod, STRIPE_SEED, stripeLedger } from './index.ts';
import { SECRET_KEY, stripeSandbox } from './test-helpers.ts';

// The stand-in, started for this file and reset before each test (test-helpers.ts).
const stripe = stripeSandbox();

const PUBLISHABLE = { authorization: 'Bearer pk_test_sandbox' };
const MANUAL_SETUP = { mode: 'setup', currency: 'gbp', paymentMethodCreation: 'manual' };

interface Token {
  id: string;
  used: boolean;
  card: { brand: string; country: string | null; dynamic_last4: string | null; tokenization_method: string };
}
interface Method {
  id: string;
  customer: string | null;
  card: {
    brand: string;
    last4: string;
    country: string;
    exp_month: number;
    exp_year: number;
    wallet?: { type: string; dynamic_last4: string | null } | null;
  };
}

function walletToken(body: unknown, headers: Record<string, string> = PUBLISHABLE) {
  return fetch(`${stripe.base()}/__wallet/tokens`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function token(wallet: 'google_pay' | 'apple_pay', number = '4242424242424242'): Promise<Token> {
  const res = await walletToken({ wallet, card: { number, exp_month: 12, exp_year: 2030 } });
  expect(res.status).toBe(200);
  return (await res.json()) as Token;
}

function post(path: string, params: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${stripe.base()}${path}`, {
    method: 'POST',
    headers: { ...SECRET_KEY, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(params).toString(),
  });
}

/** `POST /v1/payment_methods` with `card[token]` and a GB billing address. */
const methodFromToken = (id: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  post(
    '/v1/payment_methods',
    { type: 'card', 'card[token]': id, 'billing_details[address][country]': 'GB', ...extra },
    headers,
  );

async function walletMethod(wallet: 'google_pay' | 'apple_pay', number = '4242424242424242'): Promise<Method> {
  const res = await methodFromToken((await token(wallet, number)).id);
  expect(res.status).toBe(200);
  return (await res.json()) as Method;
}

/** A SetupIntent for alex, confirmed at once for off-session use (the shop's set-up). */
const setUp = (paymentMethod: string) =>
  post('/v1/setup_intents', {
    customer: STRIPE_SEED.alexCustomerId,
    payment_method: paymentMethod,
    'payment_method_types[0]': 'card',
    confirm: 'true',
    usage: 'off_session',
    return_url: 'http://localhost:3000/checkout/payment-return',
  });

describe('stripe stand-in: wallet tokens (__wallet/tokens)', () => {
  it("when the Google Pay sheet's Visa is tokenised, then Stripe's Token object comes back, unused", async () => {
    const res = await walletToken({
      wallet: 'google_pay',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030 },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: expect.stringMatching(/^tok_/),
      object: 'token',
      type: 'card',
      used: false,
      livemode: false,
      created: expect.any(Number),
      client_ip: null,
      card: {
        id: expect.stringMatching(/^card_/),
        object: 'card',
        brand: 'Visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2030,
        country: null,
        funding: 'credit',
        fingerprint: expect.any(String),
        dynamic_last4: null,
        tokenization_method: 'google_pay',
      },
    });
  });

  it('when an Apple Pay Mastercard from GB is tokenised, then the token has its brand, country and device number', async () => {
    const gb = await token('apple_pay', '4000008260000000');
    expect(gb.card).toMatchObject({ brand: 'Visa', country: 'GB', tokenization_method: 'apple_pay' });
    expect(gb.card.dynamic_last4).toMatch(/^\d{4}$/);
    expect((await token('apple_pay', '5555555555554444')).card.brand).toBe('MasterCard');
  });

  it.each([
    ['the secret key', SECRET_KEY, 400, { code: 'integration_error' }],
    ['no key', {}, 401, { type: 'invalid_request_error' }],
  ])('when the call comes with %s, then it is refused', async (_, headers, status, error) => {
    const res = await walletToken(
      { wallet: 'google_pay', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030 } },
      headers,
    );
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error });
  });

  it.each([
    [
      'an invalid card number',
      { wallet: 'google_pay', card: { number: '4242424242424241', exp_month: 12, exp_year: 2030 } },
      402,
      { type: 'card_error', code: 'incorrect_number' },
    ],
    [
      'an expired card',
      { wallet: 'apple_pay', card: { number: '4242424242424242', exp_month: 1, exp_year: 2020 } },
      402,
      { type: 'card_error', code: 'invalid_expiry_year' },
    ],
    [
      'another wallet',
      { wallet: 'samsung_pay', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030 } },
      400,
      { type: 'invalid_request_error', param: 'wallet' },
    ],
    [
      'no wallet',
      { card: { number: '4242424242424242', exp_month: 12, exp_year: 2030 } },
      400,
      { code: 'parameter_missing', param: 'wallet' },
    ],
    [
      'no expiry month',
      { wallet: 'google_pay', card: { number: '4242424242424242', exp_year: 2030 } },
      400,
      { code: 'parameter_missing', param: 'card[exp_month]' },
    ],
  ])('when the sheet sends %s, then Stripe refuses it', async (_, body, status, error) => {
    const res = await walletToken(body);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error });
  });
});

describe('stripe stand-in: a PaymentMethod from a wallet token (card[token])', () => {
  it('when a Google Pay token is used, then a card PaymentMethod names the wallet and the token is used', async () => {
    const method = await walletMethod('google_pay');
    expect(method).toMatchObject({
      object: 'payment_method',
      type: 'card',
      customer: null,
      card: {
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2030,
        country: 'GB',
        wallet: { type: 'google_pay', google_pay: {}, dynamic_last4: null },
      },
    });
  });

  it('when an Apple Pay token of an FR card is used, then the wallet has the device number and the card its own country', async () => {
    const apple = await token('apple_pay', '4000002500000003');
    const method = (await (await methodFromToken(apple.id)).json()) as Method;
    expect(method.card).toMatchObject({
      country: 'FR',
      wallet: { type: 'apple_pay', apple_pay: {}, dynamic_last4: apple.card.dynamic_last4 },
    });
  });

  it("when Stripe.js's createPaymentMethod({elements}) is given the token, then it makes the same PaymentMethod", async () => {
    const { id } = await token('google_pay');
    const res = await fetch(`${stripe.base()}/__elements/payment_methods`, {
      method: 'POST',
      headers: { ...PUBLISHABLE, 'content-type': 'application/json' },
      body: JSON.stringify({ elements: MANUAL_SETUP, params: { type: 'card', card: { token: id } } }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ type: 'card', card: { wallet: { type: 'google_pay' } } });
  });

  it('when the token is unknown, then 400 resource_missing "No such token" on card[token]', async () => {
    const res = await methodFromToken('tok_x');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'card[token]',
        message: "No such token: 'tok_x'",
      },
    });
  });

  it('when the token was used, then 400 token_already_used; the same idempotency key replays the first answer', async () => {
    const { id } = await token('google_pay');
    const first = await methodFromToken(id, {}, { 'idempotency-key': 'wallet-1' });
    const created = (await first.json()) as Method;
    const replay = await methodFromToken(id, {}, { 'idempotency-key': 'wallet-1' });
    expect(((await replay.json()) as Method).id).toBe(created.id);
    const again = await methodFromToken(id, {}, { 'idempotency-key': 'wallet-2' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        code: 'token_already_used',
        param: 'card[token]',
        message: `You cannot use a Stripe token more than once: ${id}.`,
      },
    });
  });

  it('when card details come with the token, then 400 naming the parameter that does not belong', async () => {
    const { id } = await token('google_pay');
    const res = await methodFromToken(id, { 'card[number]': '4242424242424242' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        param: 'card[number]',
        message: 'Received unknown parameter: card[number]',
      },
    });
    // The refused request did not use the token.
    expect((await methodFromToken(id)).status).toBe(200);
  });

  it('when a typed card lacks its expiry, then parameter_missing as before (card details, not a token)', async () => {
    const res = await post('/v1/payment_methods', { type: 'card', 'card[number]': '4242424242424242' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'parameter_missing', param: 'card[exp_month]' } });
  });
});

describe('stripe stand-in: a wallet PaymentMethod set up for off-session payments', () => {
  it.each([
    ['4000000000000002', 'generic_decline'],
    ['4000000000009995', 'insufficient_funds'],
  ])('when the wallet holds the declined card %s, then the set-up is declined (%s)', async (number, declineCode) => {
    const method = await walletMethod('google_pay', number);
    const res = await setUp(method.id);
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ error: { type: 'card_error', decline_code: declineCode } });
  });

  it('when the wallet holds the 3-D Secure card, then the set-up succeeds without a challenge (the cryptogram authenticates)', async () => {
    const method = await walletMethod('apple_pay', '4000002760003184');
    const res = await setUp(method.id);
    expect(await res.json()).toMatchObject({ status: 'succeeded', next_action: null });
    expect(stripeLedger().map((a) => a.outcome)).toEqual(['succeeded']);
  });

  it('when a typed 3-D Secure card is set up, then it still needs the challenge', async () => {
    const res = await post('/v1/payment_methods', {
      type: 'card',
      'card[number]': '4000002760003184',
      'card[exp_month]': '12',
      'card[exp_year]': '2030',
    });
    const method = (await res.json()) as Method;
    expect(await (await setUp(method.id)).json()).toMatchObject({ status: 'requires_action' });
  });

  it('whole flow: wallet token, PaymentMethod, set up and attached, reused off-session, retrieved and detached', async () => {
    const method = await walletMethod('google_pay');
    const first = await setUp(method.id);
    expect(await first.json()).toMatchObject({ status: 'succeeded', payment_method: method.id });
    expect(getStripePaymentMethod(method.id)?.customer).toBe(STRIPE_SEED.alexCustomerId);
    // A later off-session set-up with the saved wallet card (renewal) needs no shopper.
    const reuse = await setUp(method.id);
    expect(await reuse.json()).toMatchObject({ status: 'succeeded', payment_method: method.id });
    const read = await fetch(`${stripe.base()}/v1/payment_methods/${method.id}`, { headers: SECRET_KEY });
    expect(await read.json()).toMatchObject({
      customer: STRIPE_SEED.alexCustomerId,
      card: { last4: '4242', wallet: { type: 'google_pay' } },
    });
    const detached = await post(`/v1/payment_methods/${method.id}/detach`, {});
    expect(await detached.json()).toMatchObject({ customer: null, card: { wallet: { type: 'google_pay' } } });
    expect((await setUp(method.id)).status).toBe(400);
  });
});
