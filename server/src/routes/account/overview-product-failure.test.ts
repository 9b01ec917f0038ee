/**
 * My Overview when a service's product cannot be loaded (account §2 My Overview "If a product cannot
 * be loaded for a service, the error is logged and that service is skipped", §8 "Product load errors
 * on the overview are logged and that service is skipped"), through the proxy against the in-process
 * sandbox. The proxy here writes its error lines to a stream the test reads (as
 * upstream/correlation.test.ts does), so the logging is asserted, not only the skipping.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../../mocks/sandbox/src/sandbox.ts';
import { createLogger } from '../../logger.ts';
import { createServer, type ProxyServer } from '../../server.ts';
import { testConfig } from '../../test-helpers.ts';
import { logIn, ShopBrowser, type ShopUnderTest } from '../../testing/shop-browser.ts';

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

const out = sink();
let sandbox: Sandbox | undefined;
let server: ProxyServer | undefined;
let proxy = '';

beforeAll(async () => {
  sandbox = buildSandbox();
  const config = testConfig({ SANDBOX_URL: `http://localhost:${await sandbox.start(0)}`, RATE_LIMIT_LOGIN: '1000' });
  server = createServer(config, { logger: createLogger('error', 'json', out.stream), serveClient: false });
  proxy = `http://127.0.0.1:${await server.start(0)}`;
});
afterAll(async () => {
  await server?.stop();
  await sandbox?.stop();
});

const shop: ShopUnderTest = {
  get server() {
    return server!;
  },
  url: (path) => `${proxy}${path}`,
  get root() {
    return sandbox!.context.baseUrl();
  },
};

/** The shopper product read of Connected Navigation, and nothing else of the commerce platform. */
const PRODUCT_PATH = '^/product/shopper-products/v1/organizations/[^/]+/products/cn-connected-navigation$';

describe('getAccountOverview', () => {
  it("§2 My Overview, §8: when the service's product read fails (that path only), then the service is skipped, the page still answers with the vehicle's picture, and the error is logged with the product and the service", async () => {
    const alex = new ShopBrowser(shop);
    await logIn(alex);
    const aimed = await fetch(`${shop.root}/__sandbox/faults/commerce`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 500, method: 'GET', path: PRODUCT_PATH }),
    });
    expect(aimed.status).toBe(200);
    const { response, body } = await alex.call('getAccountOverview', '/api/account/overview?carvin=ZAAAA1000AA000001');
    expect(response.status).toBe(200);
    expect(body.expiringServices).toEqual([]);
    // The rest of the commerce platform answered: the vehicle's picture is its model's (content asset).
    expect(body.vehicle).toMatchObject({ vin: 'ZAAAA1000AA000001' });
    expect(body.vehicle.imageUrl).toMatch(/\/images\/my-services-sport-tourer\.jpg$/);

    const skipped = () => out.entries().filter((e) => e.msg === 'overview: product not loaded, service skipped');
    await vi.waitFor(() => expect(skipped()).toHaveLength(1));
    expect(skipped()[0]).toMatchObject({
      level: 50,
      productId: 'cn-connected-navigation',
      subscriptionId: '02iSB0000000001AAA',
      err: expect.objectContaining({ message: expect.stringContaining('cn-connected-navigation') }),
    });
  });
});
