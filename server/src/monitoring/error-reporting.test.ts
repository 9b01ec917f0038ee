/**
 * Error reporting against the sandbox's Sentry (issue 15): the proxy and the sandbox on ephemeral ports,
 * SENTRY_DSN the sandbox's DSN. A server error (an upstream fault) and a browser envelope through the
 * tunnel both arrive with the request id, the release and the environment, and without personal data;
 * an envelope for another DSN is refused.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../mocks/sandbox/src/sandbox.ts';
import { sandboxDsn, type StoredEnvelope } from '../../../mocks/sandbox/src/upstreams/sentry/index.ts';
import type { ProxyServer } from '../server.ts';
import type { AttemptOwner } from '../services/attempts/attempts.ts';
import { startTestServer, testConfig } from '../test-helpers.ts';
import { expectConforms } from '../testing/conformance.ts';

let sandbox: Sandbox;
let server: ProxyServer;
let proxy: (path: string) => string;
let root: string;
let dsn: string;

const PERSONAL = [
  'alex.owner@example.com',
  'alex.owner%40example.com',
  'ZAAAA1000AA000001',
  'Alex',
  'Owner',
  'Downing',
];

beforeAll(async () => {
  sandbox = buildSandbox();
  root = `http://localhost:${await sandbox.start(0)}`;
  dsn = sandboxDsn(root);
  ({ server, url: proxy } = await startTestServer(
    testConfig({
      SANDBOX_URL: root,
      SENTRY_DSN: dsn,
      SENTRY_RELEASE: 'vehicle-services-shop@it-1',
      SENTRY_ENVIRONMENT: 'integration',
      // The order-attempt alert below: one failed reversal is enough.
      ORDER_ATTEMPT_HORIZON_MS: '100',
      RECONCILE_ALERT_AFTER: '1',
    }),
  ));
});
afterAll(async () => {
  await server?.stop();
  await sandbox?.stop();
});
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
});

const envelopes = async (): Promise<StoredEnvelope[]> =>
  ((await (await fetch(`${root}/sentry/__sandbox/envelopes`)).json()) as { envelopes: StoredEnvelope[] }).envelopes;

/** The first envelope `match` accepts, once it arrived (the SDKs send in the background). */
async function arrived(match: (envelope: StoredEnvelope) => boolean, timeoutMs = 10_000): Promise<StoredEnvelope> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await envelopes()).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no such envelope reached the sandbox');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Event = { tags?: Record<string, unknown>; release?: string; environment?: string; exception?: unknown };
const eventOf = (envelope: StoredEnvelope) => envelope.items.find((item) => item.type === 'event')?.payload as Event;
const taggedWith = (id: string) => (envelope: StoredEnvelope) => eventOf(envelope)?.tags?.request_id === id;

function expectNoPersonalData(envelope: StoredEnvelope): void {
  for (const personal of PERSONAL) expect(envelope.raw).not.toContain(personal);
}

describe('server errors', () => {
  it('when an upstream fails and the proxy answers 5xx, then the event arrives with the request id, release and environment, and no personal data', async () => {
    await fetch(`${root}/__sandbox/faults/vehicles`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 500 }),
    });
    const res = await fetch(proxy('/api/vehicles/lookup?carvin=ZAAAA1000AA000001&email=alex.owner%40example.com'), {
      headers: {
        'X-Request-Id': 'it-server-5xx',
        Cookie: 'shop_session=alex.owner@example.com',
        Referer: 'http://localhost:3000/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001',
      },
    });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(((await res.json()) as { instance?: string }).instance).toBe('it-server-5xx');

    const envelope = await arrived(taggedWith('it-server-5xx'));
    const event = eventOf(envelope);
    expect(event.release).toBe('vehicle-services-shop@it-1');
    expect(event.environment).toBe('integration');
    expect(event.tags).toMatchObject({ request_id: 'it-server-5xx', status: res.status });
    expect(event.exception).toBeDefined();
    expect(envelope.publicKey).toBe('sandboxpublickey');
    expectNoPersonalData(envelope);
  });

  it('when the proxy answers a 4xx problem, then nothing is reported', async () => {
    const bad = await fetch(proxy('/api/vehicles/lookup'), { headers: { 'X-Request-Id': 'it-server-4xx' } });
    expect(bad.status).toBe(400);
    // A 5xx after it: once that one has arrived, the 4xx would have been sent before it.
    await fetch(`${root}/__sandbox/faults/vehicles`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503 }),
    });
    await fetch(proxy('/api/vehicles/lookup?carvin=ZAAAA1000AA000002'), {
      headers: { 'X-Request-Id': 'it-after-4xx' },
    });
    await arrived(taggedWith('it-after-4xx'));
    expect((await envelopes()).filter(taggedWith('it-server-4xx'))).toEqual([]);
  });
});

