/**
 * Redis going away under a proxy instance (issue 16: "A lost Redis connection answers 503
 * problem+json for what needs it, logs, reconnects, and never answers as if a shopper were logged
 * out"; test 6: "afterwards the shopper's session and basket are still there"). Every answer is
 * checked against proxy.yaml.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../mocks/sandbox/src/sandbox.ts';
import type { ProxyServer } from '../server.ts';
import { startTestServer, testConfig } from '../test-helpers.ts';
import { expectConforms } from '../testing/conformance.ts';
import { redisServerBinary, startRedisServer, type RedisServer } from '../testing/redis-server.ts';
import { TestShopper } from '../testing/shop-client.ts';

const redis = redisServerBinary();
const STORE_UNAVAILABLE = 'https://shop.example/problems/session-store-unavailable';

describe.skipIf(!redis.path)('Redis lost and back', () => {
  let redisServer: RedisServer;
  let sandbox: Sandbox;
  let server: ProxyServer;
  let url: (path: string) => string;
  let root = '';

  beforeAll(async () => {
    redisServer = await startRedisServer(redis.path!);
    sandbox = buildSandbox();
    root = `http://localhost:${await sandbox.start(0)}`;
    ({ server, url } = await startTestServer(testConfig({ SANDBOX_URL: root, REDIS_URL: redisServer.url })));
  });
  afterAll(async () => {
    await server?.stop();
    await sandbox?.stop();
    await redisServer?.dispose();
  });
  beforeEach(async () => {
    await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
  });

  /** Waits until the instance is ready again (its client reconnected). */
  const ready = async () => {
    for (let i = 0; i < 100; i += 1) {
      if ((await fetch(url('/api/readyz'))).status === 200) return;
      await sleep(100);
    }
    throw new Error('not ready again after Redis came back');
  };

  it('when Redis is stopped, then what needs it answers 503 problem+json (no new session, no 401), readyz too; back, the same session and basket', async () => {
    const shopper = await new TestShopper(url).start();
    const page = await shopper.call(
      'getRenewalPage',
      'GET',
      '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001&locale=en-GB',
    );
    expect(page.response.status).toBe(200);
    const renewed = await shopper.call('renewItem', 'POST', '/api/basket/items', {
      productId: 'cn-connected-navigation',
      variantId: 'cn-connected-navigation-12m',
    });
    expect(renewed.response.status).toBe(200);
    const before = await shopper.call('getSession', 'GET', '/api/session');
    expect(before.body).toMatchObject({ authType: 'guest', basketItemCount: 1 });
    const { cookie } = shopper.credentials();

    await redisServer.stop();
    const answers = [
      await shopper.call('getSession', 'GET', '/api/session'),
      await shopper.call('getBasket', 'GET', '/api/basket'),
      // The CSRF check needs the session: a 503, not a 403.
      await shopper.call('removeItem', 'DELETE', '/api/basket/items/any'),
      // An account page needs a customer's session: a 503, not a 401 (never "logged out").
      await shopper.call('getAccountOverview', 'GET', '/api/account/overview'),
      // A rate-limited operation needs its shared counter.
      await shopper.call('startLogin', 'GET', '/api/session/login'),
    ];
    for (const { response, body } of answers) {
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(body.type).toBe(STORE_UNAVAILABLE);
      // No new session over the old cookie.
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect(shopper.credentials().cookie).toBe(cookie);
    const notReady = await fetch(url('/api/readyz'));
    expect(notReady.status).toBe(503);
    expectConforms('readyz', notReady, await notReady.json());

    await redisServer.start();
    await ready();
    const after = await shopper.call('getSession', 'GET', '/api/session');
    expect(after.response.status).toBe(200);
    expect(after.body).toEqual(before.body);
    const basket = await shopper.call('getBasket', 'GET', '/api/basket');
    expect(basket.response.status).toBe(200);
    expect(basket.body.items).toHaveLength(1);
    const readyAgain = await fetch(url('/api/readyz'), { headers: { accept: 'application/json' } });
    expect(await readyAgain.json()).toMatchObject({ status: 'ready', checks: { redis: 'ok' } });
  });

  it('when Redis restarts between two requests, then the client reconnects by itself and the session is kept', async () => {
    const shopper = await new TestShopper(url).start('?locale=de-DE');
    const { csrf } = shopper.credentials();
    await redisServer.restart();
    await ready();
    const again = await shopper.call('getSession', 'GET', '/api/session');
    expect(again.body).toMatchObject({ csrfToken: csrf, locale: 'de-DE' });
  });
});
