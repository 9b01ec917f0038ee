/**
 * Login and logout against requests in flight (issue 30 part 1), through HTTP with the proxy and
 * the in-process sandbox, on the in-memory session store and on Redis. A read is held at the sandbox
 * by a latency fault aimed at one upstream call; the test waits until that call has arrived (the read
 * has read the session), runs the login or logout to its end, checks the read is still held, then
 * lets it land: the order is asserted, never left to luck.
 *
 * - Across logout: afterwards the old cookie gets 401 on every account read, and no answer gives the
 *   old id back, whether the read saves after the logout (its token refresh held) or before it (its
 *   order-management call held).
 * - Across login: a read sent with the pre-login cookie that lands after the login answers without
 *   Set-Cookie, and the browser's cookie jar ends signed in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Fault, Upstream } from '../../../../mocks/sandbox/src/core/faults.ts';
import { redisServerBinary } from '../../testing/redis-server.ts';
import { ACCOUNT_READS, useSessionStack } from '../../testing/session-stack.ts';
import { emailOf, logIn, ShopBrowser, signIn } from '../../testing/shop-browser.ts';

const redis = redisServerBinary();
/** How long the aimed call is held: the login or logout finishes well within it (asserted). */
const HOLD_MS = 2500;
const TOKEN_PATH = '^/shopper/auth/v1/organizations/[^/]+/oauth2/token$';

