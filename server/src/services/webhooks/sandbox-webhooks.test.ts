// Issue 29: the sandbox's signed webhooks and the proxy's verification agree, with the proxy's default
// (sandbox) secrets: at a bare receiver (retried after a 500), and end to end through the proxy.
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { zReceiveAdyenNotificationBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import { createSandbox, type Sandbox } from '../../../../mocks/sandbox/src/app.ts';
import { Receiver } from '../../../../mocks/sandbox/src/core/webhook-receiver.ts';
import { adyenModule } from '../../../../mocks/sandbox/src/upstreams/adyen/index.ts';
import { cardPayment } from '../../../../mocks/sandbox/src/upstreams/adyen/test-fixtures.ts';
import { CREDENTIALS } from '../../../../mocks/sandbox/src/seed.ts';
import { stripeModule } from '../../../../mocks/sandbox/src/upstreams/stripe/index.ts';
import { createServer, type ProxyServer } from '../../server.ts';
import { testAttempts, testConfig } from '../../test-helpers.ts';
import type { ProviderEvent } from '../attempts/provider-events.ts';
import { verifyAdyenNotification } from './adyen-webhook.ts';
import { verifyStripeSignature } from './stripe-webhook.ts';

const config = testConfig();
const receiver = new Receiver();
let hook = '';
let sandbox: Sandbox;
let root = '';

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

const pay = (number: string) =>
  fetch(`${root}/adyen/v71/payments`, {
    method: 'POST',
    headers: { 'x-api-key': CREDENTIALS.adyen.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(cardPayment(number)),
  });

const stripePost = (path: string, params: Record<string, string>) =>
  fetch(`${root}/stripe${path}`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_sandbox', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });

async function saveCard(): Promise<string> {
  const card = (await (
    await stripePost('/v1/payment_methods', {
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': '2034',
      'card[cvc]': '123',
    })
  ).json()) as { id: string };
  const intent = (await (
    await stripePost('/v1/setup_intents', { payment_method: card.id, confirm: 'true', 'metadata[orderNo]': '00001050' })
  ).json()) as { id: string; status: string };
  expect(intent.status).toBe('succeeded');
  return intent.id;
}

describe("the sandbox's webhooks at a bare receiver, checked with the proxy's verifiers and default secrets", () => {
  it('when a real /payments authorises and the receiver answers 500 first, then the signed AUTHORISATION is retried and verifies', async () => {
    receiver.answers = [500];
    const payment = (await (await pay('4242424242424242')).json()) as { pspReference: string };
    const [first, retry] = await receiver.until(2);
    expect(retry!.body).toBe(first!.body);
    const notification = zReceiveAdyenNotificationBody.parse(JSON.parse(retry!.body));
    expect(() => verifyAdyenNotification(notification, config.credentials.adyen.hmacKey)).not.toThrow();
    expect(notification.notificationItems[0]!.NotificationRequestItem).toMatchObject({
      eventCode: 'AUTHORISATION',
      pspReference: payment.pspReference,
      success: 'true',
    });
  });

  it('when a SetupIntent succeeds and the receiver answers 500 first, then each signed try verifies over its raw body', async () => {
    receiver.answers = [500];
    await saveCard();
    const tries = await receiver.until(2, 4000);
    for (const delivery of tries)
      expect(() =>
        verifyStripeSignature(
          Buffer.from(delivery.body),
          String(delivery.headers['stripe-signature']),
          config.credentials.stripe.webhookSecret,
        ),
      ).not.toThrow();
  });
});

describe('the sandbox → the proxy → the attempts owner', () => {
  const seen: ProviderEvent[] = [];
  let proxy: ProxyServer;
  let port = 0;

  beforeAll(async () => {
    const attempts = testAttempts(config);
    vi.spyOn(attempts, 'providerEvent').mockImplementation(async (event) => {
      seen.push(event);
    });
    proxy = createServer(config, { logger: pino({ level: 'silent' }), serveClient: false, attempts });
    port = await proxy.start(0);
  });
  afterAll(() => proxy.stop());
  // After the reset, which puts the receiver's URL back: the proxy's webhooks instead.
  beforeEach(async () => {
    seen.length = 0;
    await fetch(`${root}/__sandbox/webhooks`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/api/webhooks` }),
    });
  });

  const until = async (count: number) => {
    for (let i = 0; i < 100 && seen.length < count; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    return seen;
  };

  it("when the Adyen stand-in refuses a payment, then the owner hears of it from the proxy's webhook", async () => {
    const payment = (await (await pay('4000000000000002')).json()) as { pspReference: string };
    expect(await until(1)).toEqual([
      {
        provider: 'adyen',
        kind: 'authorisation',
        eventId: `AUTHORISATION:${payment.pspReference}:false`,
        reference: '00001001',
        pspReference: payment.pspReference,
        success: false,
        reason: 'Refused',
      },
    ]);
  });

  it("when the Stripe stand-in saves a card for an order, then the owner hears of it from the proxy's webhook", async () => {
    const id = await saveCard();
    expect(await until(1)).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        kind: 'setupIntent',
        id,
        outcome: 'succeeded',
        orderNo: '00001050',
      }),
    ]);
  });
});
