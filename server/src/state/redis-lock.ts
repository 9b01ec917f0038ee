/**
 * The per-key lock (locks.ts's KeyedLock) shared by every instance through Redis (issue 16): two
 * place-order requests for one basket sent at once to two instances run one after the other, so
 * the second reads the first one's answer record and replays it (services/checkout/idempotency.ts):
 * one order, one charge (storefront §4 "On payment").
 *
 * The lock is a key set with SET NX PX holding a random token; only the holder's token deletes it
 * (compare-and-delete script), so a holder whose lock expired cannot release the next holder's. Its
 * lifetime is bounded (a crashed instance frees it after `ttlMs`) and renewed while the work runs;
 * a waiter gives up after `maxWaitMs` with a 503 problem rather than wait without end.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../errors.ts';
import type { KeyedLock } from '../locks.ts';
import { RETRY_AFTER_SECONDS, storeCall, type RedisClient, type StoreMonitor } from './redis-client.ts';

export const LOCK_KEY_PREFIX = 'shop:lock:';

/** Deletes the lock only when it still holds the caller's token. */
const RELEASE = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`;
/** Extends the lock only when it still holds the caller's token. */
const EXTEND = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) else return 0 end`;

export interface RedisLockOptions {
  /** How long the lock outlives a holder that stopped renewing it (crashed, frozen). */
  ttlMs?: number;
  /** How long a request waits for the lock before its 503. */
  maxWaitMs?: number;
  /** The pause between two attempts (a random part is added so waiters do not move in step). */
  pollMs?: number;
}

/** The 503 of a request that waited `maxWaitMs` for another one of the same session. */
export function lockBusy(): AppError {
  return new AppError(
    503,
    'request-in-progress',
    'Request still in progress',
    'Another request of this session is still being processed; try again in a few seconds.',
    {},
    { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  );
}

export class RedisKeyedLock implements KeyedLock {
  private readonly client: RedisClient;
  private readonly monitor: StoreMonitor;
  private readonly ttlMs: number;
  private readonly maxWaitMs: number;
  private readonly pollMs: number;

  constructor(client: RedisClient, monitor: StoreMonitor, options: RedisLockOptions = {}) {
    this.client = client;
    this.monitor = monitor;
    // A place-order makes several upstream calls (UPSTREAM_TIMEOUT_MS 8 s each at worst): the
    // lock is renewed while it runs, and a second request may wait for a whole one to finish.
    this.ttlMs = options.ttlMs ?? 15_000;
    this.maxWaitMs = options.maxWaitMs ?? 30_000;
    this.pollMs = options.pollMs ?? 50;
  }

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const name = `${LOCK_KEY_PREFIX}${key}`;
    const token = randomBytes(18).toString('base64url');
    await this.acquire(name, token);
    const renewal = setInterval(() => void this.extend(name, token), Math.max(1, Math.floor(this.ttlMs / 3)));
    renewal.unref();
    try {
      return await work();
    } finally {
      clearInterval(renewal);
      await this.release(name, token);
    }
  }

  private async acquire(name: string, token: string): Promise<void> {
    const deadline = Date.now() + this.maxWaitMs;
    for (;;) {
      const reply = await storeCall(this.monitor, 'lock acquire', () =>
        this.client.set(name, token, { condition: 'NX', expiration: { type: 'PX', value: this.ttlMs } }),
      );
      if (reply === 'OK') return;
      const left = deadline - Date.now();
      if (left <= 0) throw lockBusy();
      await sleep(Math.min(left, this.pollMs + Math.random() * this.pollMs));
    }
  }

  /** Renews the holder's lock; a lock already taken over is logged (its work overran the TTL). */
  private async extend(name: string, token: string): Promise<void> {
    try {
      const extended = await this.client.eval(EXTEND, { keys: [name], arguments: [token, String(this.ttlMs)] });
      if (extended !== 1) this.monitor.log.error({ lock: name }, 'lock expired before its work finished');
    } catch (error) {
      this.monitor.log.warn({ err: error, lock: name }, 'lock renewal failed; it expires by its TTL');
    }
  }

  /**
   * Releases the holder's lock. A failure does not change the work's answer (the order is placed):
   * the lock then expires by its TTL.
   */
  private async release(name: string, token: string): Promise<void> {
    try {
      await this.client.eval(RELEASE, { keys: [name], arguments: [token] });
    } catch (error) {
      this.monitor.log.warn({ err: error, lock: name }, 'lock release failed; it expires by its TTL');
    }
  }
}
