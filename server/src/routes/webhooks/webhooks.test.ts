// Issue 29: the providers' webhooks through the HTTP server, with the attempts' owner watched: what
// Stripe's and Adyen's own libraries sign reaches it; nothing unsigned, wrongly signed or stale does.
import { hmacValidator as HmacValidator } from '@adyen/api-library';
import { pino } from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CREDENTIALS } from '../../../../mocks/sandbox/src/seed.ts';
import { createServer, type ProxyServer } from '../../server.ts';
import type { ProviderEvent } from '../../services/attempts/provider-events.ts';
import { testAttempts, testConfig } from '../../test-helpers.ts';

const STRIPE_SECRET = CREDENTIALS.stripe.webhookSecret;
const ADYEN_KEY = CREDENTIALS.adyen.hmacKey;
const stripe = new Stripe('sk_test_sandbox');
const adyen = new HmacValidator();

/** What reached the attempts' owner, and whether it should fail to record the next one. */
const seen: ProviderEvent[] = [];
let ownerFails = false;

async function startServer(env: Record<string, string> = {}) {
  const config = testConfig(env);
  const attempts = testAttempts(config);
  vi.spyOn(attempts, 'providerEvent').mockImplementation(async (event) => {
    if (ownerFails) throw new Error('journal unreachable');
    seen.push(event);
  });
  const server = createServer(config, { logger: pino({ level: 'silent' }), serveClient: false, attempts });
  const port = await server.start(0);
  return { server, url: (path: string) => `http://127.0.0.1:${port}${path}` };
}

let server: ProxyServer;
let url: (path: string) => string;
beforeAll(async () => {
  ({ server, url } = await startServer());
});
afterAll(() => server.stop());
beforeEach(() => {
  seen.length = 0;
  ownerFails = false;
});

const post = (path: string, body: string, headers: Record<string, string> = {}, to = url) =>
  fetch(to(path), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

async function expectProblem(res: Response, status: number, type: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(await res.json()).toMatchObject({ status, type: `https://shop.example/problems/${type}` });
}

// ---- Stripe ----

const stripeEvent = (type = 'setup_intent.succeeded', id = 'evt_1RouteTest') =>
  JSON.stringify(
    {
      id,
      object: 'event',
      api_version: '2020-08-27',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'seti_1RouteTest',
          object: 'setup_intent',
          status: 'succeeded',
          payment_method: 'pm_1RouteTest',
          metadata: { orderNo: '00001050' },
          usage: 'off_session',
        },
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    },
    null,
    2,
  );

const stripeSigned = (payload: string, options: { secret?: string; timestamp?: number } = {}) => ({
  'stripe-signature': stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  }),
});

