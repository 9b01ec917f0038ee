/**
 * Two proxy instances sharing one Redis (REDIS_URL) in front of the in-process sandbox, as behind a
 * load balancer (issue 16, "Shared state in Redis" and "Session hygiene across instances"): a
 * session opened on one is the other's, a login started on one completes on the other, a double
 * place-order sent to both at once is one order, and a rate limit counts across both.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../mocks/sandbox/src/sandbox.ts';
import type { ProxyServer } from '../server.ts';
import { startTestServer, testConfig } from '../test-helpers.ts';
import { newKey, token } from '../testing/payments.ts';
import { redisServerBinary, startRedisServer, type RedisServer } from '../testing/redis-server.ts';
import { emailOf, signIn } from '../testing/shop-browser.ts';
import { readyBasket, TestShopper } from '../testing/shop-client.ts';
import { RATE_LIMIT_KEY_PREFIX } from './redis-rate-limit-store.ts';

const redis = redisServerBinary();

describe.skipIf(!redis.path)('two instances sharing Redis', () => {
  let redisServer: RedisServer;
  let sandbox: Sandbox;
  let root = '';
  const instances: { server: ProxyServer; url: (path: string) => string }[] = [];
  const [a, b] = [(path: string) => instances[0]!.url(path), (path: string) => instances[1]!.url(path)];
  /** A load balancer's round robin: each request goes to the other instance. */
  const alternating = () => {
    let next = 0;
    return (path: string) => instances[next++ % 2]!.url(path);
  };

  beforeAll(async () => {
    redisServer = await startRedisServer(redis.path!);
    sandbox = buildSandbox();
    root = `http://localhost:${await sandbox.start(0)}`;
    const config = testConfig({
      SANDBOX_URL: root,
      REDIS_URL: redisServer.url,
      RATE_LIMIT_LOGIN: '3',
      RATE_LIMIT_PAYMENT: '1000',
    });
    instances.push(await startTestServer(config), await startTestServer(config));
  });
  afterAll(async () => {
    for (const { server } of instances) await server.stop();
    await sandbox?.stop();
    await redisServer?.dispose();
  });
  beforeEach(async () => {
    await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
  });

  it('when a session is opened on one instance, then the other serves the same session', async () => {
    const first = await new TestShopper(a).start('?locale=fr-FR');
    const { cookie, csrf } = first.credentials();
    const onB = await fetch(b('/api/session'), { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ csrfToken: csrf, locale: 'fr-FR', authType: 'none' });
    // A state-changing call on the other instance passes its CSRF check with the same token.
    const guest = await fetch(b('/api/session/guest'), {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf },
    });
    expect(guest.status).toBe(201);
    expect((await (await fetch(a('/api/session'), { headers: { cookie } })).json()).authType).toBe('guest');
  });

  it('when alex’s login starts on one instance and the identity provider returns to the other, then he is signed in on both', async () => {
    const alex = new TestShopper(a);
    await alex.start();
    const started = await alex.call('startLogin', 'GET', '/api/session/login?returnTo=%2Faccount');
    expect(started.response.status).toBe(200);
    const back = await signIn(root, started.body.authorizeUrl, emailOf('alex'));
    // The started login rotated the session (storefront §4): the page the browser is sent back to reads it again.
    await alex.start();
    const { cookie, csrf } = alex.credentials();
    const onB = new TestShopper(b);
    Object.assign(onB, { cookie, csrf });
    const done = await onB.call('completeLogin', 'POST', '/api/session/login/callback', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      kind: 'forgerock',
    });
    expect(done.response.status).toBe(200);
    expect(done.body).toMatchObject({ redirectTo: '/account', session: { authType: 'registered' } });
    const registered = onB.credentials().cookie;
    expect(registered).not.toBe(cookie);
    const onA = await fetch(a('/api/session'), { headers: { cookie: registered } });
    expect(await onA.json()).toMatchObject({ authType: 'registered', customer: { firstName: 'Alex' } });
  });

  it('when the same place-order is sent at once to both instances, then one order and the same answer twice', async () => {
    const shopper = new TestShopper(alternating());
    await shopper.start();
    await readyBasket(shopper);
    const card = await token(shopper, '4242424242424242');
    const key = newKey();
    const { cookie, csrf } = shopper.credentials();
    const place = (url: (path: string) => string, idempotencyKey: string) =>
      fetch(url('/api/checkout/orders'), {
        method: 'POST',
        headers: {
          cookie,
          'x-csrf-token': csrf,
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey,
        },
        body: JSON.stringify({ provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken: card.token }),
      });
    const [onA, onB] = await Promise.all([place(a, key), place(b, key)]);
    expect([onA.status, onB.status]).toEqual([201, 201]);
    const [first, second] = await Promise.all([onA.json(), onB.json()]);
    expect(first).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
    expect(second).toEqual(first);
    // The basket became that one order: another attempt (another tab, a lost answer) is told of it (issue 17).
    const again = await place(a, newKey());
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(first);
  });

  it('when one client calls a limited operation on both instances in turn, then the limit counts across both', async () => {
    const cleanup = await fetch(a('/api/session'));
    expect(cleanup.status).toBe(200);
    // Counters of earlier tests in this window are dropped (the login group's, by key prefix).
    const client = instances[0]!.server.context.sharedState!.client;
    const keys = await client.keys(`${RATE_LIMIT_KEY_PREFIX}login:*`);
    if (keys.length) await client.del(keys);
    const url = alternating();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await fetch(url('/api/session/login'))).status);
    // RATE_LIMIT_LOGIN is 3: two calls on each instance are four against one shared count.
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await fetch(a('/api/session/login'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
