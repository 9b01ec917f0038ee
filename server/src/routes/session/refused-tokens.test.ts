/**
 * Tokens the commerce platform refuses before their expiry (issue 30, docs/decisions/029), through
 * HTTP with the proxy and the in-process sandbox, on the in-memory session store and on Redis. The
 * sandbox revokes alex's tokens as SLAS does when he is signed out elsewhere: his access token is
 * refused with 401, his refresh with invalid_grant. The sandbox's log of the token endpoint counts
 * the proxy's refreshes.
 *
 * - Both refused: one refresh, then a clean sign-out to the login (401 login-required
 *   `session-ended` whose redirectUrl starts it), never a 502; the session is rotated away.
 * - Only the access token refused: one refresh and the read answers.
 * - The access token expired and the refresh refused: one refresh, the same sign-out.
 * - A page's reads in parallel: one refresh and one rotation between them.
 * - Outside the account (the basket): he goes on as a guest, as for an expired sign-in.
 */
import { describe, expect, it } from 'vitest';
import { redisServerBinary } from '../../testing/redis-server.ts';
import { ACCOUNT_READS, useSessionStack } from '../../testing/session-stack.ts';
import { emailOf, logIn, ShopBrowser } from '../../testing/shop-browser.ts';

const redis = redisServerBinary();

const LOGIN_REQUIRED = 'https://shop.example/problems/login-required';
const ENDED = {
  type: LOGIN_REQUIRED,
  status: 401,
  code: 'session-ended',
  detail: 'Your session has ended. Please sign in again.',
};
const idOf = (cookie: string) => cookie.slice('shop_session='.length, cookie.lastIndexOf('.')).split(';')[0]!;

for (const store of ['memory', 'redis'] as const) {
  describe.skipIf(store === 'redis' && !redis.path)(`tokens the platform refuses (${store} sessions)`, () => {
    const stack = useSessionStack(store, redis.path);
    const { shop } = stack;
    const sessions = () => shop.server.context.sessions.options.store;

    it('when alex’s refresh token was revoked and the platform refuses his access token, then one refresh, then a clean sign-out to the login, never a 502', async () => {
      const alex = new ShopBrowser(shop);
      await logIn(alex);
      const signedIn = alex.cookie;
      await stack.revokeTokens(emailOf('alex'));

      const read = await alex.call('listSubscriptions', '/api/account/subscriptions');
      expect(read.body).toMatchObject({
        ...ENDED,
        redirectUrl: `/api/session/login?returnTo=${encodeURIComponent('/en-GB/account/my-subscriptions')}`,
      });
      expect(await stack.refreshes()).toEqual([{ path: 'token', grantType: 'refresh_token', status: 400 }]);

      // Rotated away as at logout: the old id is gone and tombstoned, the new one holds no sign-in.
      expect(alex.cookie).not.toBe(signedIn);
      expect(await sessions().get(idOf(signedIn))).toBeUndefined();
      expect(await sessions().rotated(idOf(signedIn))).toBe(true);
      const after = await alex.stored();
      expect(after).toMatchObject({ authType: 'none', customer: null, sessionEnded: 'token-refused' });
      expect(after.shopperTokens).toBeUndefined();
      expect(after.principalUUID).toBeUndefined();

      // Every account page now asks for the login, with the same words; nothing asks the platform again.
      for (const path of ACCOUNT_READS) {
        const again = await fetch(shop.url(path), { headers: { cookie: alex.cookie } });
        expect({ path, status: again.status }).toEqual({ path, status: 401 });
        expect(await again.json()).toMatchObject(ENDED);
      }
      const stale = await fetch(shop.url('/api/account/subscriptions'), { headers: { cookie: signedIn } });
      expect(stale.status).toBe(401);
      expect(await stack.refreshes()).toHaveLength(1);

      // The login the problem starts signs him in again, and the account answers.
      await logIn(alex);
      expect((await alex.call('listSubscriptions', '/api/account/subscriptions')).response.status).toBe(200);
      expect((await alex.stored()).sessionEnded).toBeUndefined();
    });

    it('when only alex’s access token is refused, then one refresh and his account read answers', async () => {
      const alex = new ShopBrowser(shop);
      await logIn(alex);
      const before = (await alex.stored()).shopperTokens!;
      await stack.revokeTokens(emailOf('alex'), { refreshTokens: false });

      const read = await alex.call('listSubscriptions', '/api/account/subscriptions');
      expect(read.response.status).toBe(200);
      expect(read.body.customer).toMatchObject({ email: emailOf('alex') });
      expect(await stack.refreshes()).toEqual([{ path: 'token', grantType: 'refresh_token', status: 200 }]);
      const after = await alex.stored();
      expect(after.authType).toBe('registered');
      expect(after.shopperTokens!.accessToken).not.toBe(before.accessToken);
      expect(after.shopperTokens!.refreshToken).toBe(before.refreshToken);
    });

    it('when alex’s access token expired and his refresh token was revoked, then one refresh and the same clean sign-out', async () => {
      const alex = new ShopBrowser(shop);
      await logIn(alex);
      await stack.revokeTokens(emailOf('alex'), { accessTokens: false });
      await alex.update((s) => {
        s.shopperTokens!.expiresAt = Date.now() - 60_000;
      });

      const read = await alex.call('getAccountOverview', '/api/account/overview');
      expect(read.body).toMatchObject({
        ...ENDED,
        redirectUrl: `/api/session/login?returnTo=${encodeURIComponent('/en-GB/account/my-overview')}`,
      });
      expect(await stack.refreshes()).toHaveLength(1);
      expect(await alex.stored()).toMatchObject({ authType: 'guest', sessionEnded: 'token-refused' });
    });

    it('when a page’s reads run at once with refused tokens, then they share one refresh: the account reads ask for the login, the basket answers as a guest’s', async () => {
      const alex = new ShopBrowser(shop);
      await logIn(alex);
      await stack.revokeTokens(emailOf('alex'));

      const [first, second, basket] = await Promise.all(
        ['/api/account/subscriptions', '/api/account/subscriptions', '/api/basket'].map((path) =>
          fetch(shop.url(path), { headers: { cookie: alex.cookie } }),
        ),
      );
      for (const read of [first!, second!]) {
        expect(read.status).toBe(401);
        expect((await read.json()).type).toBe(LOGIN_REQUIRED);
      }
      expect(basket!.status).toBe(200);
      expect(await stack.refreshes()).toHaveLength(1);
      // One rotation between them: the old id is tombstoned, and no answer names a second new session.
      expect(await sessions().rotated(idOf(alex.cookie))).toBe(true);
      const cookies = [first!, second!, basket!].flatMap((r) =>
        r.headers.getSetCookie().filter((c) => c.startsWith('shop_session=')),
      );
      expect(new Set(cookies.map(idOf)).size).toBeLessThanOrEqual(1);
    });

    it('when alex’s tokens are refused on his basket, then he is signed out and goes on as a guest, never a 502', async () => {
      const alex = new ShopBrowser(shop);
      await logIn(alex);
      await stack.revokeTokens(emailOf('alex'));

      const basket = await alex.call('getBasket', '/api/basket');
      expect(basket.response.status).toBe(200);
      expect(await stack.refreshes()).toHaveLength(1);
      const session = await alex.call('getSession', '/api/session');
      expect(session.body).toMatchObject({ authType: 'guest', customer: null });
      expect(await alex.stored()).toMatchObject({ sessionEnded: 'token-refused' });
      const account = await alex.call('listSubscriptions', '/api/account/subscriptions');
      expect(account.body).toMatchObject(ENDED);
    });
  });
}
