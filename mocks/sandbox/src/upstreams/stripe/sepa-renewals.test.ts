// The Stripe stand-in holds what Stripe holds for the renewals (issue 31), seen through Stripe's
// official `stripe` package: an iDEAL or Bancontact set-up generates a SEPA Direct Debit method
// attached to the customer, named in the expanded latest_attempt (Stripe's guides "Use iDEAL / Use
// Bancontact to set up future SEPA Direct Debit payments"); off-session PaymentIntents charge a
// card or that SEPA method, and refuse the single-use bank method and another customer's method.
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../app.ts';
import { ledgerOf } from '../ledger.ts';
import { STRIPE_SEED, stripeModule } from './index.ts';
import { store } from './store.ts';

const sandbox: Sandbox = createSandbox([stripeModule]);
let stripe: Stripe;
let root = '';

/** The client has no base-path option: every path gets the sandbox prefix `/stripe`. */
function prefixedHttpClient(prefix: string): Stripe.HttpClient {
  const node = Stripe.createNodeHttpClient();
  const client = Object.create(node) as Stripe.HttpClient;
  client.makeRequest = (host, port, path, ...rest) => node.makeRequest(host, port, `${prefix}${path}`, ...rest);
  return client;
}

beforeAll(async () => {
  const port = await sandbox.start(0);
  root = `http://localhost:${port}`;
  stripe = new Stripe('sk_test_sandbox', {
    host: 'localhost',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
    httpClient: prefixedHttpClient('/stripe'),
  });
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
});

const customer = STRIPE_SEED.alexCustomerId;
const MANDATE = {
  customer_acceptance: { type: 'online' as const, online: { ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0' } },
};

/** Sets a bank method up and authorises it at the sandbox bank page: the SetupIntent read back expanded. */
async function bankSetUp(type: 'ideal' | 'bancontact') {
  const method = await stripe.paymentMethods.create({
    type,
    ...(type === 'ideal' ? { ideal: { bank: 'rabobank' } } : {}),
    billing_details: { name: 'Alex Owner', email: 'alex.owner@example.com' },
  } as Stripe.PaymentMethodCreateParams);
  // payment_method_types as the shop sends it (the installed client's types no longer list it).
  const intent = await stripe.setupIntents.create({
    customer,
    payment_method: method.id,
    payment_method_types: ['card', type],
    confirm: true,
    usage: 'off_session',
    return_url: 'http://localhost:3000/nl-NL/payment-confirmation',
    mandate_data: MANDATE,
    metadata: { orderNo: '00099001' },
  } as Stripe.SetupIntentCreateParams);
  expect(intent.status).toBe('requires_action');
  const page = await fetch(intent.next_action!.redirect_to_url!.url!, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=complete',
  });
  expect(page.status).toBe(303);
  const read = await stripe.setupIntents.retrieve(intent.id, { expand: ['latest_attempt'] });
  return { method, read };
}

/** A renewal's charge, as the sandbox's renewal-charge control makes it (payment_method_types as there). */
function charge(paymentMethod: string, forCustomer = customer, extra: Record<string, unknown> = {}) {
  return stripe.paymentIntents.create({
    amount: 4999,
    currency: 'eur',
    customer: forCustomer,
    payment_method: paymentMethod,
    payment_method_types: ['card', 'sepa_debit'],
    confirm: true,
    off_session: true,
    metadata: { orderNo: '00099001' },
    ...extra,
  } as Stripe.PaymentIntentCreateParams);
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('Stripe took the charge');
    },
    (error: Stripe.errors.StripeError) => error,
  );

