/**
 * Session rotation races (issue 30 part 1), on the in-memory store and on Redis: each interleaving
 * is run step by step, not left to timing. A request reads the session (as a slow one does), a login
 * or logout rotates it, then the stale request saves: the old id stays gone and no answer names it.
 * A request whose cookie names the rotated id gets an anonymous view (a read) or the CSRF 403 (a
 * write), never a new session or cookie; once the tombstone is gone, the ordinary new session.
 */
import type { Request, Response } from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { csrfProtection } from './http/csrf.ts';
import { ROTATED_TOMBSTONE_SECONDS, Sessions, type SessionData, type SessionStore } from './session.ts';
import { sign } from './session-cookie.ts';
import { MemorySessionStore } from './state/memory-session-store.ts';
import { closeClient, createRedisClient, whenReady, type RedisClient } from './state/redis-client.ts';
import { RedisSessionStore } from './state/redis-session-store.ts';
import { redisServerBinary, startRedisServer, type RedisServer } from './testing/redis-server.ts';

const SECRET = 's'.repeat(32);
const redis = redisServerBinary();
const log = pino({ level: 'silent' });

/** A request as the proxy sees it: a method and the browser's cookie. */
const request = (cookie: string | undefined, method = 'GET', csrf?: string) =>
  ({
    method,
    headers: cookie ? { cookie } : {},
    get: (name: string) => (name.toLowerCase() === 'x-csrf-token' ? csrf : undefined),
  }) as unknown as Request;

/** An answer that records its session cookies as Express would set them, and sends its headers on `send`. */
function answer() {
  const headers = new Map<string, string | string[]>();
  const res = {
    headersSent: false,
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    setHeader: (name: string, value: string | string[]) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    cookie(name: string, value: string) {
      const earlier = headers.get('set-cookie');
      headers.set('set-cookie', [...(earlier === undefined ? [] : [earlier].flat()), `${name}=${value}; Path=/`]);
    },
    writeHead() {
      res.headersSent = true;
    },
  };
  return {
    res: res as unknown as Response,
    /** Sends the headers (as res.json does) and gives the session cookies that left. */
    send: () => {
      (res as unknown as Response).writeHead(200);
      return [headers.get('set-cookie') ?? []].flat().filter((c) => c.startsWith('shop_session='));
    },
    cookies: () => [headers.get('set-cookie') ?? []].flat().filter((c) => c.startsWith('shop_session=')),
  };
}

const cookieOf = (id: string) => `shop_session=${sign(id, SECRET)}`;
const idOf = (cookie: string) => cookie.slice('shop_session='.length, cookie.lastIndexOf('.'));

/** alex's signed-in session, stored as a login leaves it. */
const alexSession = (sessions: Sessions): SessionData => ({
  ...sessions.create({ site: 'aurora', locale: 'en-GB' }),
  authType: 'registered',
  customer: { customerId: 'abcAlexOwner0001', firstName: 'Alex', email: 'alex.owner@example.com' } as never,
  principalUUID: 'alex-uuid',
  shopperTokens: { accessToken: 'at-alex', refreshToken: 'rt-alex', customerId: 'abcAlexOwner0001' },
});

