/**
 * Sessions in Redis (issue 16), so that every proxy instance behind the load balancer sees the
 * same shopper: one JSON value per session under `shop:session:<id>`, expiring with the lifetime
 * the Sessions class gives it (storefront §9: 90 days for a registered shopper's refresh token,
 * SESSION_TTL_SECONDS for others). The session carries the login in progress (PKCE verifier,
 * state, nonce, return path) and the place-order answer records, so they are shared too.
 *
 * Every failure to reach Redis throws the 503 of `storeUnavailable`: `get` answers undefined only
 * when Redis says the session does not exist.
 */
import { readSession, type SessionData, type SessionStore } from '../session.ts';
import { storeCall, type RedisClient, type StoreMonitor } from './redis-client.ts';

export const SESSION_KEY_PREFIX = 'shop:session:';
/** A rotated id's tombstone (issue 30): `shop:session-rotated:<oldId>`, expiring on its own. */
export const ROTATED_KEY_PREFIX = 'shop:session-rotated:';

export class RedisSessionStore implements SessionStore {
  private readonly client: RedisClient;
  private readonly monitor: StoreMonitor;

  constructor(client: RedisClient, monitor: StoreMonitor) {
    this.client = client;
    this.monitor = monitor;
  }

  private key(id: string): string {
    return `${SESSION_KEY_PREFIX}${id}`;
  }

  async get(id: string): Promise<SessionData | undefined> {
    const raw = await storeCall(this.monitor, 'session read', () => this.client.get(this.key(id)));
    if (raw === null) return undefined;
    try {
      return readSession(raw);
    } catch (error) {
      // A value no instance could have written (not JSON): the session is unusable, like an absent one.
      this.monitor.log.error({ err: error }, 'stored session is not JSON; starting a new one');
      return undefined;
    }
  }

  async set(data: SessionData, ttlSeconds: number): Promise<void> {
    await storeCall(this.monitor, 'session write', () =>
      this.client.set(this.key(data.id), JSON.stringify(data), { expiration: { type: 'EX', value: ttlSeconds } }),
    );
  }

  /** `SET … XX EX`: written only while the key exists, so a rotated or logged-out id stays gone (issue 30). */
  async update(data: SessionData, ttlSeconds: number): Promise<boolean> {
    const written = await storeCall(this.monitor, 'session write', () =>
      this.client.set(this.key(data.id), JSON.stringify(data), {
        expiration: { type: 'EX', value: ttlSeconds },
        condition: 'XX',
      }),
    );
    return written === 'OK';
  }

  async touch(id: string, ttlSeconds: number): Promise<boolean> {
    const renewed = await storeCall(this.monitor, 'session touch', () => this.client.expire(this.key(id), ttlSeconds));
    return renewed === 1;
  }

  async delete(id: string): Promise<void> {
    await storeCall(this.monitor, 'session delete', () => this.client.del(this.key(id)));
  }

  /**
   * MULTI/EXEC: the new id's record, the old id's deletion and its tombstone happen together or not
   * at all, so no instance sees the old id gone without its tombstone (issue 30).
   */
  async replace(previousId: string, data: SessionData, ttlSeconds: number, tombstoneSeconds: number): Promise<void> {
    await storeCall(this.monitor, 'session rotate', () =>
      this.client
        .multi()
        .del(this.key(previousId))
        .set(this.key(data.id), JSON.stringify(data), { expiration: { type: 'EX', value: ttlSeconds } })
        .set(`${ROTATED_KEY_PREFIX}${previousId}`, '1', { expiration: { type: 'EX', value: tombstoneSeconds } })
        .exec(),
    );
  }

  async rotated(id: string): Promise<boolean> {
    const found = await storeCall(this.monitor, 'session read', () => this.client.exists(`${ROTATED_KEY_PREFIX}${id}`));
    return found === 1;
  }
}
