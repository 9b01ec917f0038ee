/**
 * The Redis lock of the checkout's writes (issue 16: "two place-order requests for the same basket
 * sent at once, one to each instance, yield exactly one order and one charge"), with two clients
 * standing for two instances: mutual exclusion, release by the owner only, a bounded lifetime and a
 * bounded wait.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { redisServerBinary, startRedisServer, type RedisServer } from '../testing/redis-server.ts';
import { closeClient, createRedisClient, whenReady, type RedisClient } from './redis-client.ts';
import { LOCK_KEY_PREFIX, RedisKeyedLock } from './redis-lock.ts';

const redis = redisServerBinary();
const log = pino({ level: 'silent' });

describe.skipIf(!redis.path)('RedisKeyedLock', () => {
  let server: RedisServer;
  let clients: RedisClient[] = [];
  const lockOn = (client: RedisClient, options = {}) => new RedisKeyedLock(client, { log }, { pollMs: 10, ...options });

  beforeAll(async () => {
    server = await startRedisServer(redis.path!);
    clients = [createRedisClient(server.url, log), createRedisClient(server.url, log)];
    for (const client of clients) expect(await whenReady(client, 5000)).toBe(true);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => closeClient(client)));
    await server?.dispose();
  });

  it('when two instances run work for the same key at once, then never both at the same time, and both run', async () => {
    const [a, b] = [lockOn(clients[0]!), lockOn(clients[1]!)];
    let inside = 0;
    let most = 0;
    const order: string[] = [];
    const work = (name: string) => async () => {
      inside += 1;
      most = Math.max(most, inside);
      order.push(`${name} in`);
      await sleep(60);
      order.push(`${name} out`);
      inside -= 1;
      return name;
    };
    const results = await Promise.all([
      a.run('basket-1', work('a1')),
      b.run('basket-1', work('b1')),
      a.run('basket-1', work('a2')),
      b.run('basket-1', work('b2')),
    ]);
    expect(results).toEqual(['a1', 'b1', 'a2', 'b2']);
    expect(most).toBe(1);
    expect(order).toHaveLength(8);
    for (let i = 0; i < order.length; i += 2) expect(order[i]!.split(' ')[0]).toBe(order[i + 1]!.split(' ')[0]);
    expect(await clients[0]!.exists(`${LOCK_KEY_PREFIX}basket-1`)).toBe(0);
  });

  it('when keys differ, then their work runs side by side', async () => {
    const [a, b] = [lockOn(clients[0]!), lockOn(clients[1]!)];
    let inside = 0;
    let most = 0;
    const work = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await sleep(60);
      inside -= 1;
    };
    await Promise.all([a.run('one', work), b.run('two', work)]);
    expect(most).toBe(2);
  });

  it('when the work fails, then the lock is released and the failure passes through', async () => {
    const lock = lockOn(clients[0]!);
    await expect(
      lock.run('failing', async () => {
        throw new Error('upstream down');
      }),
    ).rejects.toThrow('upstream down');
    expect(await clients[1]!.exists(`${LOCK_KEY_PREFIX}failing`)).toBe(0);
  });

  it('when the lock expired and another instance took it, then the first one’s release leaves it in place', async () => {
    const name = `${LOCK_KEY_PREFIX}taken-over`;
    const first = lockOn(clients[0]!, { ttlMs: 150 });
    await first.run('taken-over', async () => {
      // The holder's lock expires under it (deleted here, standing for an expiry while it stalled)
      // and the other instance's token takes the key before the holder's work ends.
      await clients[1]!.del(name);
      await clients[1]!.set(name, 'other-instance-token', { expiration: { type: 'PX', value: 10_000 } });
    });
    expect(await clients[1]!.get(name)).toBe('other-instance-token');
    await clients[1]!.del(name);
  });

  it('when the holder is gone without releasing (a crashed instance), then the lock frees itself after its TTL', async () => {
    const name = `${LOCK_KEY_PREFIX}crashed`;
    await clients[1]!.set(name, 'crashed-instance-token', { expiration: { type: 'PX', value: 300 } });
    const started = Date.now();
    expect(await lockOn(clients[0]!).run('crashed', async () => 'ran')).toBe('ran');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('when the work outlasts the TTL, then the holder renews it and no one else gets in', async () => {
    // The work lasts three TTLs. The TTL leaves the renewal (every third of it) room for a busy host:
    // at 150 ms a 100 ms stall of the event loop let the other in (seen with two suites on two cores).
    const holder = lockOn(clients[0]!, { ttlMs: 600 });
    const other = lockOn(clients[1]!, { ttlMs: 600, maxWaitMs: 5000 });
    const order: string[] = [];
    const long = holder.run('long', async () => {
      order.push('holder in');
      await sleep(1800);
      order.push('holder out');
    });
    await sleep(20);
    await other.run('long', async () => {
      order.push('other in');
    });
    await long;
    expect(order).toEqual(['holder in', 'holder out', 'other in']);
  });

  it('when the lock cannot be had within the longest wait, then a 503 problem with Retry-After', async () => {
    await clients[1]!.set(`${LOCK_KEY_PREFIX}busy`, 'someone', { expiration: { type: 'PX', value: 5000 } });
    const started = Date.now();
    const error = await lockOn(clients[0]!, { maxWaitMs: 200 })
      .run('busy', async () => 'ran')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    expect((error as AppError).headers['Retry-After']).toMatch(/^\d+$/);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