function races(name: string, storeOf: () => SessionStore) {
  describe(`rotation races (${name})`, () => {
    const make = () => new Sessions({ store: storeOf(), secret: SECRET, ttlSeconds: 600, secure: false });

    async function signedIn(sessions: Sessions) {
      const first = answer();
      const session = alexSession(sessions);
      await sessions.save(first.res, session);
      return { id: session.id, cookie: cookieOf(session.id) };
    }

    /** A new visitor's session, stored and in the cookie its first answer set. */
    async function guestCookie(sessions: Sessions) {
      const guest = sessions.create({ site: 'aurora', locale: 'en-GB' });
      await sessions.save(answer().res, guest);
      return cookieOf(guest.id);
    }

    it('when a read holds the signed-in session across the logout and then saves a change, then the old id stays gone and its answer sets no cookie', async () => {
      const sessions = make();
      const alex = await signedIn(sessions);
      // The slow read: it has read the session, its token refresh is on the way.
      const slow = answer();
      const stale = (await sessions.current(request(alex.cookie)))!;
      // The logout: read, signed out, rotated.
      const logout = answer();
      const live = (await sessions.current(request(alex.cookie, 'POST')))!;
      Object.assign(live, { authType: 'guest', customer: null, principalUUID: undefined });
      await sessions.rotate(logout.res, live);
      expect(logout.send()).toEqual([expect.stringMatching(`^${cookieOf(live.id)};`)]);
      // The slow read's refreshed tokens arrive and it saves.
      stale.shopperTokens = { accessToken: 'at-refreshed', refreshToken: 'rt-alex' };
      await sessions.save(slow.res, stale);
      expect(slow.send()).toEqual([]);
      expect(await sessions.options.store.get(alex.id)).toBeUndefined();
      // Whoever still holds the signed-in cookie is nobody's shopper.
      expect(await sessions.current(request(alex.cookie))).toBeUndefined();
      expect((await sessions.options.store.get(live.id))?.authType).toBe('guest');
    });

    it('when a read that changed nothing saves after the logout, then only its lifetime would be renewed: nothing is written and no cookie set', async () => {
      const sessions = make();
      const alex = await signedIn(sessions);
      const slow = answer();
      const stale = (await sessions.current(request(alex.cookie)))!;
      await sessions.rotate(answer().res, (await sessions.current(request(alex.cookie, 'POST')))!);
      await sessions.save(slow.res, stale);
      expect(slow.send()).toEqual([]);
      expect(await sessions.options.store.get(alex.id)).toBeUndefined();
    });

    it('when a read saved (its cookie renewed) before the login rotated the id and answers after it, then its answer leaves without that cookie', async () => {
      const sessions = make();
      const oldCookie = await guestCookie(sessions);
      // A read whose cookie was due for renewal (COOKIE_RENEWAL_SECONDS, a tenth of 600 s here).
      const slow = answer();
      const read = (await sessions.current(request(oldCookie)))!;
      read.cookieSetAt = Date.now() - 61_000;
      await sessions.save(slow.res, read);
      expect(slow.cookies()).toHaveLength(1);
      const login = answer();
      const live = (await sessions.current(request(oldCookie, 'POST')))!;
      live.authType = 'registered';
      await sessions.rotate(login.res, live);
      expect(login.send()).toHaveLength(1);
      expect(slow.send()).toEqual([]);
    });

    it('when reads of a cookie not due for renewal answer around the login, then none carries the old cookie that the browser could apply after the new one (issue 32)', async () => {
      const sessions = make();
      const oldCookie = await guestCookie(sessions);
      // One read answers just before the login (a browser may apply its cookies after the login's, as
      // Chromium did a 304's), one just after it, having read the session before.
      const before = answer();
      await sessions.save(before.res, (await sessions.current(request(oldCookie)))!);
      const after = answer();
      const stale = (await sessions.current(request(oldCookie)))!;
      const login = answer();
      const live = (await sessions.current(request(oldCookie, 'POST')))!;
      await sessions.rotate(login.res, live);
      await sessions.save(after.res, stale);
      expect(before.send()).toEqual([]);
      expect(login.send()).toEqual([expect.stringMatching(`^${cookieOf(live.id)};`)]);
      expect(after.send()).toEqual([]);
    });

    it('when a request still carries the rotated cookie, then a read sees an anonymous view never stored nor cookied, and a write is the CSRF 403', async () => {
      const sessions = make();
      const alex = await signedIn(sessions);
      const rotated = (await sessions.current(request(alex.cookie, 'POST')))!;
      await sessions.rotate(answer().res, rotated);

      const read = answer();
      const req = request(alex.cookie);
      const view = await sessions.currentOrNew(req, { site: 'aurora', locale: 'en-GB' });
      expect(sessions.cookieRotated(req)).toBe(true);
      expect(view).toMatchObject({ authType: 'none', customer: null });
      expect(view.shopperTokens).toBeUndefined();
      view.locale = 'fr-FR';
      await sessions.save(read.res, view);
      expect(read.send()).toEqual([]);
      expect(await sessions.options.store.get(view.id)).toBeUndefined();

      const write = sessions.currentOrNew(request(alex.cookie, 'POST'), { site: 'aurora', locale: 'en-GB' });
      await expect(write).rejects.toBeInstanceOf(AppError);
      await expect(write).rejects.toMatchObject({ status: 403 });
      const csrf = await new Promise<unknown>((resolve) =>
        csrfProtection(sessions)(request(alex.cookie, 'POST', rotated.csrfToken), answer().res, resolve),
      );
      expect(csrf).toMatchObject({ status: 403, type: 'https://shop.example/problems/csrf-token-invalid' });
      // The session under the new id is untouched by all of it.
      expect((await sessions.options.store.get(rotated.id))?.principalUUID).toBe('alex-uuid');
    });

    it('when a cookie names an id that never existed, then a new session is stored with a plain write and its cookie set (no fixation)', async () => {
      const sessions = make();
      const fresh = answer();
      const req = request(cookieOf('made-up-id'));
      const session = await sessions.currentOrNew(req, { site: 'aurora', locale: 'en-GB' });
      expect(sessions.cookieRotated(req)).toBe(false);
      expect(session.id).not.toBe('made-up-id');
      await sessions.save(fresh.res, session);
      expect(fresh.send()).toEqual([expect.stringMatching(`^${cookieOf(session.id)};`)]);
      expect(await sessions.options.store.get(session.id)).toBeDefined();
    });
  });
}

races('in memory', () => new MemorySessionStore());

describe('the tombstone ends (in memory)', () => {
  it(`when ${ROTATED_TOMBSTONE_SECONDS} s have passed, then the old cookie is an unknown id again: a new session with its own id`, async () => {
    let now = Date.now();
    const store = new MemorySessionStore(() => now);
    const sessions = new Sessions({ store, secret: SECRET, ttlSeconds: 600, secure: false });
    const session = sessions.create({ site: 'aurora', locale: 'en-GB' });
    await sessions.save(answer().res, session);
    const old = cookieOf(session.id);
    await sessions.rotate(answer().res, (await sessions.current(request(old)))!);
    expect(await store.rotated(idOf(old))).toBe(true);
    now += ROTATED_TOMBSTONE_SECONDS * 1000 + 1;
    const req = request(old);
    const fresh = await sessions.currentOrNew(req, { site: 'aurora', locale: 'en-GB' });
    expect(sessions.cookieRotated(req)).toBe(false);
    expect(fresh.id).not.toBe(idOf(old));
  });
});

describe.skipIf(!redis.path)('on Redis', () => {
  let server: RedisServer;
  let client: RedisClient;
  let store: RedisSessionStore;
  beforeAll(async () => {
    server = await startRedisServer(redis.path!);
    client = createRedisClient(server.url, log);
    expect(await whenReady(client, 5000)).toBe(true);
    store = new RedisSessionStore(client, { log, failed: () => undefined });
  });
  afterAll(async () => {
    await closeClient(client);
    await server?.dispose();
  });
  races('Redis', () => store);
});