describe('the browser tunnel (POST /api/monitoring)', () => {
  const ENVELOPE_TYPE = 'application/x-sentry-envelope';

  /** A browser SDK's envelope: an error event full of personal data, a session, an attachment. */
  function browserEnvelope(headerDsn: string | undefined, eventId = 'b0a1c2d3e4f5a6b7c8d9e0f1a2b3c4d5'): string {
    const event = {
      event_id: eventId,
      level: 'error',
      release: 'vehicle-services-shop@it-1',
      environment: 'integration',
      tags: { request_id: 'it-browser-api' },
      user: { email: 'alex.owner@example.com', ip_address: '{{auto}}' },
      request: {
        url: 'http://localhost:3000/en-GB/checkout?carvin=ZAAAA1000AA000001',
        headers: {
          'User-Agent': 'Mozilla/5.0',
          Cookie: 'shop_session=x',
          Referer: 'http://localhost:3000/?vin=ZAAAA1000AA000001',
        },
      },
      exception: { values: [{ type: 'TypeError', value: 'No plan for ZAAAA1000AA000001 of alex.owner@example.com' }] },
      breadcrumbs: [
        { category: 'fetch', data: { url: '/api/address/find?text=10%20Downing%20Street', status_code: 502 } },
        { category: 'console', data: { arguments: [{ name: 'Alex Owner', city: 'London' }] } },
      ],
      extra: { shopper: { firstName: 'Alex', lastName: 'Owner', address1: '10 Downing Street' } },
      sdk: { name: 'sentry.javascript.browser', version: '11.12.0' },
    };
    const session = {
      sid: 'f1',
      did: 'alex.owner@example.com',
      status: 'ok',
      attrs: { release: 'x', ip_address: '203.0.113.9' },
    };
    return [
      JSON.stringify({ event_id: eventId, sent_at: '2026-01-01T00:00:00Z', ...(headerDsn ? { dsn: headerDsn } : {}) }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify(event),
      JSON.stringify({ type: 'session' }),
      JSON.stringify(session),
      JSON.stringify({ type: 'attachment', length: 22, filename: 'form.txt' }),
      'alex.owner@example.com',
    ].join('\n');
  }

  const tunnel = (body: string, type = ENVELOPE_TYPE) =>
    fetch(proxy('/api/monitoring'), { method: 'POST', headers: { 'content-type': type }, body });

  it("when the envelope names the shop's DSN, then it arrives scrubbed, with its request id tag, without the attachment", async () => {
    const res = await tunnel(browserEnvelope(dsn));
    const body = await res.json();
    expect(res.status).toBe(200);
    expectConforms('sendMonitoringEnvelope', res, body);
    expect(body).toEqual({ id: 'b0a1c2d3e4f5a6b7c8d9e0f1a2b3c4d5', items: 2 });

    const envelope = await arrived(taggedWith('it-browser-api'));
    expect(envelope.header.dsn).toBe(dsn);
    expect(envelope.items.map((item) => item.type)).toEqual(['event', 'session']);
    const event = eventOf(envelope) as Event & { user?: unknown; request?: unknown };
    expect(event.user).toBeUndefined();
    expect(event.request).toEqual({
      url: 'http://localhost:3000/en-GB/checkout',
      headers: { 'User-Agent': 'Mozilla/5.0' },
    });
    expect(event.release).toBe('vehicle-services-shop@it-1');
    expectNoPersonalData(envelope);
    expect(envelope.raw).not.toContain('203.0.113.9');
  });

  it.each<[string, () => string, string, number, string]>([
    [
      'another DSN',
      () => browserEnvelope('http://otherkey@sentry.example.com/42'),
      ENVELOPE_TYPE,
      403,
      'envelope-dsn-refused',
    ],
    [
      'another project of the same Sentry',
      () => browserEnvelope(dsn.replace(/\/1$/, '/2')),
      ENVELOPE_TYPE,
      403,
      'envelope-dsn-refused',
    ],
    ['no DSN in its header', () => browserEnvelope(undefined), ENVELOPE_TYPE, 400, 'invalid-envelope'],
    ['a body that is no envelope', () => 'hello', ENVELOPE_TYPE, 400, 'invalid-envelope'],
    ['a form media type', () => browserEnvelope(dsn), 'text/plain', 415, 'unsupported-media-type'],
    [
      'more than 1 MiB',
      () => `${browserEnvelope(dsn)}\n${'x'.repeat(1024 * 1024)}`,
      ENVELOPE_TYPE,
      413,
      'payload-too-large',
    ],
  ])(
    'when the envelope has %s, then it is refused as problem+json and nothing arrives',
    async (_what, body, type, status, slug) => {
      const res = await tunnel(body(), type);
      const problem = (await res.json()) as { type: string };
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(problem.type).toBe(`https://shop.example/problems/${slug}`);
      expectConforms('sendMonitoringEnvelope', res, problem);
      expect(await envelopes()).toEqual([]);
    },
  );
});

describe("the site's configuration", () => {
  it('when SENTRY_DSN is set, then GET /api/site names the DSN, the release and the environment', async () => {
    const res = await fetch(proxy('/api/site?site=aurora&locale=en-GB'));
    const body = (await res.json()) as { errorReporting?: unknown };
    expectConforms('getSiteConfig', res, body);
    expect(body.errorReporting).toEqual({ dsn, release: 'vehicle-services-shop@it-1', environment: 'integration' });
  });
});

describe('the order attempt alert (issue 29)', () => {
  it('when a reversal cannot be sent after its retries, then an event names the alert, without personal data', async () => {
    const owner = server.context.attempts as AttemptOwner;
    const at = Date.now() - 1000;
    // An attempt whose payment must go back (its order failed), as a killed process would leave it.
    await owner.store.create({
      id: 'alert-test-attempt',
      state: 'reversing',
      provider: 'adyen',
      site: 'aurora',
      locale: 'fr-FR',
      tokens: { accessToken: 'still-valid', customerId: 'c-alert', expiresAt: Date.now() + 600_000 },
      authType: 'guest',
      basketId: 'b-alert',
      startedAtMs: at,
      updatedAtMs: at,
      notBeforeMs: 0,
      tries: 0,
      orderNo: '00099001',
      customerName: 'Alex Owner',
      charged: true,
      pending: { orderNo: '00099001', provider: 'adyen', key: 'alert-key', paymentType: 'CREDIT_CARD' },
    });
    await fetch(`${root}/__sandbox/faults/adyen`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503 }),
    });
    await owner.reconcile();
    const envelope = await arrived((e) => eventOf(e)?.tags?.problem_type === 'order-attempt-reversal-not-confirmed');
    expect(eventOf(envelope).exception).toBeDefined();
    expect((await owner.get('alert-test-attempt'))?.alerted).toBe(true);
    expectNoPersonalData(envelope);
    expect(envelope.raw).not.toContain('still-valid');
  });
});
