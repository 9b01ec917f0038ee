// Issue 29: the sandbox's Stripe and Adyen send signed webhooks for what they do, which the providers'
// own libraries accept, and retry them on any answer but a 2xx, until a reset.
import { hmacValidator as HmacValidator } from '@adyen/api-library';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../app.ts';
import { CREDENTIALS } from '../seed.ts';
import { adyenModule } from '../upstreams/adyen/index.ts';
import { cardPayment } from '../upstreams/adyen/test-fixtures.ts';
import { stripeModule } from '../upstreams/stripe/index.ts';
import { Receiver, type Received } from './webhook-receiver.ts';
import type { WebhookDelivery } from './webhooks.ts';

const receiver = new Receiver();
let hook = '';
let sandbox: Sandbox;
let root = '';
const stripe = new Stripe('sk_test_sandbox');
const adyen = new HmacValidator();

beforeAll(async () => {
  hook = await receiver.start();
  sandbox = createSandbox([adyenModule, stripeModule], { webhookUrl: hook });
  root = `http://localhost:${await sandbox.start(0)}`;
});
afterAll(async () => {
  await sandbox.stop();
  await receiver.stop();
});
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
  receiver.received.length = 0;
  receiver.answers = [];
});

const adyenPost = (path: string, body: unknown) =>
  fetch(`${root}/adyen/v71${path}`, {
    method: 'POST',
    headers: { 'x-api-key': CREDENTIALS.adyen.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const stripePost = (path: string, params: Record<string, string>) =>
  fetch(`${root}/stripe${path}`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_sandbox', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });

async function stripeSetup(number: string): Promise<{ id: string; status: string }> {
  const card = (await (
    await stripePost('/v1/payment_methods', {
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': '2034',
      'card[cvc]': '123',
    })
  ).json()) as { id: string };
  const res = await stripePost('/v1/setup_intents', {
    payment_method: card.id,
    confirm: 'true',
    return_url: 'http://localhost:3000/checkout/payment-return',
    'metadata[orderNo]': '00001050',
  });
  const body = (await res.json()) as { id?: string; status?: string; error?: { setup_intent: { id: string } } };
  return { id: body.id ?? body.error!.setup_intent.id, status: body.status ?? 'declined' };
}

const items = (received: Received) =>
  (
    JSON.parse(received.body) as { notificationItems: Array<{ NotificationRequestItem: Record<string, unknown> }> }
  ).notificationItems.map((i) => i.NotificationRequestItem);

const deliveries = async () =>
  ((await (await fetch(`${root}/__sandbox/webhooks`)).json()) as { deliveries: WebhookDelivery[] }).deliveries;

describe('the Adyen stand-in notifies (docs.adyen.com/development-resources/webhooks)', () => {
  it("when /payments authorises and stores the card, then AUTHORISATION and RECURRING_CONTRACT items that Adyen's HmacValidator accepts", async () => {
    const res = await adyenPost('/payments', cardPayment('4242424242424242', { storePaymentMethod: true }));
    const payment = (await res.json()) as { pspReference: string; resultCode: string };
    expect(payment.resultCode).toBe('Authorised');
    const [authorisation, contract] = await receiver.until(2);
    expect(authorisation!.path).toBe('/api/webhooks/adyen');
    expect(authorisation!.headers['content-type']).toBe('application/json');
    const [auth] = items(authorisation!);
    const [recurring] = items(contract!);
    expect(auth).toMatchObject({
      eventCode: 'AUTHORISATION',
      pspReference: payment.pspReference,
      merchantReference: '00001001',
      merchantAccountCode: CREDENTIALS.adyen.merchantAccount,
      amount: { currency: 'EUR', value: 9900 },
      success: 'true',
    });
    expect(recurring).toMatchObject({ eventCode: 'RECURRING_CONTRACT', originalReference: payment.pspReference });
    for (const item of [auth, recurring])
      expect(adyen.validateHMAC(item as never, CREDENTIALS.adyen.hmacKey)).toBe(true);
  });

  it('when /payments refuses, then AUTHORISATION success false with the reason; a wrong key does not validate it', async () => {
    await adyenPost('/payments', cardPayment('4000000000000002'));
    const [item] = items((await receiver.until(1))[0]!);
    expect(item).toMatchObject({ eventCode: 'AUTHORISATION', success: 'false', reason: 'Refused' });
    expect(adyen.validateHMAC(item as never, CREDENTIALS.adyen.hmacKey)).toBe(true);
    expect(adyen.validateHMAC(item as never, 'AB'.repeat(32))).toBe(false);
  });

  it('when a payment is technically cancelled and another reversed, then TECHNICAL_CANCEL and CANCEL_OR_REFUND of them', async () => {
    const paid = (await (await adyenPost('/payments', cardPayment('4242424242424242'))).json()) as {
      pspReference: string;
    };
    await receiver.until(1);
    const merchantAccount = CREDENTIALS.adyen.merchantAccount;
    expect((await adyenPost('/cancels', { merchantAccount, paymentReference: '00001001' })).status).toBe(201);
    expect((await adyenPost(`/payments/${paid.pspReference}/reversals`, { merchantAccount })).status).toBe(201);
    const received = await receiver.until(3);
    const [cancel] = items(received[1]!);
    const [reversal] = items(received[2]!);
    expect(cancel).toMatchObject({
      eventCode: 'TECHNICAL_CANCEL',
      merchantReference: '00001001',
      originalReference: paid.pspReference,
    });
    expect(reversal).toMatchObject({
      eventCode: 'CANCEL_OR_REFUND',
      originalReference: paid.pspReference,
      success: 'true',
    });
    for (const item of [cancel, reversal])
      expect(adyen.validateHMAC(item as never, CREDENTIALS.adyen.hmacKey)).toBe(true);
  });

  it('when the endpoint answers 500, then Adyen retries at once until it accepts, and the deliveries say so', async () => {
    receiver.answers = [500, 503];
    await adyenPost('/payments', cardPayment('4242424242424242'));
    const received = await receiver.until(3);
    expect(received.map((r) => r.body)).toEqual([received[0]!.body, received[0]!.body, received[0]!.body]);
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ provider: 'adyen', state: 'delivered', url: `${hook}/adyen` });
    expect(delivery!.tries.map((t) => t.status)).toEqual([500, 503, 200]);
  });
});

describe('the Stripe stand-in sends events (docs.stripe.com/webhooks)', () => {
  const constructEvent = (received: Received) =>
    stripe.webhooks.constructEvent(
      received.body,
      String(received.headers['stripe-signature']),
      CREDENTIALS.stripe.webhookSecret,
    );

  it("when a SetupIntent succeeds, then setup_intent.succeeded with the intent, which Stripe's constructEvent accepts", async () => {
    const intent = await stripeSetup('4242424242424242');
    expect(intent.status).toBe('succeeded');
    const [received] = await receiver.until(1);
    expect(received!.path).toBe('/api/webhooks/stripe');
    const event = constructEvent(received!);
    expect(event.type).toBe('setup_intent.succeeded');
    expect(event.data.object).toMatchObject({
      id: intent.id,
      object: 'setup_intent',
      metadata: { orderNo: '00001050' },
    });
  });

  it('when a SetupIntent is declined, or needs 3-D Secure that then fails, then setup_failed, requires_action and setup_failed', async () => {
    await stripeSetup('4000000000000002');
    const challenged = await stripeSetup('4000002760003184');
    expect(challenged.status).toBe('requires_action');
    const page = await fetch(`${root}/stripe/__challenge/${challenged.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=fail',
      redirect: 'manual',
    });
    expect(page.status).toBe(303);
    const received = await receiver.until(3);
    expect(received.map((r) => constructEvent(r).type)).toEqual([
      'setup_intent.setup_failed',
      'setup_intent.requires_action',
      'setup_intent.setup_failed',
    ]);
  });

  it('when the endpoint answers 500 first, then Stripe signs the retry anew after a second', async () => {
    receiver.answers = [500];
    await stripeSetup('4242424242424242');
    const [first, retry] = await receiver.until(2, 4000);
    expect(retry!.body).toBe(first!.body);
    expect(constructEvent(retry!).type).toBe('setup_intent.succeeded');
    const [delivery] = await deliveries();
    expect(delivery!.tries.map((t) => t.status)).toEqual([500, 200]);
    const gap = Date.parse(delivery!.tries[1]!.at) - Date.parse(delivery!.tries[0]!.at);
    expect(gap).toBeGreaterThanOrEqual(900);
  });
});

describe('the webhooks control (/__sandbox/webhooks)', () => {
  const put = (body: unknown) =>
    fetch(`${root}/__sandbox/webhooks`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('when turned off or pointed elsewhere, then nothing reaches the old URL; reset restores the configured URL', async () => {
    expect(await (await put({ enabled: false })).json()).toEqual({ url: hook, enabled: false });
    await adyenPost('/payments', cardPayment('4242424242424242'));
    expect(await (await put({ url: 'http://127.0.0.1:9/nowhere', enabled: true })).json()).toEqual({
      url: 'http://127.0.0.1:9/nowhere',
      enabled: true,
    });
    await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
    expect(await (await fetch(`${root}/__sandbox/webhooks`)).json()).toEqual({
      url: hook,
      enabled: true,
      deliveries: [],
    });
    expect(receiver.received).toEqual([]);
  });

  it('when the endpoint keeps failing, then Adyen stops after five tries (three at once, one 2 s later): failed', async () => {
    receiver.answers = [500, 500, 500, 500, 500, 500];
    await adyenPost('/payments', cardPayment('4000000000000002'));
    await receiver.until(5, 5000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(5);
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ state: 'failed' });
    expect(delivery!.tries.map((t) => t.status)).toEqual([500, 500, 500, 500, 500]);
  });

  it('when the sandbox is reset while a retry waits, then the retry is never sent', async () => {
    receiver.answers = [500];
    await stripeSetup('4242424242424242');
    await receiver.until(1);
    await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received).toHaveLength(1);
    expect(await deliveries()).toEqual([]);
  });

  it('when the control is given something else than a URL or a boolean, then 400', async () => {
    for (const body of [{ url: 'ftp://x' }, { url: 'not a url' }, { enabled: 'yes' }, {}])
      expect((await put(body)).status, JSON.stringify(body)).toBe(400);
  });
});
