/**
 * Rate-limit counters in Redis (issue 16: "rate limits count across both instances"):
 * rate-limit-redis's RedisStore, one per limit group (its own key prefix), sending its commands
 * through the instance's one client.
 *
 * Two things change from the stock store. Its Lua scripts are loaded when first needed and loaded
 * again after any failure: the stock store loads them once, at start-up, and keeps a failed load
 * for ever, so a Redis that was away then (or restarted since) would fail every later request.
 * And a failure is the 503 problem of `storeUnavailable` (logged), not express-rate-limit's 500.
 */
import type { Options as RateLimitOptions } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { storeCall, type RedisClient, type StoreMonitor } from './redis-client.ts';

export const RATE_LIMIT_KEY_PREFIX = 'shop:rl:';

/** Marks a promise's rejection handled (it is still awaited, and rejects, where it is used). */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

export class SharedRateLimitStore extends RedisStore {
  private readonly monitor: StoreMonitor;
  /** True until the scripts are loaded, and again after any failure. */
  private scriptsStale = true;

  /** `group` names the limit (login, addressLookup, payment): its counters have their own keys. */
  constructor(client: RedisClient, group: string, monitor: StoreMonitor) {
    super({
      prefix: `${RATE_LIMIT_KEY_PREFIX}${group}:`,
      sendCommand: (...args: string[]) => client.sendCommand(args) as Promise<RedisReply>,
    });
    this.monitor = monitor;
  }

  /** Called by express-rate-limit when the limiter is made: nothing is sent to Redis yet. */
  override async init(options: RateLimitOptions): Promise<void> {
    this.windowMs = options.windowMs;
  }

  private async guarded<T>(operation: string, call: () => Promise<T>): Promise<T> {
    if (this.scriptsStale) {
      this.scriptsStale = false;
      this.incrementScriptSha = handled(this.loadIncrementScript());
      this.getScriptSha = handled(this.loadGetScript());
    }
    try {
      return await storeCall(this.monitor, operation, call);
    } catch (error) {
      this.scriptsStale = true;
      throw error;
    }
  }

  override increment(key: string) {
    return this.guarded('rate limit count', () => super.increment(key));
  }

  override get(key: string) {
    return this.guarded('rate limit read', () => super.get(key));
  }

  override decrement(key: string) {
    return this.guarded('rate limit decrement', () => super.decrement(key));
  }

  override resetKey(key: string) {
    return this.guarded('rate limit reset', () => super.resetKey(key));
  }
}
