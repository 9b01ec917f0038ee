/**
 * A session store that lost its data (issue 30, docs/decisions/029): the in-memory store restarted
 * with the proxy, or Redis emptied as a restart without persistence, an eviction or a failover's
 * lag leaves it (FLUSHALL), through HTTP with the proxy and the in-process sandbox. The browser still
 * holds a validly signed cookie whose session is gone.
 *
 * - A registered shopper: every account read answers the login with "Your session has ended",
 *   never a 500 and never the answer to a first visit; after he signs in again, his basket is back
 *   from the commerce platform.
 * - A guest: a new guest session with an empty basket (the guest's basket is only reachable with
 *   its token, which was in the lost session), never a 500.
 */
import { describe, expect, it } from 'vitest';
import { redisServerBinary } from '../../testing/redis-server.ts';
import { ACCOUNT_READS, useSessionStack, type SessionStack } from '../../testing/session-stack.ts';
import { logIn, ShopBrowser } from '../../testing/shop-browser.ts';

const redis = redisServerBinary();

const ENDED = {
  type: 'https://shop.example/problems/login-required',
  status: 401,
  code: 'session-ended',
  detail: 'Your session has ended. Please sign in again.',
};
const VIN = 'ZAAAA1000AA000001';

/** Puts the connected-navigation renewal of vehicle 1 in the browser's basket. */
async function renewVehicleOne(browser: ShopBrowser) {
  const page = await browser.call('getRenewalPage', `/api/renewal/cn-connected-navigation?carvin=${VIN}&locale=en-GB`);
  expect(page.response.status).toBe(200);
  const item = await browser.call('renewItem', '/api/basket/items', {
    method: 'POST',
    body: JSON.stringify({ productId: 'cn-connected-navigation', variantId: 'cn-connected-navigation-12m' }),
  });
  expect(item.response.status).toBe(200);
}

const basketItems = async (browser: ShopBrowser) => {
  const basket = await browser.call('getBasket', '/api/basket');
  expect(basket.response.status).toBe(200);
  return (basket.body.items as { productId: string }[]).map((item) => item.productId);
};

/** Loses every stored session: the proxy restarted with its memory, or Redis emptied. */
async function loseSessions(stack: SessionStack, store: 'memory' | 'redis') {
  if (store === 'memory') await stack.restartProxy();
  else await stack.shop.server.context.sharedState!.client.flushAll();
}

for (const store of ['memory', 'redis'] as const) {
  describe.skipIf(store === 'redis' && !redis.path)(`a session store that lost its data (${store} sessions)`, () => {
    const stack = useSessionStack(store, redis.path);
    const { shop } = stack;

    it('when alex’s signed-in session is lost, then his account asks him to sign in again with a clear message, never a 500, and his basket is back once he does', async () => {
      const alex = new ShopBrowser(shop);
      await logIn(alex);
      await renewVehicleOne(alex);
      expect(await basketItems(alex)).toEqual(['cn-connected-navigation-12m']);

      await loseSessions(stack, store);

      for (const path of ACCOUNT_READS) {
        const read = await fetch(shop.url(path), { headers: { cookie: alex.cookie } });
        expect({ path, status: read.status }).toEqual({ path, status: 401 });
        expect(await read.json()).toMatchObject(ENDED);
      }
      // The shell's session read starts a new one that remembers the sign-in ended.
      const session = await alex.call('getSession', '/api/session');
      expect(session.body).toMatchObject({ authType: 'none', customer: null });
      alex.csrf = session.body.csrfToken;
      expect(await alex.stored()).toMatchObject({ sessionEnded: 'session-lost' });
      expect((await alex.call('listSubscriptions', '/api/account/subscriptions')).body).toMatchObject(ENDED);

      await logIn(alex);
      expect(await basketItems(alex)).toEqual(['cn-connected-navigation-12m']);
      expect((await alex.call('listSubscriptions', '/api/account/subscriptions')).response.status).toBe(200);
      expect((await alex.stored()).sessionEnded).toBeUndefined();
    });

    it('when a guest’s session is lost, then the guest goes on with a new, empty basket, never a 500', async () => {
      const guest = new ShopBrowser(shop);
      await guest.open();
      await renewVehicleOne(guest);
      expect(await basketItems(guest)).toEqual(['cn-connected-navigation-12m']);

      await loseSessions(stack, store);

      expect(await basketItems(guest)).toEqual([]);
      expect((await guest.call('getSession', '/api/session')).body).toMatchObject({ authType: 'guest' });
      expect((await guest.call('listSubscriptions', '/api/account/subscriptions')).body).toMatchObject(ENDED);
    });
  });
}
