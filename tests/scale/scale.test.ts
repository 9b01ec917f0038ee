/**
 * Issue 16, "Tests": the shop scaled out. Redis, two proxy instances with the same SESSION_SECRET
 * and REDIS_URL, and nginx round-robin in front of them (deploy/nginx/shop.conf), on ports of their
 * own (lib/cluster.ts), prove that any instance serves any request of a shopper's journey, that the
 * state a double submit and the rate limits rely on is shared, that an instance drains on SIGTERM
 * and that a Redis restart answers 503 problem+json, never 500, and loses nothing.
 *
 * nginx alternates on every request (one worker, equal weights), so consecutive calls of a journey
 * are answered by different instances; each answer names its instance in X-Upstream-Addr.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectMoneyInvariant } from '../../server/src/testing/money-invariant.ts';
import { challenge, confirmStripeReturn, newKey, payStripe, token } from '../../server/src/testing/payments.ts';
import { emailOf, signIn } from '../../server/src/testing/shop-browser.ts';
import { readyBasket, TestShopper } from '../../server/src/testing/shop-client.ts';
import { Cluster, type Instance } from './lib/cluster.ts';
import { waitUntil } from './lib/processes.ts';
import { ProviderState } from '../../server/src/testing/provider-state.ts';
import { alternated, ClusterShopper } from './lib/shopper.ts';
import { scaleTools, SKIP_SCALE_TESTS } from './lib/tools.ts';

// Low for address lookups only (lib/cluster.ts keeps the other groups out of the way).
const ADDRESS_LIMIT = 4;
const CARD = '4242424242424242';
const THREE_D_SECURE_CARD = '4000002760003184';
/** How long an order attempt rests before a reconciler drives it on (well above any request here). */
const HORIZON_MS = 3000;

