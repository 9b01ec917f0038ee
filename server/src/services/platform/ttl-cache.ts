/**
 * A small in-process cache for reads that are the same for every shopper of a site and locale
 * (products, categories, content assets, custom preferences) and for the maintenance check.
 *
 * - A value is fresh for `ttlMs`: served without asking again.
 * - For `staleMs` after that it is stale (stale-while-revalidate): still served at once, while one
 *   background load per key refreshes it. A failed refresh keeps the stale value (the caller is
 *   told, to log it) until the stale window ends, so an upstream outage costs no page as long as
 *   the window lasts, and never longer: a value past `ttlMs + staleMs` is loaded again in the
 *   foreground, whose failure reaches the caller (the renewal loader's 502, storefront §8).
 * - A failed foreground load is not kept: the next request tries again. Concurrent requests for a
 *   key being loaded share that one load.
 * - At most `maxEntries` keys; the one loaded longest ago leaves first.
 *
 * Without `staleMs` a value past its TTL is simply loaded again (the maintenance check wants that).
 */
import type { Logger } from 'pino';

export interface TtlCacheOptions {
  ttlMs: number;
  /** How long past `ttlMs` a value is served while it is refreshed in the background (0: not at all). */
  staleMs?: number;
  maxEntries?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

/**
 * The reads every shopper of a site and locale shares (products with their variants and prices,
 * categories, content assets, custom preferences): fresh a minute, so a merchant's change shows
 * within about a minute while shoppers come; then served up to five more minutes while one
 * background load refreshes them, which also bridges a platform outage of that length.
 */
export const SHARED_READS: TtlCacheOptions = { ttlMs: 60_000, staleMs: 5 * 60_000 };

/**
 * One cache per set of upstream clients, that is per proxy instance: production runs one per process,
 * and tests that start several in one process (each against its own sandbox) never share answers.
 */
export function cachePerUpstreams<T>(options: TtlCacheOptions): (upstreams: object) => TtlCache<T> {
  const caches = new WeakMap<object, TtlCache<T>>();
  return (upstreams) => {
    let cache = caches.get(upstreams);
    if (!cache) {
      cache = new TtlCache<T>(options);
      caches.set(upstreams, cache);
    }
    return cache;
  };
}

/** Logs a failed background refresh of a shared read (`what` of `key`): the kept copy is served meanwhile. */
export const staleServed =
  (logger: Pick<Logger, 'warn'>, what: string, key: string) =>
  (error: unknown): void =>
    logger.warn({ err: error, key }, `${what} refresh failed: the kept copy is served`);

interface Entry<T> {
  /** The settled value's promise, or the first load still in flight. */
  value: Promise<T>;
  /** When the value was loaded; undefined while the first load is in flight. */
  loadedAt: number | undefined;
  /** A background refresh is in flight (one per key). */
  refreshing: boolean;
}

export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: number | TtlCacheOptions, maxEntries = 500) {
    const o = typeof options === 'number' ? { ttlMs: options, maxEntries } : options;
    this.ttlMs = o.ttlMs;
    this.staleMs = o.staleMs ?? 0;
    this.maxEntries = o.maxEntries ?? maxEntries;
    this.now = o.now ?? (() => Date.now());
  }

  /**
   * The value of `key`, loaded by `load` when there is none usable. `refreshFailed` hears of a
   * background refresh that failed (the stale value is served meanwhile); a foreground failure
   * rejects the returned promise instead.
   */
  get(key: string, load: () => Promise<T>, refreshFailed?: (error: unknown) => void): Promise<T> {
    const entry = this.entries.get(key);
    if (entry) {
      if (entry.loadedAt === undefined) return entry.value;
      const age = this.now() - entry.loadedAt;
      if (age < this.ttlMs) return entry.value;
      if (age < this.ttlMs + this.staleMs) {
        if (!entry.refreshing) this.refresh(key, entry, load, refreshFailed);
        return entry.value;
      }
    }
    return this.loadNow(key, load);
  }

  /** Forgets every value (tests; a configuration change). */
  clear(): void {
    this.entries.clear();
  }

  /** How many keys are kept (tests). */
  get size(): number {
    return this.entries.size;
  }

  private loadNow(key: string, load: () => Promise<T>): Promise<T> {
    const value = start(load);
    const entry: Entry<T> = { value, loadedAt: undefined, refreshing: false };
    this.put(key, entry);
    value.then(
      () => {
        if (this.entries.get(key) === entry) entry.loadedAt = this.now();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  private refresh(key: string, entry: Entry<T>, load: () => Promise<T>, failed?: (error: unknown) => void): void {
    entry.refreshing = true;
    const value = start(load);
    value.then(
      () => {
        // Only the entry this refresh was for is replaced: a clear() or an eviction meanwhile wins.
        if (this.entries.get(key) === entry) this.put(key, { value, loadedAt: this.now(), refreshing: false });
      },
      (error: unknown) => {
        entry.refreshing = false;
        failed?.(error);
      },
    );
  }

  private put(key: string, entry: Entry<T>): void {
    // Map keeps insertion order: re-inserting puts the key last, so the first key is the oldest load.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** The load's promise; a load that throws before returning one becomes a rejection like any other. */
function start<T>(load: () => Promise<T>): Promise<T> {
  try {
    return load();
  } catch (error) {
    return Promise.reject(error);
  }
}
