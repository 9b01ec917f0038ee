/**
 * Issue 13: the account area's operations against Prism (UPSTREAM=prism). Prism answers each
 * order-management, commerce and provider call with the contract's first example and keeps no
 * state, so this checks what the sandbox cannot: that the proxy reads the upstream contracts' own
 * example answers (som.yaml's SubscriptionList, History, Details, PaymentMethodInformation, …) and
 * still answers its browser what proxy.yaml promises. The registered login itself needs a stateful
 * identity provider (the sandbox's route tests cover it): here the session store holds a signed-in
 * customer from the start. The order-management calls go through a small relay to Prism, which can ask
 * Prism for another History example (`Prefer: example=…`): Prism ignores `userId`, so the relay is how
 * a History that does not list the order Details answers is shown (issue 30, docs/decisions/027).
 */
import {
  createServer as createHttpServer,
  request as httpRequest,
  type OutgoingHttpHeaders,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../generated/proxy/operations.ts';
import { createServer, type ProxyServer } from '../../server/src/server.ts';
import { type SessionData } from '../../server/src/session.ts';
import { MemorySessionStore } from '../../server/src/state/memory-session-store.ts';
import { sessionCookie, testConfig } from '../../server/src/test-helpers.ts';
import { expectConforms } from '../../server/src/testing/conformance.ts';
import { prismBase } from './lib/prism.ts';

let server: ProxyServer;
let base = '';
let cookie = '';
let csrf = '';
let relay: Server | undefined;
/** The som.yaml History example the relay asks Prism for; Prism's first when undefined. */
let historyExample: string | undefined;
/** The order-management calls made through the relay: the method and Prism's status. */
const somCalls: Array<{ method: string; status: number }> = [];

/**
 * Forwards every order-management call to Prism as it is, adding `Prefer: example=<historyExample>` to
 * History when one is set, and notes each call's method and Prism's status.
 */
function startSomRelay(target: string): Promise<string> {
  relay = createHttpServer((req, res) => {
    const method = /\/SOM\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? '';
    const headers: OutgoingHttpHeaders = { ...req.headers, host: new URL(target).host };
    if (method === 'History' && historyExample) headers.prefer = `example=${historyExample}`;
    const onward = httpRequest(`${target}${req.url ?? ''}`, { method: req.method, headers }, (answer) => {
      somCalls.push({ method, status: answer.statusCode ?? 0 });
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    onward.on('error', () => res.destroy());
    req.pipe(onward);
  });
  return new Promise((done) =>
    relay!.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(relay!.address() as AddressInfo).port}`)),
  );
}

/** Keeps the last session written, to sign its customer in. */
class SignInStore extends MemorySessionStore {
  last: SessionData | undefined;
  override async set(data: SessionData, ttlSeconds: number): Promise<void> {
    this.last = data;
    await super.set(data, ttlSeconds);
  }
}

beforeAll(async () => {
  const prism = prismBase;
  const store = new SignInStore();
  server = createServer(
    testConfig({
      UPSTREAM: 'prism',
      COMMERCE_BASE_URL: prism('commerce'),
      COMMERCE_STOREFRONT_URL: prism('commerce'),
      VEHICLES_BASE_URL: prism('vehicles'),
      SOM_BASE_URL: await startSomRelay(prism('som')),
      STRIPE_BASE_URL: prism('stripe'),
    }),
    { logger: pino({ level: 'silent' }), sessionStore: store, serveClient: false },
  );
  base = `http://127.0.0.1:${await server.start(0)}`;
  const first = await fetch(`${base}/api/session?locale=en-GB`);
  cookie = sessionCookie(first);
  csrf = ((await first.json()) as { csrfToken: string }).csrfToken;
  // The answer's session is written as it finishes: wait for it, then sign its customer in.
  const id = cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf('.'));
  for (let i = 0; store.last?.id !== id && i < 100; i += 1) await new Promise((done) => setTimeout(done, 10));
  const session = store.last!;
  await store.set(
    {
      ...session,
      authType: 'registered',
      principalUUID: '8a1f0c2e-0001-4a6b-9c1d-a1e2c3d4e5f6',
      customer: { customerId: 'abcAlexOwner0001', firstName: 'Alex', email: 'alex.owner@example.com' },
      shopperTokens: {
        accessToken: 'prism-token',
        refreshToken: 'prism-refresh',
        customerId: 'abcAlexOwner0001',
        expiresAt: Date.now() + 3_600_000,
      },
    },
    3600,
  );
}, 90_000);

afterAll(async () => {
  await server?.stop();
  relay?.close();
});

async function call(operationId: OperationId, path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { cookie, 'x-csrf-token': csrf, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await response.json() : type.includes('pdf') ? '' : await response.text();
  if (process.env.DEBUG_PRISM) console.log(operationId, response.status, JSON.stringify(body).slice(0, 300));
  if (!type.includes('pdf')) expectConforms(operationId, response, body);
  return { response, body };
}

describe('the account area against Prism', () => {
  it('when the overview and the subscriptions are read, then both answer from the order-management examples', async () => {
    const overview = await call('getAccountOverview', '/api/account/overview?locale=en-GB');
    expect(overview.response.status).toBe(200);
    const subscriptions = await call('listSubscriptions', '/api/account/subscriptions?locale=en-GB');
    expect(subscriptions.response.status).toBe(200);
    expect(subscriptions.body.isCustomerEnabled).toBe(true);
    expect(subscriptions.body.subscriptions.length).toBeGreaterThan(0);
  });

  it('when the orders are read, then the history example answers five at a time, and the details example opens', async () => {
    const orders = await call('listOrders', '/api/account/orders?locale=en-GB&offset=0&limit=5');
    expect(orders.response.status).toBe(200);
    expect(orders.body.orders.length).toBeLessThanOrEqual(5);
    // som.yaml's first Details example is order 00001001 (1OsSB0000000001AAA).
    const detail = await call('getOrder', '/api/account/orders/1OsSB0000000001AAA/00001001?locale=en-GB');
    expect(detail.response.status).toBe(200);
    expect(detail.body.orderNo).toBe('00001001');
    // Another order number than the one the order system answers with: never its data.
    const other = await call('getOrder', '/api/account/orders/1OsSB0000000001AAA/00009999?locale=en-GB');
    expect(other.response.status).toBe(404);
  });

  it("when Prism's Details answers an order (it ignores userId) that the customer's History does not list, then 404 without its data: the proxy's own check refuses it", async () => {
    historyExample = 'emptyList';
    try {
      const from = somCalls.length;
      const other = await call('getOrder', '/api/account/orders/1OsSB0000000001AAA/00001001?locale=en-GB');
      expect(other.response.status).toBe(404);
      expect(other.body).toMatchObject({ type: 'https://shop.example/problems/not-found' });
      expect(JSON.stringify(other.body)).not.toMatch(/00001001|ZAAAA|Downing|4242/);
      // Prism answered the order's details (the page may answer before that call ends: it is not
      // waited for once History refuses); the empty History is what the proxy refused it on.
      expect(somCalls.slice(from)).toContainEqual({ method: 'History', status: 200 });
      await expect.poll(() => somCalls.slice(from)).toContainEqual({ method: 'Details', status: 200 });
    } finally {
      historyExample = undefined;
    }
  });

  it('when the invoice of the details example (Payment Pending) is asked for, then the not-ready problem of §8', async () => {
    const invoice = await call('getInvoiceDocument', '/api/account/orders/1OsSB0000000001AAA/invoice');
    expect(invoice.response.status).toBe(404);
    expect(invoice.body).toMatchObject({
      title: 'Invoice Unavailable',
      detail: 'Your invoice will be ready to view shortly',
    });
  });

  it('when the payment details are read, then the stored record example answers with its method', async () => {
    const page = await call('getPaymentMethod', '/api/account/payment-method');
    expect(page.response.status).toBe(200);
    expect(page.body.provider).toBe('stripe');
  });

  it('when the help content is read, then the content assets answer per the contract', async () => {
    const help = await call('getHelpContent', '/api/account/help?locale=en-GB');
    expect(help.response.status).toBe(200);
  });

  it('when auto-renewal is cancelled with a note over 150 characters, then a 400 before any upstream call', async () => {
    const subscriptions = await call('listSubscriptions', '/api/account/subscriptions?locale=en-GB');
    const id = (subscriptions.body.subscriptions[0] as { id: string }).id;
    const refused = await call('cancelAutoRenewal', `/api/account/subscriptions/${id}/auto-renewal/cancel`, {
      method: 'POST',
      body: JSON.stringify({ reason: 'Other', additionalInfo: 'x'.repeat(151) }),
    });
    expect(refused.response.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: '/additionalInfo' })]);
  });
});
