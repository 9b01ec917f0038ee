/**
 * `make verify-upstream` (issue 15): the shop's journeys, with one upstream's calls going through
 * `prism proxy openapi/upstream/<name>.yaml <url> --errors` (tests/contract/lib/prism-proxy.ts),
 * every other upstream the sandbox's. Each call that breaks the contract, the shop's request or the
 * service's answer, is printed with the call. In `make test` every upstream's calls go through their
 * own proxy at once, against the sandbox, and it expects none; a team points it at its own service with
 * `make verify-upstream NAME=<contract> URL=<base url>` (README "Validating an upstream service").
 *
 * The journeys: a guest in GB renews and pays by card (Stripe) after an address lookup; a guest in
 * France pays by card (Adyen); alex signs in and opens his subscriptions, orders, an order and his
 * payment method; the maintenance status and content come with every page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../mocks/sandbox/src/sandbox.ts';
import type { Sandbox } from '../../mocks/sandbox/src/app.ts';
import { BASE_URL_ENV, sandboxBaseUrls, type UpstreamName } from '../../server/src/config.ts';
import type { ProxyServer } from '../../server/src/server.ts';
import { startTestServer, testConfig } from '../../server/src/test-helpers.ts';
import { FR_ADDRESS, payAdyen, payStripe } from '../../server/src/testing/payments.ts';
import { logIn, ShopBrowser } from '../../server/src/testing/shop-browser.ts';
import { readyBasket, TestShopper } from '../../server/src/testing/shop-client.ts';
import { UPSTREAMS, type Upstream } from './lib/openapi.ts';
import { report, startPrismProxy, type PrismProxy } from './lib/prism-proxy.ts';

/** `make verify-upstream NAME=… URL=…`: one upstream and the service's base URL; otherwise all against the sandbox. */
const only = process.env.VERIFY_UPSTREAM as Upstream | undefined;
const targetUrl = process.env.VERIFY_UPSTREAM_URL?.trim() || undefined;
if (only && !UPSTREAMS.includes(only)) throw new Error(`NAME must be one of ${UPSTREAMS.join(', ')}`);
const names = only ? [only] : [...UPSTREAMS];

/** The shop's base URL settings an upstream's contract covers (the commerce contract: SCAPI and the classic API). */
const SETTINGS: Record<Upstream, UpstreamName[]> = {
  commerce: ['commerce', 'commerceClassic'],
  som: ['som'],
  vehicles: ['vehicles'],
  identity: ['identity'],
  adyen: ['adyen'],
  stripe: ['stripe'],
  loqate: ['loqate'],
};

// Every contract's proxy at once, the journeys once: each upstream's calls go through its own proxy,
// so a violation is still named with its contract (issue 32: seven sandboxes, proxies and proxy
// servers, one after the other, ran the same journeys seven times).
describe(`the shop against ${names.join(', ')} through prism proxy --errors`, () => {
  let sandbox: Sandbox;
  const proxies = new Map<Upstream, PrismProxy>();
  let server: ProxyServer;
  let url: (path: string) => string;
  let root = '';

  beforeAll(async () => {
    sandbox = buildSandbox();
    const port = await sandbox.start(0);
    root = sandbox.context.baseUrl();
    await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
    const defaults = sandboxBaseUrls(`http://localhost:${port}`);
    const env: Record<string, string> = {
      SANDBOX_URL: `http://localhost:${port}`,
      RATE_LIMIT_PAYMENT: '1000',
      RATE_LIMIT_LOGIN: '1000',
    };
    await Promise.all(
      names.map(async (name) => {
        const proxy = await startPrismProxy(name, targetUrl ?? defaults[SETTINGS[name][0]!]);
        proxies.set(name, proxy);
        for (const setting of SETTINGS[name]) env[BASE_URL_ENV[setting]] = proxy.url;
      }),
    );
    ({ server, url } = await startTestServer(testConfig(env)));
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all([...proxies.values()].map((proxy) => proxy.stop()));
    await sandbox?.stop();
  });

  it('when a guest in GB looks an address up, renews and pays by card, then every call keeps to the contract', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    await shopper.call('findAddresses', 'GET', '/api/address/find?text=10%20Downing&countries=GB');
    const paid = await payStripe(shopper, '4242424242424242');
    expect(paid.response.status).toBe(201);
    await shopper.call('getOrderConfirmation', 'GET', `/api/checkout/confirmation/${paid.body.orderNo}`);
  });

  it('when a guest in France pays by card, then every call keeps to the contract', async () => {
    const shopper = await new TestShopper(url).start('?locale=fr-FR');
    await readyBasket(shopper, { vin: 'ZAAAA1000AA000004', locale: 'fr-FR', address: FR_ADDRESS });
    const paid = await payAdyen(shopper, '4242424242424242');
    expect(paid.response.status).toBe(201);
  });

  it('when alex signs in and opens his account, then every call keeps to the contract', async () => {
    const browser = new ShopBrowser({ server, url, root } as never);
    await logIn(browser, 'alex');
    await browser.call('listSubscriptions', '/api/account/subscriptions');
    const orders = await browser.call('listOrders', '/api/account/orders');
    const first = orders.body.orders?.[0];
    if (first) await browser.call('getOrder', `/api/account/orders/${first.id}/${first.orderNo}`);
    await browser.call('getPaymentMethod', '/api/account/payment-method');
  });

  it.each(names)('then no call to %s broke its contract', (name) => {
    const proxy = proxies.get(name)!;
    console.log(report(name, proxy));
    expect(proxy.calls.length, `no call reached ${name}: the journeys do not use it`).toBeGreaterThan(0);
    expect(proxy.violations, report(name, proxy)).toEqual([]);
  });
});