describe('POST /api/webhooks/stripe', () => {
  it("when Stripe's library signed the event, then 200 and the attempts' owner gets it", async () => {
    const payload = stripeEvent();
    const res = await post('/api/webhooks/stripe', payload, stripeSigned(payload));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ received: true });
    expect(seen).toEqual([
      {
        provider: 'stripe',
        kind: 'setupIntent',
        eventId: 'evt_1RouteTest',
        id: 'seti_1RouteTest',
        outcome: 'succeeded',
        paymentMethod: 'pm_1RouteTest',
        orderNo: '00001050',
      },
    ]);
  });

  it('when the same delivery comes twice (a replay within 5 minutes), then the owner sees the same eventId twice, to dedupe', async () => {
    const payload = stripeEvent();
    const headers = stripeSigned(payload);
    for (let i = 0; i < 2; i += 1) expect((await post('/api/webhooks/stripe', payload, headers)).status).toBe(200);
    expect(seen.map((e) => e.eventId)).toEqual(['evt_1RouteTest', 'evt_1RouteTest']);
  });

  it('when the signature is wrong, stale, missing, or the body was tampered with, then 401 problem+json and nothing reaches the owner', async () => {
    const payload = stripeEvent();
    const cases: Array<[string, string, Record<string, string>]> = [
      ['another secret', payload, stripeSigned(payload, { secret: 'whsec_someone_else' })],
      ['6 minutes old', payload, stripeSigned(payload, { timestamp: Math.floor(Date.now() / 1000) - 360 })],
      ['no header', payload, {}],
      ['tampered', payload.replace('00001050', '00001051'), stripeSigned(payload)],
    ];
    for (const [what, body, headers] of cases) {
      const res = await post('/api/webhooks/stripe', body, headers);
      expect(res.status, what).toBe(401);
      await expectProblem(res, 401, 'webhook-signature-invalid');
    }
    expect(seen).toEqual([]);
  });

  it('when the body is not JSON, not sent as JSON, or signed but not an event, then 400, never 500', async () => {
    const notJson = '{"id": "evt_1", ';
    await expectProblem(await post('/api/webhooks/stripe', notJson, stripeSigned(notJson)), 400, 'malformed-json');
    const asText = stripeEvent();
    await expectProblem(
      await post('/api/webhooks/stripe', asText, { ...stripeSigned(asText), 'content-type': 'text/plain' }),
      400,
      'validation-error',
    );
    const notAnEvent = JSON.stringify({ id: 'evt_1', hello: 'world' });
    await expectProblem(
      await post('/api/webhooks/stripe', notAnEvent, stripeSigned(notAnEvent)),
      400,
      'validation-error',
    );
    const wrongObject = stripeEvent().replace('"object": "setup_intent"', '"object": "payment_intent"');
    await expectProblem(
      await post('/api/webhooks/stripe', wrongObject, stripeSigned(wrongObject)),
      400,
      'validation-error',
    );
    expect(seen).toEqual([]);
  });

  it('when the event is of a type the shop does not use, then 200 ignored and nothing reaches the owner', async () => {
    const payload = stripeEvent('customer.updated');
    const res = await post('/api/webhooks/stripe', payload, stripeSigned(payload));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, ignored: true });
    expect(seen).toEqual([]);
  });

  it('when it comes without session or CSRF token, from another origin (a provider), then the signature alone decides', async () => {
    const payload = stripeEvent();
    const foreign = { origin: 'https://stripe.example', cookie: 'shop_session=forged' };
    expect((await post('/api/webhooks/stripe', payload, { ...stripeSigned(payload), ...foreign })).status).toBe(200);
    await expectProblem(await post('/api/webhooks/stripe', payload, foreign), 401, 'webhook-signature-invalid');
  });

  it('when the owner cannot record the event, then 503 with Retry-After, so that Stripe sends it again', async () => {
    ownerFails = true;
    const payload = stripeEvent();
    const res = await post('/api/webhooks/stripe', payload, stripeSigned(payload));
    expect(res.headers.get('retry-after')).toBe('60');
    await expectProblem(res, 503, 'webhook-not-recorded');
  });
});

// ---- Adyen ----

type Item = Record<string, unknown> & { additionalData?: Record<string, string> };

const item = (extra: Record<string, unknown> = {}): Item => ({
  amount: { value: 9900, currency: 'EUR' },
  eventCode: 'AUTHORISATION',
  eventDate: '2026-12-01T10:00:00+01:00',
  merchantAccountCode: 'SandboxMerchantECOM',
  merchantReference: '00001050',
  pspReference: '8816934876420032',
  paymentMethod: 'visa',
  reason: '012345:4242:03/2030',
  success: 'true',
  additionalData: { authCode: '012345', cardSummary: '4242' },
  ...extra,
});

/** Signed by Adyen's library, as Adyen sends it. */
const signed = (unsigned: Item, key: string = ADYEN_KEY): Item => ({
  ...unsigned,
  additionalData: { ...unsigned.additionalData, hmacSignature: adyen.calculateHmac(unsigned as never, key) },
});

const adyenBody = (...items: Item[]) =>
  JSON.stringify({ live: 'false', notificationItems: items.map((i) => ({ NotificationRequestItem: i })) });

