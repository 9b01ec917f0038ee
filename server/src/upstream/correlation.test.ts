/**
 * Issue 16, request correlation: every upstream call of a proxy request carries the request's id
 * (`x-request-id`) and a W3C `traceparent` (the incoming trace when valid, else a new one; a new
 * span per call), and every log line of the request names its id, the services' `ctx.logger`
 * lines included.
 */
import { PassThrough } from 'node:stream';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../mocks/sandbox/src/sandbox.ts';
import { correlateRequests, parseTraceparent, requestScopedLogger } from './correlation.ts';
import { createLogger, requestLogger } from '../logger.ts';
import { createServer, type ProxyServer } from '../server.ts';
import { TestShopper } from '../testing/shop-client.ts';
import { testConfig } from '../test-helpers.ts';
import { createUpstreams } from './clients.ts';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const INCOMING_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

/** A stream standing in for stdout, and the JSON entries written to it. */
function sink(): { stream: PassThrough; entries: () => Array<Record<string, unknown>> } {
  const stream = new PassThrough();
  let written = '';
  stream.on('data', (chunk: Buffer) => (written += chunk.toString()));
  return {
    stream,
    entries: () =>
      written
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

const requestIdOf = (entry: Record<string, unknown>) => (entry.req as { id?: string } | undefined)?.id;

describe('parseTraceparent (W3C Trace Context §3.2)', () => {
  it.each([
    [`00-${INCOMING_TRACE}-00f067aa0ba902b7-01`, { traceId: INCOMING_TRACE, traceFlags: '01' }],
    [`00-${INCOMING_TRACE}-00f067aa0ba902b7-00`, { traceId: INCOMING_TRACE, traceFlags: '00' }],
    [`01-${INCOMING_TRACE}-00f067aa0ba902b7-01-later-fields`, { traceId: INCOMING_TRACE, traceFlags: '01' }],
    [`00-${INCOMING_TRACE}-00f067aa0ba902b7-01-extra`, undefined],
    [`ff-${INCOMING_TRACE}-00f067aa0ba902b7-01`, undefined],
    [`00-${'0'.repeat(32)}-00f067aa0ba902b7-01`, undefined],
    [`00-${INCOMING_TRACE}-${'0'.repeat(16)}-01`, undefined],
    [`00-${INCOMING_TRACE.toUpperCase()}-00f067aa0ba902b7-01`, undefined],
    ['garbage', undefined],
    [undefined, undefined],
  ])('when the header is %s, then %o', (header, parsed) => {
    expect(parseTraceparent(header)).toEqual(parsed);
  });
});

describe('a request inside the proxy', () => {
  it('when a service logs through ctx.logger after the body was read, then the line names the request id', async () => {
    const out = sink();
    const base = createLogger('info', 'json', out.stream);
    const scoped = requestScopedLogger(base);
    const app = express();
    app.use(requestLogger(base));
    app.use(correlateRequests());
    app.use(express.json());
    app.post('/work', async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      scoped.warn('inside the request');
      res.json({ ok: true });
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const answer = await fetch(`http://127.0.0.1:${port}/work`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'req-scoped-1' },
        body: JSON.stringify({ a: 1 }),
      });
      expect(answer.status).toBe(200);
      scoped.info('outside any request');
      await vi.waitFor(() => expect(out.entries().length).toBeGreaterThanOrEqual(3));
      const byMessage = new Map(out.entries().map((e) => [e.msg, e]));
      expect(requestIdOf(byMessage.get('inside the request')!)).toBe('req-scoped-1');
      expect(requestIdOf(byMessage.get('request completed')!)).toBe('req-scoped-1');
      expect(byMessage.get('outside any request')).not.toHaveProperty('req');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the upstream calls of a proxy request', () => {
  let sandbox: Sandbox;
  let server: ProxyServer;
  let proxy = '';
  const seen: Request[] = [];
  const out = sink();

  beforeAll(async () => {
    sandbox = buildSandbox();
    const config = testConfig({ SANDBOX_URL: `http://localhost:${await sandbox.start(0)}` });
    // Every attempt recorded as it leaves, then sent to the sandbox; the region's preferences fail,
    // so that preferences.ts writes its warning through ctx.logger.
    const upstreams = createUpstreams(config, async (request) => {
      seen.push(request.clone());
      if (request.url.includes('/custom_objects/CustomPreferences/')) return new Response('{}', { status: 500 });
      return fetch(request);
    });
    server = createServer(config, { logger: createLogger('warn', 'json', out.stream), serveClient: false, upstreams });
    proxy = `http://127.0.0.1:${await server.start(0)}`;
  });
  afterAll(async () => {
    await server?.stop();
    await sandbox?.stop();
  });
  beforeEach(() => {
    seen.length = 0;
  });

  const url = (path: string) => `${proxy}${path}`;
  const traceparents = () => seen.map((r) => TRACEPARENT.exec(r.headers.get('traceparent') ?? ''));

  it('when a page read names its id and trace, then every upstream call carries them, each call its own span', async () => {
    const shopper = await new TestShopper(url).start();
    seen.length = 0;
    const incoming = `00-${INCOMING_TRACE}-00f067aa0ba902b7-01`;
    const page = await shopper.call(
      'getRenewalPage',
      'GET',
      '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001&locale=en-GB',
      undefined,
      { 'x-request-id': 'req-corr-get-1', traceparent: incoming },
    );
    expect(page.response.status).toBe(200);
    expect(seen.length).toBeGreaterThan(2);
    expect(new Set(seen.map((r) => r.headers.get('x-request-id')))).toEqual(new Set(['req-corr-get-1']));
    const parsed = traceparents();
    expect(parsed.every((m) => m?.[1] === INCOMING_TRACE && m[3] === '01')).toBe(true);
    const spans = parsed.map((m) => m![2]);
    expect(new Set(spans).size).toBe(spans.length);
    expect(spans).not.toContain('00f067aa0ba902b7');

    // The service's warning, written through ctx.logger, names the request.
    await vi.waitFor(() => expect(out.entries().some((e) => e.msg === 'custom preferences not readable')).toBe(true));
    const warnings = out.entries().filter((e) => e.msg === 'custom preferences not readable');
    // Every warning line of the request names it (the number of reads depends on what is cached).
    expect(warnings.length).toBeGreaterThan(0);
    expect(new Set(warnings.map(requestIdOf))).toEqual(new Set(['req-corr-get-1']));
  });

  it('when a write with a JSON body arrives without a trace, then its calls share a new trace, and the next request another', async () => {
    const shopper = await new TestShopper(url).start();
    await shopper.call(
      'getRenewalPage',
      'GET',
      '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001&locale=en-GB',
    );
    seen.length = 0;
    const renewed = await shopper.call(
      'renewItem',
      'POST',
      '/api/basket/items',
      { productId: 'cn-connected-navigation', variantId: 'cn-connected-navigation-12m' },
      { 'x-request-id': 'req-corr-post-1', traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01` },
    );
    expect(renewed.response.status).toBe(200);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.headers.get('x-request-id') === 'req-corr-post-1')).toBe(true);
    const traces = new Set(traceparents().map((m) => m?.[1]));
    expect(traces.size).toBe(1);
    const [trace] = [...traces];
    expect(trace).toMatch(/^[0-9a-f]{32}$/);
    expect(trace).not.toBe('0'.repeat(32));

    seen.length = 0;
    const basket = await shopper.call('getBasket', 'GET', '/api/basket');
    const echoed = basket.response.headers.get('x-request-id');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.headers.get('x-request-id') === echoed)).toBe(true);
    expect(traceparents().every((m) => m !== null && m[1] !== trace)).toBe(true);
  });

  it('when the proxy calls an upstream outside any request, then it adds no correlation headers', async () => {
    await server.context.upstreams.vehicles.GET('/v1/geolocation', {} as never).catch(() => undefined);
    expect(seen.length).toBe(1);
    expect(seen[0]!.headers.get('x-request-id')).toBeNull();
    expect(seen[0]!.headers.get('traceparent')).toBeNull();
  });
});
