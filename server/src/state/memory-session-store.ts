/**
 * The embedded session store (no REDIS_URL: `make start`, one instance), holding each session as
 * JSON, as Redis does (state/redis-session-store.ts): every read is a copy of its own, and JSON.parse
 * costs less than structuredClone did.
 */
import { readSession, type SessionData, type SessionStore } from '../session.ts';

export class MemorySessionStore implements SessionStore {
  private readonly entries = new Map<string, { data: string; expiresAt: number }>();
  /** Rotated ids and when their tombstones end (issue 30). */
  private readonly tombstones = new Map<string, number>();
  private readonly now: () => number;

  constructor(now: () => number = () => Date.now()) {
    this.now = now;
  }

  async get(id: string): Promise<SessionData | undefined> {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(id);
      return undefined;
    }
    return readSession(entry.data);
  }

  async set(data: SessionData, ttlSeconds: number): Promise<void> {
    // Sweep expired entries now and then so an idle process does not grow.
    if (this.entries.size % 1000 === 999) {
      const now = this.now();
      for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
      for (const [key, until] of this.tombstones) if (until <= now) this.tombstones.delete(key);
    }
    this.entries.set(data.id, { data: JSON.stringify(data), expiresAt: this.now() + ttlSeconds * 1000 });
  }

  async update(data: SessionData, ttlSeconds: number): Promise<boolean> {
    const entry = this.entries.get(data.id);
    if (!entry || entry.expiresAt <= this.now()) return false;
    this.entries.set(data.id, { data: JSON.stringify(data), expiresAt: this.now() + ttlSeconds * 1000 });
    return true;
  }

  async touch(id: string, ttlSeconds: number): Promise<boolean> {
    const entry = this.entries.get(id);
    if (!entry || entry.expiresAt <= this.now()) return false;
    entry.expiresAt = this.now() + ttlSeconds * 1000;
    return true;
  }

  async delete(id: string): Promise<void> {
    this.entries.delete(id);
  }

  async replace(previousId: string, data: SessionData, ttlSeconds: number, tombstoneSeconds: number): Promise<void> {
    this.entries.delete(previousId);
    this.tombstones.set(previousId, this.now() + tombstoneSeconds * 1000);
    await this.set(data, ttlSeconds);
  }

  async rotated(id: string): Promise<boolean> {
    const until = this.tombstones.get(id);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.tombstones.delete(id);
    return false;
  }
}
