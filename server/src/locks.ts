/**
 * Per-key serialisation of work that reads and writes one shopper's session (placing and
 * confirming an order): a double click or a second tab waits for the first to finish and then
 * sees what it wrote. One process holds its locks in memory (below); instances behind a load
 * balancer share a Redis lock with the same interface (state/redis-lock.ts, REDIS_URL, issue 16).
 */
export interface KeyedLock {
  /** Runs `work` after every earlier call for the same key has finished, failed or not. */
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

/** The lock of one process. */
export class MemoryKeyedLock implements KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(work);
    this.tails.set(key, current);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === current) this.tails.delete(key);
    }
  }
}
