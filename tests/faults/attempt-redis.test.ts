/**
 * Redis lost after the provider acted (issue 29 path 4): with REDIS_URL the sessions and the
 * order-attempt journal live in Redis. Redis is stopped while the commerce platform places the paid
 * order (a latency fault holds the update), so the session write that follows fails and the shopper
 * is answered 503. The order is placed all the same, the journal (AOF) ends the attempt once Redis is
 * back, and the shopper's next request shows the order: never an empty basket with the money taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../mocks/sandbox/src/sandbox.ts';
import { adyenLedger } from '../../mocks/sandbox/src/upstreams/adyen/index.ts';
import { state as commerce } from '../../mocks/sandbox/src/upstreams/commerce/state.ts';
import type { AttemptOwner } from '../../server/src/services/attempts/attempts.ts';
import type { ProxyServer } from '../../server/src/server.ts';
import { startTestServer, testConfig } from '../../server/src/test-helpers.ts';
import { newKey } from '../../server/src/testing/payments.ts';
import { redisServerBinary, startRedisServer, type RedisServer } from '../../server/src/testing/redis-server.ts';
import { waitUntil } from '../scale/lib/processes.ts';
import { pay, readyGuest } from './lib/journeys.ts';
import type { FaultStack } from './lib/stack.ts';

const redis = redisServerBinary();
const HOLD_MS = 2500;

describe.skipIf(!redis.path)('Redis stopped at the session write after the provider acted', () => {
  let redisServer: RedisServer;
  let sandbox: Sandbox;
  let server: ProxyServer;
  let stack: FaultStack;

  beforeAll(async () => {
    redisServer = await startRedisServer(redis.path!);
    sandbox = buildSandbox();
    const root = `http://localhost:${await sandbox.start(0)}`;
    let url: (path: string) => string;
    ({ server, url } = await startTestServer(
      testConfig({
        SANDBOX_URL: root,
        REDIS_URL: redisServer.url,
        UPSTREAM_TIMEOUT_MS: String(HOLD_MS * 2),
        ORDER_ATTEMPT_HORIZON_MS: '300',
        RECONCILE_INTERVAL_MS: '0',
        RATE_LIMIT_PAYMENT: '1000',
      }),
    ));
    stack = { url: (path: string) => url(path) } as FaultStack;
  });
  afterAll(async () => {
    await server?.stop();
    await sandbox?.stop();
    await redisServer?.dispose();
  });

  // FR: Adyen authorises money (a Stripe market's SetupIntent only saves the card). The retry waits for the
  // first request's place-order lock to expire (its release was lost with Redis): about 15 s.
  it.each(['FR'] as const)('%s: the order is placed and the next request shows it', async (market) => {
    await fetch(`${sandbox.context.baseUrl()}/__sandbox/reset`, { method: 'POST' });
    const seed = new Set(commerce.orders.keys());
    const from = adyenLedger().length;
    const shopper = await readyGuest(stack, market);
    sandbox.context.faults.set('commerce', {
      method: 'PATCH',
      path: '^/s/[^/]+/dw/shop/v24_5/orders/',
      latencyMs: HOLD_MS,
      remaining: 1,
    });
    const key = newKey();
    const answer = pay(shopper, market, '4242424242424242', key);
    await waitUntil('the update is held', async () => !sandbox.context.faults.list().commerce, { timeoutMs: 15_000 });
    await redisServer.stop();
    const { response, body } = await answer;
    expect(response.status, JSON.stringify(body)).toBe(503);
    const orders = [...commerce.orders.values()].filter((o) => !seed.has(o.orderNo));
    expect(
      orders.map((o) => o.status),
      'the paid order placed',
    ).toEqual(['new']);
    const orderNo = orders[0]!.orderNo;

    await redisServer.start();
    await waitUntil('ready again', async () => (await fetch(stack.url('/api/readyz'))).status === 200, {
      timeoutMs: 15_000,
    });
    // The shopper pays again, as the checkout lets them after an error: they are shown their order.
    const again = await pay(shopper, market, '4242424242424242', key);
    expect(again.response.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toMatchObject({ outcome: 'orderPlaced', orderNo });
    const confirmation = await shopper.call('getOrderConfirmation', 'GET', `/api/checkout/confirmation/${orderNo}`);
    expect(confirmation.response.status).toBe(200);
    // One order, one charge; the journal's attempt ends placed once the reconciler passes.
    expect([...commerce.orders.values()].filter((o) => !seed.has(o.orderNo))).toHaveLength(1);
    if (market === 'FR')
      expect(
        adyenLedger()
          .slice(from)
          .filter((c) => !c.reversed),
      ).toHaveLength(1);
    const owner = server.context.attempts as AttemptOwner;
    await new Promise((resolve) => setTimeout(resolve, 400));
    await owner.reconcile();
    expect((await owner.store.findByReference(orderNo))?.state).toBe('placed');
  });
});
