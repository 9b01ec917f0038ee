// Stripe's official `stripe` package, pointed at the sandbox, completes the shop's ordinary flows.
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../app.ts';
import { STRIPE_SEED, stripeModule } from './index.ts';

const sandbox: Sandbox = createSandbox([stripeModule]);
let stripe: Stripe;
let root = '';

/**
 * The client has no base-path option: an HTTP client that puts the sandbox prefix `/stripe` before
 * every path (the shop's server does the same in sandbox mode).
 */
function prefixedHttpClient(prefix: string): Stripe.HttpClient {
  const node = Stripe.createNodeHttpClient();
  const client = Object.create(node) as Stripe.HttpClient;
  client.makeRequest = (host, port, path, ...rest) => node.makeRequest(host, port, `${prefix}${path}`, ...rest);
  return client;
}

const clientFor = (key: string, port: number) =>
  new Stripe(key, {
    host: 'localhost',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
    httpClient: prefixedHttpClient('/stripe'),
  });

beforeAll(async () => {
  const port = await sandbox.start(0);
  root = `http://localhost:${port}`;
  stripe = clientFor('sk_test_sandbox', port);
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
});

const cardParams = (number: string): Stripe.PaymentMethodCreateParams => ({
  type: 'card',
  card: { number, exp_month: 12, exp_year: 2034, cvc: '123' },
  billing_details: { name: 'Kim Driver', address: { country: 'DE' } },
});

describe('stripe stand-in with the official stripe client', () => {
  it("when the shop searches alex's CDC id, then the client finds the seeded customer", async () => {
    const result = await stripe.customers.search({ query: "metadata['sap_cdc_id']:'cdc-alex-0001'" });
    expect(result.data.map((c) => c.id)).toEqual([STRIPE_SEED.alexCustomerId]);
  });

  it('when the shop creates a customer, a card, attaches it and sets it up, then the setup succeeds', async () => {
    const customer = await stripe.customers.create({
      email: 'kim.driver@example.com',
      name: 'Kim Driver',
      preferred_locales: ['de-DE'],
      metadata: { sap_cdc_id: 'cdc-kim-0002', locale_id: 'de_DE', host_name: 'localhost' },
    });
    expect(customer.metadata.sap_cdc_id).toBe('cdc-kim-0002');
    const method = await stripe.paymentMethods.create(cardParams('4242424242424242'));
    expect(method.card?.country).toBe('DE');
    const attached = await stripe.paymentMethods.attach(method.id, { customer: customer.id });
    expect(attached.customer).toBe(customer.id);
    const intent = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: method.id,
      confirm: true,
      usage: 'off_session',
      return_url: 'http://localhost:3000/account/payment-methods',
    });
    expect(intent.status).toBe('succeeded');
    expect((await stripe.setupIntents.retrieve(intent.id)).status).toBe('succeeded');
    const detached = await stripe.paymentMethods.detach(method.id);
    expect(detached.customer).toBeNull();
  });

  it('when the 3-D Secure card is set up, then the client sees requires_action with a redirect', async () => {
    const method = await stripe.paymentMethods.create(cardParams('4000002760003184'));
    const intent = await stripe.setupIntents.create({
      customer: STRIPE_SEED.alexCustomerId,
      payment_method: method.id,
      confirm: true,
      return_url: 'http://localhost:3000/account/payment-methods',
    });
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action?.type).toBe('redirect_to_url');
    expect(intent.next_action?.redirect_to_url?.url).toBe(`${root}/stripe/__challenge/${intent.id}`);
  });

  it('when a declined card is confirmed, then the client throws a StripeCardError with the decline code', async () => {
    const method = await stripe.paymentMethods.create(cardParams('4000000000009995'));
    const intent = await stripe.setupIntents.create({
      customer: STRIPE_SEED.alexCustomerId,
      payment_method: method.id,
    });
    const error = await stripe.setupIntents.confirm(intent.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds', statusCode: 402 });
  });

  it('when an unknown customer is retrieved, then the client throws resource_missing', async () => {
    const error = await stripe.customers.retrieve('cus_Nobody').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: 'resource_missing', statusCode: 404 });
  });

  it('when the client repeats a create with the same idempotency key, then it gets the same customer', async () => {
    const a = await stripe.customers.create({ email: 'x@example.com' }, { idempotencyKey: 'client-key-1' });
    const b = await stripe.customers.create({ email: 'x@example.com' }, { idempotencyKey: 'client-key-1' });
    expect(b.id).toBe(a.id);
    const error = await stripe.customers
      .create({ email: 'y@example.com' }, { idempotencyKey: 'client-key-1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("when the shop makes a PaymentMethod from a wallet's token, then the client reads card.wallet", async () => {
    const res = await fetch(`${root}/stripe/__wallet/tokens`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_test_sandbox', 'content-type': 'application/json' },
      body: JSON.stringify({
        wallet: 'apple_pay',
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2030 },
      }),
    });
    const token = (await res.json()) as { id: string };
    const method = await stripe.paymentMethods.create({
      type: 'card',
      card: { token: token.id },
      billing_details: { address: { country: 'GB' } },
    });
    expect(method.card?.wallet?.type).toBe('apple_pay');
    const error = await stripe.paymentMethods
      .create({ type: 'card', card: { token: token.id } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'token_already_used', statusCode: 400 });
  });

  it('when the key is wrong, then the client throws an authentication error', async () => {
    const port = Number(new URL(root).port);
    const wrong = clientFor('sk_test_wrong', port);
    const error = await wrong.customers.retrieve(STRIPE_SEED.alexCustomerId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});
