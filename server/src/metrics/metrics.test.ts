/**
 * Issue 16, metrics with prom-client on a separate port: GET /metrics on METRICS_PORT in
 * Prometheus's text format (never on the public port), request latency per operationId and status
 * class, upstream latency and errors per upstream and status, place-order outcomes, session store
 * errors, Node's process metrics; one registry per server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { buildSandbox } from '../../../mocks/sandbox/src/sandbox.ts';
import type { Sandbox } from '../../../mocks/sandbox/src/app.ts';
import { createServer, type ProxyServer } from '../server.ts';
import { payStripe } from '../testing/payments.ts';
import { readyBasket, TestShopper } from '../testing/shop-client.ts';
import { configProblems, testConfig } from '../test-helpers.ts';
import { operationLabel } from './http.ts';

/** The value of the first series of `name` having `labels` in a Prometheus text exposition; undefined when none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const series = /\{(.*)\}/.exec(line)?.[1] ?? '';
    const have = Object.fromEntries([...series.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(line.split(' ').pop());
  }
  return undefined;
}

describe('operationLabel', () => {
  it.each([
    ['GET', '/api/healthz', 'healthz'],
    ['HEAD', '/api/healthz', 'healthz'],
    ['POST', '/api/checkout/orders', 'placeOrder'],
    ['GET', '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001', 'getRenewalPage'],
    ['DELETE', '/api/basket/items/abc123', 'removeItem'],
    ['GET', '/api/account/orders/0001/invoice', 'getInvoiceDocument'],
    ['GET', '/api/no-such-thing/42', 'not-found'],
    ['PATCH', '/api/checkout/orders', 'not-found'],
    ['GET', '/en-GB/renewal/cn-connected-navigation', 'page'],
    ['GET', '/assets/index-3f2a9c.js', 'static'],
    ['POST', '/en-GB/renew', 'form'],
    ['OPTIONS', '/', 'other'],
  ])('when %s %s, then the operation label is %s', (method, url, label) => {
    expect(operationLabel(method, url)).toBe(label);
  });
});

describe('METRICS_PORT', () => {
  it('when it is unset, then there is no metrics listener; 0 picks a port; the public port is refused', () => {
    expect(testConfig().metrics).toBeUndefined();
    expect(testConfig({ METRICS_PORT: '' }).metrics).toBeUndefined();
    expect(testConfig({ METRICS_PORT: '0' }).metrics).toEqual({ port: 0 });
    expect(testConfig({ METRICS_PORT: '9464', METRICS_HOST: '127.0.0.1' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(configProblems({ PORT: '9464', METRICS_PORT: '9464' })).toEqual([
      'METRICS_PORT: must differ from PORT (the metrics are never served on the public port)',
    ]);
    expect(configProblems({ METRICS_PORT: 'nine' })[0]).toMatch(/^METRICS_PORT/);
  });
});

describe('the metrics of a proxy against the sandbox', () => {
  let sandbox: Sandbox;
  let server: ProxyServer;
  let other: ProxyServer;
  let proxy = '';
  let metricsUrl = '';
  const url = (path: string) => `${proxy}${path}`;
  const scrape = async () => (await fetch(metricsUrl)).text();

  beforeAll(async () => {
    sandbox = buildSandbox();
    const sandboxPort = await sandbox.start(0);
    const config = testConfig({
      SANDBOX_URL: `http://localhost:${sandboxPort}`,
      METRICS_PORT: '0',
      METRICS_HOST: '127.0.0.1',
      RATE_LIMIT_PAYMENT: '1000',
      UPSTREAM_RETRIES: '0',
    });
    server = createServer(config, { logger: pino({ level: 'silent' }), serveClient: false });
    proxy = `http://127.0.0.1:${await server.start(0)}`;
    metricsUrl = `http://127.0.0.1:${server.metricsPort()!}/metrics`;
    // A second instance in the same process: its own registry, no "already registered" clash.
    other = createServer(config, { logger: pino({ level: 'silent' }), serveClient: false });
    await other.start(0);
  });
  afterAll(async () => {
    await other?.stop();
    await server?.stop();
    await sandbox?.stop();
  });

  it('when /metrics is asked on the metrics port, then Prometheus text with the process metrics; on the public port, 404', async () => {
    const answer = await fetch(metricsUrl);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE proxy_http_request_duration_seconds histogram');

    expect((await fetch(url('/metrics'))).status).toBe(404);
    expect((await fetch(url('/api/metrics'))).status).toBe(404);
    expect((await fetch(metricsUrl.replace('/metrics', '/api/healthz'))).status).toBe(404);
    expect(other.metricsPort()).not.toBe(server.metricsPort());
  });

  it('when requests are answered, then the histogram counts them by operationId and status class', async () => {
    const before = (await scrape()).toString();
    const count = (text: string, operation: string, statusClass: string) =>
      sample(text, 'proxy_http_request_duration_seconds_count', { operation, status_class: statusClass }) ?? 0;
    await fetch(url('/api/healthz'));
    await fetch(url('/api/healthz'));
    await fetch(url('/api/nowhere'));
    await fetch(url('/en-GB/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001'));
    const after = await scrape();
    expect(count(after, 'healthz', '2xx') - count(before, 'healthz', '2xx')).toBe(2);
    expect(count(after, 'not-found', '4xx') - count(before, 'not-found', '4xx')).toBe(1);
    expect(count(after, 'page', '4xx') - count(before, 'page', '4xx')).toBe(1);
    // The raw path or its query never becomes a label.
    expect(after).not.toMatch(/nowhere|ZAAAA1000AA000001|en-GB/);
    expect(sample(after, 'proxy_http_requests_in_flight')).toBe(0);
  });

  it('when a journey pays, then its upstream calls, the failed ones and the place-order outcomes are counted', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const declined = await payStripe(shopper, '4000000000000002');
    expect(declined.response.status).toBe(402);
    const paid = await payStripe(shopper, '4242424242424242');
    expect(paid.response.status).toBe(201);
    let text = await scrape();
    expect(sample(text, 'proxy_place_order_outcomes_total', { operation: 'placeOrder', outcome: 'refused' })).toBe(1);
    expect(sample(text, 'proxy_place_order_outcomes_total', { operation: 'placeOrder', outcome: 'orderPlaced' })).toBe(
      1,
    );
    for (const statusClass of ['2xx', '4xx'])
      expect(
        sample(text, 'proxy_http_request_duration_seconds_count', {
          operation: 'placeOrder',
          status_class: statusClass,
        }),
      ).toBe(1);
    expect(
      sample(text, 'proxy_upstream_request_duration_seconds_count', { upstream: 'stripe', status: '200' }),
    ).toBeGreaterThan(0);
    expect(
      sample(text, 'proxy_upstream_request_duration_seconds_count', { upstream: 'commerce', status: '200' }),
    ).toBeGreaterThan(0);

    // The vehicles upstream failing: an error per upstream and status, and the page still answers.
    sandbox.context.faults.set('vehicles', { status: 503, remaining: 1 });
    await shopper.call(
      'getRenewalPage',
      'GET',
      '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000002&locale=en-GB',
    );
    text = await scrape();
    expect(sample(text, 'proxy_upstream_errors_total', { upstream: 'vehicles', status: '503' })).toBe(1);
    expect(sample(text, 'proxy_upstream_request_duration_seconds_count', { upstream: 'vehicles', status: '503' })).toBe(
      1,
    );
  });

  it('when the session store fails, then sessionStoreErrors counts it', async () => {
    server.context.metrics!.sessionStoreErrors.inc();
    expect(sample(await scrape(), 'proxy_session_store_errors_total')).toBe(1);
    expect(
      sample(
        await (await fetch(`http://127.0.0.1:${other.metricsPort()!}/metrics`)).text(),
        'proxy_session_store_errors_total',
      ),
    ).toBe(0);
  });
});