/** The shared session stack (testing/session-stack.ts), and `hold`: a read kept at the sandbox by an aimed latency fault. */
function useStack(store: 'memory' | 'redis') {
  const stack = useSessionStack(store, redis.path);
  const { shop } = stack;
  /** Resolves when the next call aimed by `hold` reaches the sandbox. */
  let arrived: (() => void) | undefined;
  beforeAll(() => {
    const faults = stack.sandbox().context.faults;
    const take = faults.take.bind(faults);
    faults.take = (upstream, target) => {
      const fault = take(upstream, target);
      if (fault?.latencyMs) arrived?.();
      return fault;
    };
  });
  /**
   * Sends `path` with `cookie` while `fault` (a latency aimed at one call) holds it at `upstream`;
   * resolves once the aimed call has arrived, with the answer still to come.
   */
  async function hold(upstream: Upstream, fault: Fault, path: string, cookie: string) {
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const put = await fetch(`${shop.root}/__sandbox/faults/${upstream}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: HOLD_MS, remaining: 1, ...fault }),
    });
    expect(put.ok).toBe(true);
    let landed = false;
    const answer = fetch(shop.url(path), { headers: { cookie } }).then(async (response) => {
      landed = true;
      await response.arrayBuffer();
      return response;
    });
    await reached;
    return { answer, landed: () => landed };
  }
  return { shop, hold };
}

const sessionCookies = (response: Response) =>
  response.headers.getSetCookie().filter((cookie) => cookie.startsWith('shop_session='));
const idOf = (cookie: string) => cookie.slice('shop_session='.length, cookie.lastIndexOf('.')).split(';')[0]!;

for (const store of ['memory', 'redis'] as const) {
  describe.skipIf(store === 'redis' && !redis.path)(`rotation with requests in flight (${store} sessions)`, () => {
    const { shop, hold } = useStack(store);
    const storedUnder = (cookie: string) => shop.server.context.sessions.options.store.get(idOf(cookie));

    async function expectSignedOut(cookie: string) {
      for (const path of ACCOUNT_READS) {
        const response = await fetch(shop.url(path), { headers: { cookie } });
        expect({ path, status: response.status }).toEqual({ path, status: 401 });
        expect((await response.json()).type).toBe('https://shop.example/problems/login-required');
        expect(sessionCookies(response).map(idOf)).not.toContain(idOf(cookie));
      }
    }

    it('when a read refreshing alex’s token spans his logout, then it neither brings his session back nor sets its cookie; the old cookie gets 401 on every account read', async () => {
      const alex = new ShopBrowser(shop);
      await logIn(alex);
      // The access token has expired: the read refreshes it, and saves, after the logout.
      await alex.update((s) => {
        s.shopperTokens!.expiresAt = Date.now() - 60_000;
      });
      const signedIn = alex.cookie;
      const read = await hold('commerce', { method: 'POST', path: TOKEN_PATH }, '/api/account/subscriptions', signedIn);

      const out = await alex.call('logout', '/api/session/logout', { method: 'POST' });
      expect(out.response.status).toBe(200);
      expect(read.landed()).toBe(false);

      const late = await read.answer;
      expect(sessionCookies(late)).toEqual([]);
      expect(await storedUnder(signedIn)).toBeUndefined();
      await expectSignedOut(signedIn);
      expect((await alex.call('getSession', '/api/session')).body).toMatchObject({ authType: 'guest', customer: null });
    });

    it('when a read saved alex’s session before his logout and answers after it, then its answer gives no cookie back; the old cookie gets 401 on every account read', async () => {
      const alex = new ShopBrowser(shop);
      await logIn(alex);
      const signedIn = alex.cookie;
      // Held at the order-management system, after the read saved the session (its shopper token).
      const read = await hold('som', {}, '/api/account/subscriptions', signedIn);

      const out = await alex.call('logout', '/api/session/logout', { method: 'POST' });
      expect(out.response.status).toBe(200);
      expect(read.landed()).toBe(false);

      const late = await read.answer;
      expect(sessionCookies(late)).toEqual([]);
      expect(await storedUnder(signedIn)).toBeUndefined();
      await expectSignedOut(signedIn);
    });

    it('when the old cookie comes back after the logout, then its reads are an anonymous view without Set-Cookie and its writes the CSRF 403', async () => {
      const alex = new ShopBrowser(shop);
      await logIn(alex);
      const signedIn = { cookie: alex.cookie, csrf: alex.csrf };
      await alex.call('logout', '/api/session/logout', { method: 'POST' });

      const session = await fetch(shop.url('/api/session'), { headers: { cookie: signedIn.cookie } });
      expect(await session.json()).toMatchObject({ authType: 'none', customer: null });
      expect(sessionCookies(session)).toEqual([]);
      const write = await fetch(shop.url('/api/session/guest'), {
        method: 'POST',
        headers: { cookie: signedIn.cookie, 'x-csrf-token': signedIn.csrf },
      });
      expect(write.status).toBe(403);
      expect((await write.json()).type).toBe('https://shop.example/problems/csrf-token-invalid');
      expect(sessionCookies(write)).toEqual([]);
      expect((await alex.call('getSession', '/api/session')).body.authType).toBe('guest');
    });

    for (const when of ['saves after', 'saved before'] as const) {
      it(`when a read sent with the pre-login cookie ${when} the login and lands after it, then it answers without Set-Cookie and the jar ends signed in`, async () => {
        const alex = new ShopBrowser(shop);
        await alex.open();
        await alex.call('createGuestSession', '/api/session/guest', { method: 'POST' });
        const start = await alex.call('startLogin', '/api/session/login?returnTo=%2Faccount');
        const back = await signIn(alex.root, start.body.authorizeUrl, emailOf('alex'));
        if (when === 'saves after') {
          await alex.update((s) => {
            s.shopperTokens!.expiresAt = Date.now() - 60_000;
          });
        }
        const preLogin = alex.cookie;
        const read = await hold(
          'commerce',
          // Saved before: held at its first basket call, after the shopper token was saved.
          when === 'saves after' ? { method: 'POST', path: TOKEN_PATH } : { path: '^/(?!shopper/auth/)' },
          '/api/basket',
          preLogin,
        );

        const done = await alex.call('completeLogin', '/api/session/login/callback', {
          method: 'POST',
          body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
        });
        expect(done.response.status).toBe(200);
        expect(read.landed()).toBe(false);

        // The browser takes whatever cookie the late answer sets: none.
        const late = await read.answer;
        expect(sessionCookies(late)).toEqual([]);
        expect(await storedUnder(preLogin)).toBeUndefined();
        expect((await alex.call('getSession', '/api/session')).body).toMatchObject({
          authType: 'registered',
          customer: { firstName: 'Alex' },
        });
      });
    }
  });
}