describe('iDEAL and Bancontact set-ups generate a SEPA Direct Debit method (issue 31)', () => {
  it.each([
    ['ideal', { bank: 'rabobank', bic: 'RABONL2U' }, { country: 'NL', bank_code: 'RABO', last4: '5264' }],
    [
      'bancontact',
      { bank_name: 'VAN DE PUT & CO', bic: 'VAPEBE22', bank_code: '539' },
      { country: 'BE', bank_code: '539', last4: '7034' },
    ],
  ] as const)(
    'when a %s set-up is authorised and read with expand[]=latest_attempt, then the attempt names the generated sepa_debit method attached to the customer and its mandate',
    async (type, bank, sepa) => {
      const { method, read } = await bankSetUp(type);
      expect(read.status).toBe('succeeded');
      expect(read.payment_method).toBe(method.id);
      const attempt = read.latest_attempt as Stripe.SetupAttempt;
      expect(attempt).toMatchObject({ object: 'setup_attempt', status: 'succeeded', setup_intent: read.id });
      const details = attempt.payment_method_details[type]!;
      expect(details).toMatchObject({ ...bank, iban_last4: sepa.last4, verified_name: 'Alex Owner' });
      const generated = await stripe.paymentMethods.retrieve(details.generated_sepa_debit as string);
      expect(generated).toMatchObject({ type: 'sepa_debit', customer, sepa_debit: sepa });
      expect(generated.sepa_debit?.generated_from?.setup_attempt).toBe(attempt.id);
      expect(details.generated_sepa_debit_mandate).toMatch(/^mandate_/);
      expect(store.mandates.get(details.generated_sepa_debit_mandate as string)).toMatchObject({
        paymentMethod: generated.id,
        acceptance: { ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0' },
      });
      // The bank method is single-use: never attached to the customer.
      expect((await stripe.paymentMethods.retrieve(method.id)).customer).toBeNull();
    },
  );

  it('when a SetupIntent is read without expand, then latest_attempt is the attempt id, as Stripe answers', async () => {
    const { read } = await bankSetUp('ideal');
    const plain = await stripe.setupIntents.retrieve(read.id);
    expect(plain.latest_attempt).toBe((read.latest_attempt as Stripe.SetupAttempt).id);
  });
});

describe('off-session PaymentIntents on a stored method (issue 31, a renewal)', () => {
  it('when the generated SEPA method is charged off-session, then processing, and succeeded when read again', async () => {
    const { read } = await bankSetUp('ideal');
    const sepa = (read.latest_attempt as Stripe.SetupAttempt).payment_method_details.ideal!
      .generated_sepa_debit as string;
    const intent = await charge(sepa);
    expect(intent).toMatchObject({ status: 'processing', customer, payment_method: sepa, amount: 4999 });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    expect(ledgerOf(sandbox.context).payments).toContainEqual(
      expect.objectContaining({ provider: 'stripe', id: intent.id, state: 'captured', reference: '00099001' }),
    );
  });

  it('when the single-use iDEAL method is charged again off-session, then Stripe refuses it', async () => {
    const { method } = await bankSetUp('ideal');
    const error = await refusal(charge(method.id, customer, { payment_method_types: ['ideal'] }));
    expect(error.statusCode).toBe(400);
    expect(error.type).toBe('StripeInvalidRequestError');
    expect(error.message).toMatch(/may not be used again/);
  });

  it("when alex's saved card is charged off-session, then succeeded; for another customer, refused", async () => {
    const intent = await charge(STRIPE_SEED.alexPaymentMethodId);
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 4999 });
    const other = await stripe.customers.create({ email: 'sam.other@example.com' });
    const error = await refusal(charge(STRIPE_SEED.alexPaymentMethodId, other.id));
    expect(error.statusCode).toBe(400);
    expect(error.param).toBe('payment_method');
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000002760003184', 'authentication_required'],
  ])('when card %s is charged off-session, then 402 %s', async (number, code) => {
    const method = await stripe.paymentMethods.create({
      type: 'card',
      card: { number, exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    await stripe.paymentMethods.attach(method.id, { customer });
    const error = await refusal(charge(method.id));
    expect(error.statusCode).toBe(402);
    expect(error.code).toBe(code);
  });

  it('when off_session is sent without confirm, then 400', async () => {
    const error = await refusal(charge(STRIPE_SEED.alexPaymentMethodId, customer, { confirm: false }));
    expect(error.statusCode).toBe(400);
    expect(error.param).toBe('off_session');
  });
});