describe('POST /api/webhooks/adyen', () => {
  const cancel = item({
    eventCode: 'CANCEL_OR_REFUND',
    pspReference: 'SBXM000000000001',
    originalReference: '8816934876420032',
    additionalData: { 'modification.action': 'cancel' },
  });

  it("when Adyen's library signed every item, then 200 text/plain [accepted] and the owner gets each, in order", async () => {
    const res = await post('/api/webhooks/adyen', adyenBody(signed(item()), signed(cancel)));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('[accepted]');
    expect(seen).toEqual([
      {
        provider: 'adyen',
        kind: 'authorisation',
        eventId: 'AUTHORISATION:8816934876420032:true',
        reference: '00001050',
        pspReference: '8816934876420032',
        success: true,
        reason: '012345:4242:03/2030',
      },
      {
        provider: 'adyen',
        kind: 'reversal',
        eventId: 'CANCEL_OR_REFUND:SBXM000000000001:true',
        code: 'CANCEL_OR_REFUND',
        reference: '00001050',
        originalReference: '8816934876420032',
        pspReference: 'SBXM000000000001',
        success: true,
      },
    ]);
  });

  it('when Adyen delivers the same notification again, then [accepted] again and the owner sees the same eventId', async () => {
    const body = adyenBody(signed(item()));
    for (let i = 0; i < 2; i += 1) expect(await (await post('/api/webhooks/adyen', body)).text()).toBe('[accepted]');
    expect(seen.map((e) => e.eventId)).toEqual([
      'AUTHORISATION:8816934876420032:true',
      'AUTHORISATION:8816934876420032:true',
    ]);
  });

  it('when any item is unsigned, signed with another key or changed after signing, then 401 and no item reaches the owner', async () => {
    const good = signed(item());
    const bad: Array<[string, Item]> = [
      ['unsigned', item()],
      ['another key', signed(item(), 'AB'.repeat(32))],
      ['tampered', { ...signed(item()), success: 'false' }],
    ];
    for (const [what, wrong] of bad) {
      const res = await post('/api/webhooks/adyen', adyenBody(good, wrong));
      expect(res.status, what).toBe(401);
      await expectProblem(res, 401, 'webhook-signature-invalid');
    }
    expect(seen).toEqual([]);
  });

  it('when the body is not JSON or not a notification, then 400, never 500', async () => {
    await expectProblem(await post('/api/webhooks/adyen', '[accepted'), 400, 'malformed-json');
    for (const body of [
      '{}',
      '[]',
      JSON.stringify({ live: 'false', notificationItems: [{}] }),
      adyenBody(item({ amount: 'EUR 99' })),
    ])
      await expectProblem(await post('/api/webhooks/adyen', body), 400, 'validation-error');
    expect(seen).toEqual([]);
  });

  it('when an item is of an event code the shop does not use, then [accepted] and nothing reaches the owner', async () => {
    const res = await post('/api/webhooks/adyen', adyenBody(signed(item({ eventCode: 'REPORT_AVAILABLE' }))));
    expect(await res.text()).toBe('[accepted]');
    expect(seen).toEqual([]);
  });

  it('when the body is larger than the proxy reads, then 413', async () => {
    const huge = item({ reason: 'x'.repeat(40_000) });
    await expectProblem(await post('/api/webhooks/adyen', adyenBody(huge)), 413, 'payload-too-large');
  });
});

describe('the webhooks with their own settings', () => {
  const started: ProxyServer[] = [];
  const serverWith = async (env: Record<string, string>) => {
    const stack = await startServer(env);
    started.push(stack.server);
    return stack.url;
  };
  afterAll(() => Promise.all(started.map((s) => s.stop())));

  it("when Adyen's Basic authentication is configured, then a notification without it is 401 with WWW-Authenticate", async () => {
    const to = await serverWith({
      ADYEN_WEBHOOK_USERNAME: 'adyen-webhooks',
      ADYEN_WEBHOOK_PASSWORD: 'a-long-password',
    });
    const body = adyenBody(signed(item()));
    const without = await post('/api/webhooks/adyen', body, {}, to);
    expect(without.headers.get('www-authenticate')).toBe('Basic realm="webhooks"');
    await expectProblem(without, 401, 'webhook-signature-invalid');
    const authorization = `Basic ${Buffer.from('adyen-webhooks:a-long-password').toString('base64')}`;
    expect(await (await post('/api/webhooks/adyen', body, { authorization }, to)).text()).toBe('[accepted]');
  });

  it("when a provider sends more than the webhooks' limit per window, then 429; the payment limit does not apply", async () => {
    const to = await serverWith({ RATE_LIMIT_WEBHOOK: '3', RATE_LIMIT_PAYMENT: '1' });
    const stripeBody = stripeEvent();
    const send = (i: number) =>
      i % 2 === 0
        ? post('/api/webhooks/stripe', stripeBody, stripeSigned(stripeBody), to)
        : post('/api/webhooks/adyen', adyenBody(signed(item())), {}, to);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await send(i)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
