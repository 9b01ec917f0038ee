/**
 * Issue 16, graceful shutdown: once stop() begins (SIGTERM in main.ts), readyz answers 503
 * `shutting-down`, new connections are refused, a request in flight completes with its answer
 * (and `Connection: close`), a place-order in flight completes with its order settled, and stop()
 * resolves within SHUTDOWN_TIMEOUT_MS, closing by force what is still open after it.
 */
import { connect, type Socket } from 'node:net';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../mocks/sandbox/src/app.ts';
import type { Upstream } from '../../mocks/sandbox/src/core/faults.ts';
import { buildSandbox } from '../../mocks/sandbox/src/sandbox.ts';
import { createServer, type ProxyServer } from './server.ts';
import { MemorySessionStore } from './state/memory-session-store.ts';
import { newKey, token } from './testing/payments.ts';
import { readyBasket, TestShopper } from './testing/shop-client.ts';
import { testConfig } from './test-helpers.ts';

const RENEWAL_PAGE = '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001&locale=en-GB';

/** Whether a new TCP connection to the port is accepted. */
function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A connection on which a request has begun (its first line sent, not its headers' end). */
async function requestBegun(port: number, path: string): Promise<{ finish: () => Promise<string> }> {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
  return {
    finish: async () => {
      socket.write('Accept: application/json\r\n\r\n');
      await ended;
      return received;
    },
  };
}

describe('stopping an instance', () => {
  let sandbox: Sandbox;
  let sandboxUrl = '';
  const servers: ProxyServer[] = [];

  beforeEach(async () => {
    sandbox = buildSandbox();
    sandboxUrl = `http://localhost:${await sandbox.start(0)}`;
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop()));
    await sandbox.stop();
  });

  async function startProxy(env: Record<string, string>, sessionStore = new MemorySessionStore()) {
    const config = testConfig({ SANDBOX_URL: sandboxUrl, RATE_LIMIT_PAYMENT: '1000', ...env });
    const server = createServer(config, { logger: pino({ level: 'silent' }), serveClient: false, sessionStore });
    servers.push(server);
    const port = await server.start(0);
    return { server, port, url: (path: string) => `http://127.0.0.1:${port}${path}` };
  }

  /** Slows the upstream's next `requests` calls, and resolves once the first has reached the sandbox. */
  function slowDown(upstream: Upstream, latencyMs: number, requests = 1) {
    sandbox.context.faults.set(upstream, { latencyMs, remaining: requests });
    return vi.waitFor(() => expect(sandbox.context.faults.list()[upstream]?.remaining ?? 0).toBeLessThan(requests), {
      timeout: 5000,
      interval: 5,
    });
  }

  it('when stop() begins with a request in flight, then readyz is 503, new connections are refused, and the request completes', async () => {
    const { server, port, url } = await startProxy({ SHUTDOWN_TIMEOUT_MS: '5000' });
    const shopper = await new TestShopper(url).start();
    const probe = await requestBegun(port, '/api/readyz');

    const reached = slowDown('vehicles', 600);
    const slow = shopper.call('getRenewalPage', 'GET', RENEWAL_PAGE);
    await reached;
    const began = Date.now();
    const stopped = server.stop();

    const readiness = await probe.finish();
    expect(readiness).toMatch(/^HTTP\/1\.1 503 /);
    expect(readiness).toMatch(/\r\nconnection: close\r\n/i);
    expect(readiness).toMatch(/\r\ncontent-type: application\/problem\+json/i);
    expect(readiness).toContain('"type":"https://shop.example/problems/shutting-down"');
    expect(await connects(port)).toBe(false);

    const page = await slow;
    expect(page.response.status).toBe(200);
    expect(page.body.product.id).toBe('cn-connected-navigation');
    expect(page.response.headers.get('connection')).toBe('close');
    await stopped;
    expect(Date.now() - began).toBeLessThan(5000);
    expect(server.context.draining).toBe(true);
  });

  it('when a request outlasts SHUTDOWN_TIMEOUT_MS, then stop() closes it by force and resolves in time', async () => {
    const { server, url } = await startProxy({ SHUTDOWN_TIMEOUT_MS: '300', UPSTREAM_TIMEOUT_MS: '20000' });
    const shopper = await new TestShopper(url).start();
    const reached = slowDown('vehicles', 3000);
    const slow = shopper.call('getRenewalPage', 'GET', RENEWAL_PAGE).then(
      () => 'answered',
      () => 'cut off',
    );
    await reached;
    const began = Date.now();
    await server.stop();
    const took = Date.now() - began;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1500);
    expect(await slow).toBe('cut off');
  });

  it('when stop() begins with no request in flight, then it resolves at once: idle connections, closers and metrics closed', async () => {
    const { server, url, port } = await startProxy({ SHUTDOWN_TIMEOUT_MS: '5000', METRICS_PORT: '0' });
    const closed: string[] = [];
    server.context.onStop!.push(async () => {
      closed.push(`redis closed, draining ${String(server.context.draining)}`);
    });
    expect((await fetch(url('/api/healthz'))).status).toBe(200);
    const metricsPort = server.metricsPort()!;
    expect(await connects(metricsPort)).toBe(true);
    const began = Date.now();
    await server.stop();
    expect(Date.now() - began).toBeLessThan(500);
    expect(closed).toEqual(['redis closed, draining true']);
    expect(await connects(port)).toBe(false);
    expect(await connects(metricsPort)).toBe(false);
  });

  it('when a closer hangs, then stop() goes on without it, a little after SHUTDOWN_TIMEOUT_MS', async () => {
    const { server } = await startProxy({ SHUTDOWN_TIMEOUT_MS: '200' });
    server.context.onStop!.push(() => new Promise<void>(() => undefined));
    const began = Date.now();
    await server.stop();
    expect(Date.now() - began).toBeLessThan(2000);
  });

  it('when stop() begins during a place-order, then the order is placed and settled, and another instance shows it new', async () => {
    const sessions = new MemorySessionStore();
    const first = await startProxy({ SHUTDOWN_TIMEOUT_MS: '10000' }, sessions);
    const shopper = await new TestShopper(first.url).start();
    await readyBasket(shopper);

    // The card tokenised first; then Stripe slowed for the whole payment: the order is created
    // while the provider is still paying when the stop begins.
    const card = await token(shopper, '4242424242424242');
    const reached = slowDown('stripe', 250, 20);
    const paying = shopper.call(
      'placeOrder',
      'POST',
      '/api/checkout/orders',
      { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken: card.token },
      { 'idempotency-key': newKey() },
    );
    await reached;
    const stopped = first.server.stop();
    const paid = await paying;
    await stopped;
    expect(paid.response.status).toBe(201);
    expect(paid.body).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
    sandbox.context.faults.clear();

    // The same session (a shared store, as Redis is across instances) read on a second instance.
    const second = await startProxy({}, sessions);
    const confirmation = await fetch(second.url(`/api/checkout/confirmation/${paid.body.orderNo}`), {
      headers: { cookie: shopper.credentials().cookie },
    });
    expect(confirmation.status).toBe(200);
    expect(await confirmation.json()).toMatchObject({ orderNo: paid.body.orderNo, status: 'new' });
  });
});