/** A counter's value in an instance's Prometheus text, summed over the series matching `labels`. */
async function counter(instance: { metricsUrl: string }, name: string, labels: string): Promise<number> {
  const text = await (await fetch(instance.metricsUrl)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && line.includes(labels))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

describe.skipIf(SKIP_SCALE_TESTS)('two proxy instances behind nginx, sharing Redis (issue 16)', () => {
  let cluster: Cluster | undefined;
  const providers = new ProviderState();
  const up = () => {
    if (!cluster) throw new Error('the cluster did not start (see the first failure)');
    return cluster;
  };
  const sandbox = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${up().sandboxRoot}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  };
  const shopper = () => new ClusterShopper(up()).start();

  // Installing redis-server and nginx (lib/tools.ts) may take minutes on a fresh machine.
  beforeAll(async () => {
    cluster = await Cluster.start(scaleTools(), {
      proxyEnv: {
        RATE_LIMIT_ADDRESS: String(ADDRESS_LIMIT),
        // Test 7: the order-attempt reconcilers of both instances act within seconds (issue 29).
        ORDER_ATTEMPT_HORIZON_MS: String(HORIZON_MS),
        RECONCILE_INTERVAL_MS: '500',
      },
    });
  }, 600_000);
  afterAll(async () => {
    await cluster?.stop();
  });
  beforeEach(async (context) => {
    context.onTestFailed(() => console.error(`${context.task.name}\n\n${cluster?.report() ?? ''}`));
    // Each test starts from both instances in the rotation, whatever the one before it left.
    await up().ensureWhole();
    await sandbox('POST', '/__sandbox/reset');
    providers.mark();
  });
  // Each test ends with the money invariant (issue 29): what the sandbox's providers hold, whichever
  // instance acted, belongs to a placed order, and no order is left created past the horizon.
  afterEach(async () => {
    if (cluster) await expectMoneyInvariant(cluster.sandboxRoot);
  });

  it('when requests go through nginx, then they alternate between the two instances (the harness)', async () => {
    const served = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await fetch(up().url('/api/healthz'));
      expect(response.status).toBe(200);
      served.push({ operationId: 'healthz', status: 200, instance: up().servedBy(response)?.name });
    }
    expect(alternated(served), JSON.stringify(served)).toBe(true);
  });

  describe('1. a guest renewal while nginx alternates instances on every request', () => {
    it('when a guest renews with 4242, from the renewal call to the confirmation, then the order is placed', async () => {
      const guest = await shopper();
      await readyBasket(guest);
      const paid = await payStripe(guest, CARD);
      expect(paid.response.status).toBe(201);
      expect(paid.body).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
      const confirmation = await guest.call(
        'getOrderConfirmation',
        'GET',
        `/api/checkout/confirmation/${paid.body.orderNo}`,
      );
      expect(confirmation.response.status).toBe(200);
      expect(confirmation.body).toMatchObject({ orderNo: paid.body.orderNo, status: 'new' });
      expect(alternated(guest.served), JSON.stringify(guest.served)).toBe(true);
      expect(providers.newOrders().map((order) => order.status)).toEqual(['new']);
    });

    it('when the card asks for 3-D Secure, then the challenge returns to the other instance and the order is placed', async () => {
      const guest = await shopper();
      await readyBasket(guest);
      const first = await payStripe(guest, THREE_D_SECURE_CARD);
      expect(first.response.status).toBe(202);
      expect(first.body).toMatchObject({ outcome: 'actionRequired', actionType: 'threeDSecure' });
      const placedOn = guest.lastInstance();
      const back = await challenge(first.body.redirectUrl, 'complete');
      const confirmed = await confirmStripeReturn(guest, back);
      expect(guest.lastInstance()).not.toBe(placedOn);
      expect(confirmed.response.status).toBe(200);
      expect(confirmed.body).toMatchObject({ outcome: 'orderPlaced', orderNo: first.body.orderNo, status: 'new' });
      expect(alternated(guest.served), JSON.stringify(guest.served)).toBe(true);
    });
  });

  it('2. when alex signs in, with the authorize on one instance and the callback on the other, then he is signed in', async () => {
    const alex = await shopper();
    await alex.call('createGuestSession', 'POST', '/api/session/guest');
    const started = await alex.call('startLogin', 'GET', '/api/session/login?returnTo=%2Faccount%2Fmy-subscriptions');
    expect(started.response.status).toBe(200);
    const authorizedOn = alex.lastInstance();
    const before = alex.credentials().cookie;
    const back = await signIn(up().sandboxRoot, started.body.authorizeUrl, emailOf('alex'));
    // The browser comes back to the callback page, which reads the session the started login rotated
    // (storefront §4), then sends the code: page, session and callback each on the next instance.
    await alex.plain('GET', `${back.pathname}${back.search}`);
    await alex.start();
    const completed = await alex.call('completeLogin', 'POST', '/api/session/login/callback', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      kind: 'forgerock',
    });
    expect(alex.lastInstance()).not.toBe(authorizedOn);
    expect(completed.response.status).toBe(200);
    expect(completed.body).toMatchObject({
      redirectTo: '/account/my-subscriptions',
      session: { authType: 'registered', customer: { firstName: 'Alex', email: emailOf('alex') } },
    });
    // Session hygiene (issue 16): a new session id at login, accepted by both instances.
    expect(alex.credentials().cookie).not.toBe(before);
    for (let i = 0; i < 2; i += 1) {
      const session = await alex.call('getSession', 'GET', '/api/session');
      expect(session.body).toMatchObject({ authType: 'registered', customer: { firstName: 'Alex' } });
    }
    expect(alternated(alex.served), JSON.stringify(alex.served)).toBe(true);
  });

  it('3. when two place-order requests for one basket reach both instances at once, then one order, one charge, and both answered with it', async () => {
    const guest = await shopper();
    await readyBasket(guest);
    // Two tabs: each with a card of its own and its own Idempotency-Key, straight to one instance each.
    const cards = [await token(guest, CARD), await token(guest, CARD)];
    const answers = await Promise.all(
      up().instances.map((instance, i) =>
        guest.plain('POST', '/api/checkout/orders', {
          to: instance,
          body: { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken: cards[i]!.token },
          headers: { 'idempotency-key': newKey() },
          timeoutMs: 30_000,
        }),
      ),
    );
    const summary = JSON.stringify(answers.map(({ status, body }) => ({ status, body })));
    // Both tabs are told of the one order: the second waits for the first (the shared lock) and finds
    // the basket became that order (issue 17, docs/decisions/022).
    expect(
      answers.map((answer) => answer.status),
      summary,
    ).toEqual([201, 201]);
    expect(answers[1]!.body, summary).toEqual(answers[0]!.body);
    // What the providers hold, not only what the proxy answered.
    const orders = providers.newOrders();
    expect(orders.map(({ orderNo, status }) => ({ orderNo, status }))).toEqual([
      { orderNo: answers[0]!.body.orderNo, status: 'new' },
    ]);
    expect(providers.charges().map((charge) => charge.outcome)).toEqual(['succeeded']);
  });

  it('4. when address lookups are spread over both instances, then the limit counts them together', async () => {
    const guest = await shopper();
    const answers = [];
    for (let i = 0; i < ADDRESS_LIMIT + 2; i += 1)
      answers.push(await guest.plain('GET', '/api/address/find?text=NW1%206XE&countries=GB'));
    const summary = JSON.stringify(answers.map(({ status, instance }) => ({ status, instance: instance?.name })));
    const allowed = answers.slice(0, ADDRESS_LIMIT);
    const limited = answers.slice(ADDRESS_LIMIT);
    expect(
      allowed.map((answer) => answer.status),
      summary,
    ).toEqual(allowed.map(() => 200));
    // Each instance has seen only half of the allowed lookups: only a shared count refuses these.
    expect(
      limited.map((answer) => answer.status),
      summary,
    ).toEqual([429, 429]);
    expect(new Set(limited.map((answer) => answer.instance?.name)).size, summary).toBe(2);
    expect(limited[0]!.contentType).toBe('application/problem+json');
  });

  it('5. when an instance gets SIGTERM mid-checkout, then its place-order completes and the journey ends on the other', async () => {
    const guest = await shopper();
    await readyBasket(guest);
    const card = await token(guest, CARD);
    // nginx's next pick is the instance that did not answer the last call: that one is stopped.
    const draining = up().other(guest.lastInstance());
    const survivor = up().other(draining);
    // Slow payments keep the place-order in flight once its order is written.
    await sandbox('PUT', '/__sandbox/faults/stripe', { latencyMs: 600 });
    const inFlight = guest.call(
      'placeOrder',
      'POST',
      '/api/checkout/orders',
      { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken: card.token },
      { 'idempotency-key': newKey() },
    );
    let answered = false;
    // Awaited below; a failure before that must not become an unhandled rejection.
    inFlight.then(
      () => (answered = true),
      () => (answered = true),
    );
    await waitUntil(
      'the order written (created), the payment under way',
      async () => answered || providers.newOrders().length > 0,
      { timeoutMs: 15_000, intervalMs: 20 },
    );
    expect(
      answered,
      `the place-order answered before its order was written: ${JSON.stringify(guest.served.at(-1))}`,
    ).toBe(false);
    const stopped = up().stopProxy(draining, 'SIGTERM');
    // Draining: not ready (503) or refusing connections, soon after the signal, while the place-order runs on.
    await waitUntil(
      'the draining instance not ready',
      () =>
        fetch(draining.url('/api/readyz'), { signal: AbortSignal.timeout(1000) }).then(
          async (response) => (await response.arrayBuffer(), response.status === 503),
          () => true,
        ),
      { timeoutMs: 3_000, intervalMs: 20 },
    );
    expect(answered, 'the place-order still in flight while the instance drains').toBe(false);

    const placed = await inFlight;
    expect(guest.lastInstance()).toBe(draining);
    expect(placed.response.status).toBe(201);
    expect(placed.body).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
    await sandbox('DELETE', '/__sandbox/faults');

    const journeyEnd = guest.served.length;
    const confirmation = await guest.call(
      'getOrderConfirmation',
      'GET',
      `/api/checkout/confirmation/${placed.body.orderNo}`,
    );
    expect(confirmation.response.status).toBe(200);
    expect(confirmation.body).toMatchObject({ orderNo: placed.body.orderNo, status: 'new' });
    expect((await guest.call('getSession', 'GET', '/api/session')).response.status).toBe(200);
    expect((await guest.call('getCheckoutState', 'GET', '/api/checkout')).response.status).toBe(409);
    expect(guest.served.slice(journeyEnd).map((s) => s.instance)).toEqual([
      survivor.name,
      survivor.name,
      survivor.name,
    ]);

    const exit = await stopped;
    expect(exit, 'a clean exit within a bounded time').toMatchObject({ code: 0, signal: null });
    expect(exit.ms).toBeLessThan(15_000);
    expect(providers.newOrders().map(({ orderNo, status }) => ({ orderNo, status }))).toEqual([
      { orderNo: placed.body.orderNo, status: 'new' },
    ]);
    expect(providers.charges().map((charge) => charge.outcome)).toEqual(['succeeded']);

    await up().startProxy(draining);
    await up().waitBalanced();
  });

  it('7. when an instance is killed (SIGKILL) placing a paid order, then one reconciler of the two places it, once', async () => {
    const [victim, survivor] = up().instances as [Instance, Instance];
    // The journey on the victim itself: the kill must strike the instance placing the order.
    const guest = await new TestShopper((p) => victim.url(p)).start();
    await readyBasket(guest);
    const placedBefore = await counter(survivor, 'proxy_order_attempts_reconciled_total', 'step="place",result="ok"');
    // The update that places the paid order is held; the platform never sees it (its request dies with the victim).
    await sandbox('PUT', '/__sandbox/faults/commerce', {
      method: 'PATCH',
      path: '^/s/[^/]+/dw/shop/v24_5/orders/',
      latencyMs: 5000,
      remaining: 1,
    });
    const inFlight = payStripe(guest, CARD).catch(() => undefined);
    await waitUntil(
      'the paid order being placed',
      async () => !(await (await fetch(`${up().sandboxRoot}/__sandbox`)).json()).faults?.commerce,
      { timeoutMs: 15_000, intervalMs: 20 },
    );
    const exit = await up().stopProxy(victim, 'SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
    await inFlight;
    await sandbox('DELETE', '/__sandbox/faults');
    expect(providers.newOrders().map((o) => o.status)).toEqual(['created']);
    // Both instances reconcile from the shared journal in Redis: the restarted victim and the survivor.
    await up().startProxy(victim);
    await waitUntil('the order placed by a reconciler', async () => providers.newOrders()[0]?.status === 'new', {
      timeoutMs: HORIZON_MS + 15_000,
      intervalMs: 100,
    });
    // Once: the two instances' place steps add up to one (the claim per attempt in Redis).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const placed =
      (await counter(survivor, 'proxy_order_attempts_reconciled_total', 'step="place",result="ok"')) -
      placedBefore +
      (await counter(victim, 'proxy_order_attempts_reconciled_total', 'step="place",result="ok"'));
    expect(placed).toBe(1);
    expect(providers.newOrders().map((o) => o.status)).toEqual(['new']);
  });

  it('6. when Redis restarts mid-journey, then 503 problem+json meanwhile, and the session and basket are still there', async () => {
    const guest = await shopper();
    await readyBasket(guest);
    const { cookie, csrf } = guest.credentials();
    await up().stopRedis();

    const meanwhile = [
      await guest.plain('GET', '/api/session'),
      await guest.plain('GET', '/api/checkout'),
      await guest.plain('PUT', '/api/basket/customer', { body: { email: 'gus.guest@example.com' } }),
      await guest.plain('GET', '/api/basket'),
    ];
    const summary = JSON.stringify(
      meanwhile.map(({ status, body, instance }) => ({ status, body, at: instance?.name })),
    );
    expect(
      meanwhile.map((answer) => [answer.status, answer.contentType]),
      summary,
    ).toEqual(meanwhile.map(() => [503, 'application/problem+json']));
    expect(meanwhile.every((answer) => answer.body.status === 503)).toBe(true);
    expect(new Set(meanwhile.map((answer) => answer.instance?.name)).size, summary).toBe(2);

    await up().startRedis();
    // The instances reconnect by themselves, each in its own time: the session is asked until both
    // have served it (a run once went on after the first, and the other's 503 failed the next read).
    const servedBy = new Set<string>();
    await waitUntil(
      'the session served again by both instances',
      async () => {
        const answer = await guest.plain('GET', '/api/session');
        if (answer.status === 200 && answer.instance) servedBy.add(answer.instance.name);
        return servedBy.size === 2;
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    );
    const session = await guest.call('getSession', 'GET', '/api/session');
    // The same session (its CSRF token, its cookie), not a new one.
    expect(session.body).toMatchObject({ authType: 'guest', csrfToken: csrf });
    expect(guest.credentials().cookie).toBe(cookie);
    const checkout = await guest.call('getCheckoutState', 'GET', '/api/checkout');
    expect(checkout.body).toMatchObject({ step: 4, basket: { itemCount: 1 } });
    const paid = await payStripe(guest, CARD);
    expect(paid.response.status).toBe(201);
    // Never a 500, during the outage or after it.
    const failures = guest.served.filter((s) => s.status >= 500 && s.status !== 503);
    expect(failures).toEqual([]);
  });
});
