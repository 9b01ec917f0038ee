/**
 * What proxy instances share when REDIS_URL is set (issue 16, DESIGN.md "Stateless proxy, scale
 * out"): the sessions (with the login in progress and the place-order answer records), the lock of
 * the checkout's writes, and the rate-limit counters, all through one Redis client per instance.
 * server.ts makes it, waits for the connection in start() and closes it in stop(). Without
 * REDIS_URL none of this exists and the in-memory stores serve one instance.
 */
import type { components } from '../../../generated/proxy/types.ts';
import type { Store } from 'express-rate-limit';
import type { KeyedLock } from '../locks.ts';
import type { SessionStore } from '../session.ts';
import {
  closeClient,
  createRedisClient,
  pingable,
  whenReady,
  type RedisClient,
  type StoreMonitor,
} from './redis-client.ts';
import { RedisKeyedLock, type RedisLockOptions } from './redis-lock.ts';
import { SharedRateLimitStore } from './redis-rate-limit-store.ts';
import { RedisSessionStore } from './redis-session-store.ts';

export interface SharedState {
  client: RedisClient;
  sessions: SessionStore;
  locks: KeyedLock;
  /** A counter store for one rate-limit group (its own keys): express-rate-limit wants one per limiter. */
  rateLimitStore(group: string): Store;
  /** Waits for the first connection, at most `timeoutMs`; false when Redis is still unreachable. */
  connected(timeoutMs: number): Promise<boolean>;
  /** Reachable now (GET /api/readyz). */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Connects to `url` (the connection is made in the background and kept). `monitor` hears of every
 * failed operation: the log, and the metrics' session store errors.
 */
export function createSharedState(url: string, monitor: StoreMonitor, lockOptions: RedisLockOptions = {}): SharedState {
  const client = createRedisClient(url, monitor.log);
  return {
    client,
    sessions: new RedisSessionStore(client, monitor),
    locks: new RedisKeyedLock(client, monitor, lockOptions),
    rateLimitStore: (group) => new SharedRateLimitStore(client, group, monitor),
    connected: (timeoutMs) => whenReady(client, timeoutMs),
    reachable: () => pingable(client),
    close: () => closeClient(client),
  };
}

/**
 * The readiness checks of the shared state, for GET /api/readyz: `redis` is failing while Redis
 * cannot be reached (the load balancer then sends the instance nothing); none without REDIS_URL.
 */
export async function sharedStateChecks(ctx: {
  sharedState?: SharedState | undefined;
}): Promise<NonNullable<components['schemas']['Health']['checks']>> {
  if (!ctx.sharedState) return {};
  return { redis: (await ctx.sharedState.reachable()) ? 'ok' : 'failing' };
}
