/**
 * The Redis session store against a real redis-server (issue 16 "Shared state in Redis"): the
 * round trip, the lifetime the Sessions class gives (storefront §9: 90 days for a registered
 * shopper), expiry, the one-step rotation, and a lost connection that is a 503, never "no session".
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { REGISTERED_SESSION_TTL_SECONDS, Sessions, type SessionData } from '../session.ts';
import { redisServerBinary, startRedisServer, type RedisServer } from '../testing/redis-server.ts';
import { closeClient, createRedisClient, whenReady, type RedisClient } from './redis-client.ts';
import { RedisSessionStore, ROTATED_KEY_PREFIX, SESSION_KEY_PREFIX } from './redis-session-store.ts';

const redis = redisServerBinary();
const log = pino({ level: 'silent' });

const session = (id: string, extra: Partial<SessionData> = {}): SessionData => ({
  id,
  csrfToken: `csrf-${id}`,
  authType: 'guest',
  site: 'aurora',
  locale: 'en-GB',
  customer: null,
  basketItemCount: 1,
  shopperTokens: { accessToken: 'at', refreshToken: 'rt', usid: 'usid-1', expiresAt: 1_900_000_000_000 },
  login: { verifier: 'v'.repeat(96), state: 'st', nonce: 'n', returnTo: '/account' },
  ...extra,
});

describe.skipIf(!redis.path)('RedisSessionStore', () => {
  let server: RedisServer;
  let client: RedisClient;
  let store: RedisSessionStore;
  const failures: string[] = [];

  beforeAll(async () => {
    server = await startRedisServer(redis.path!);
    client = createRedisClient(server.url, log);
    expect(await whenReady(client, 5000)).toBe(true);
    store = new RedisSessionStore(client, { log, failed: (operation) => failures.push(operation) });
  });
  afterAll(async () => {
    await closeClient(client);
    await server?.dispose();
  });

  it('when a session is written, then it reads back equal, login state and tokens included', async () => {
    const written = session('round-trip');
    await store.set(written, 60);
    expect(await store.get('round-trip')).toEqual(written);
    expect(await store.get('never-written')).toBeUndefined();
  });

  it('when Sessions saves a registered shopper, then Redis keeps it 90 days; a guest the configured TTL', async () => {
    const sessions = new Sessions({ store, secret: 's'.repeat(32), ttlSeconds: 600, secure: false });
    const res = { headersSent: true } as never;
    await sessions.save(res, session('registered', { authType: 'registered' }));
    await sessions.save(res, session('guest'));
    const registeredTtl = await client.ttl(`${SESSION_KEY_PREFIX}registered`);
    expect(registeredTtl).toBeGreaterThan(REGISTERED_SESSION_TTL_SECONDS - 5);
    expect(registeredTtl).toBeLessThanOrEqual(REGISTERED_SESSION_TTL_SECONDS);
    const guestTtl = await client.ttl(`${SESSION_KEY_PREFIX}guest`);
    expect(guestTtl).toBeGreaterThan(595);
    expect(guestTtl).toBeLessThanOrEqual(600);
  });

  it('when its lifetime has passed, then the session is gone', async () => {
    await store.set(session('short'), 1);
    expect(await store.get('short')).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await store.get('short')).toBeUndefined();
  });

  it('when an unchanged session is touched, then only its lifetime is renewed; a missing one says so', async () => {
    await store.set(session('touched'), 5);
    expect(await store.touch('touched', 500)).toBe(true);
    expect(await client.ttl(`${SESSION_KEY_PREFIX}touched`)).toBeGreaterThan(495);
    expect(await store.touch('missing', 500)).toBe(false);
  });

  it('when a session is replaced under a new id, then the new id holds it, the old is deleted and tombstoned for a short while', async () => {
    await store.set(session('before'), 60);
    await store.replace('before', session('after'), 60, 30);
    expect(await store.get('before')).toBeUndefined();
    expect((await store.get('after'))?.csrfToken).toBe('csrf-after');
    expect(await store.rotated('before')).toBe(true);
    expect(await store.rotated('after')).toBe(false);
    const tombstoneTtl = await client.ttl(`${ROTATED_KEY_PREFIX}before`);
    expect(tombstoneTtl).toBeGreaterThan(25);
    expect(tombstoneTtl).toBeLessThanOrEqual(30);
  });

  it('when a session is updated, then only while its key exists (SET XX, issue 30), with the lifetime given', async () => {
    await store.set(session('present'), 60);
    expect(await store.update(session('present', { basketItemCount: 3 }), 600)).toBe(true);
    expect((await store.get('present'))?.basketItemCount).toBe(3);
    expect(await client.ttl(`${SESSION_KEY_PREFIX}present`)).toBeGreaterThan(595);
    await store.replace('present', session('rotated-to'), 60, 30);
    expect(await store.update(session('present'), 600)).toBe(false);
    expect(await client.exists(`${SESSION_KEY_PREFIX}present`)).toBe(0);
  });

  it('when Redis is away, then every operation is a 503 problem (never undefined) and counted; back, it answers again', async () => {
    await store.set(session('kept'), 600);
    await server.stop();
    const problem = await store.get('kept').catch((error: unknown) => error);
    expect(problem).toBeInstanceOf(AppError);
    expect((problem as AppError).status).toBe(503);
    expect((problem as AppError).type).toBe('https://shop.example/problems/session-store-unavailable');
    expect((problem as AppError).headers['Retry-After']).toMatch(/^\d+$/);
    await expect(store.set(session('new'), 60)).rejects.toBeInstanceOf(AppError);
    await expect(store.touch('kept', 60)).rejects.toBeInstanceOf(AppError);
    await expect(store.delete('kept')).rejects.toBeInstanceOf(AppError);
    expect(failures).toEqual(expect.arrayContaining(['session read', 'session write', 'session touch']));
    await server.start();
    expect(await whenReady(client, 10_000)).toBe(true);
    expect((await store.get('kept'))?.id).toBe('kept');
  });
});
