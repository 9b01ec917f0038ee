/**
 * The journal shared by every instance (REDIS_URL, issue 29): one JSON value per attempt under
 * `shop:attempt:<id>`, the set of unfinished attempts `shop:attempts:open`, an index from each
 * reference (order number, pspReference, SetupIntent id) to its attempt, the webhook events seen,
 * and a claim per attempt (SET NX PX) so that each resting attempt is reconciled by one instance
 * at a time. Each write is one MULTI/EXEC. Durability is Redis's: run it with AOF on
 * (`appendonly yes`, `appendfsync everysec` at least; docs/runbook.md), or a restart loses the
 * attempts in flight.
 *
 * A failure to reach Redis throws the 503 of `storeUnavailable` (redis-client.ts): a recovery
 * point that cannot be written stops the attempt BEFORE the external write it announces.
 */
import { randomBytes } from 'node:crypto';
import { isEndState } from '../../../../domain/order-attempt.ts';
import { storeCall, type RedisClient, type StoreMonitor } from '../../state/redis-client.ts';
import { referencesOf, type AttemptRecord, type JournalStore } from './journal.ts';

const PREFIX = 'shop:attempt:';
const OPEN = 'shop:attempts:open';
const REF = 'shop:attempt-ref:';
const SEEN = 'shop:webhook-event:';
const CLAIM = 'shop:attempt-claim:';
/** How long a finished attempt, its references and a seen webhook event are kept. */
const KEEP_SECONDS = 30 * 24 * 60 * 60;
/** Deletes the claim only when it still holds the caller's token. */
const RELEASE = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`;

export class RedisJournalStore implements JournalStore {
  private readonly client: RedisClient;
  private readonly monitor: StoreMonitor;

  constructor(client: RedisClient, monitor: StoreMonitor) {
    this.client = client;
    this.monitor = monitor;
  }

  private async write(record: AttemptRecord, insert: boolean): Promise<boolean> {
    const key = `${PREFIX}${record.id}`;
    const json = JSON.stringify(record);
    const finished = isEndState(record.state);
    return storeCall(this.monitor, 'attempt journal write', async () => {
      if (insert && (await this.client.exists(key)) === 1) return false;
      const multi = this.client.multi();
      if (finished) {
        multi.set(key, json, { expiration: { type: 'EX', value: KEEP_SECONDS } });
        multi.sRem(OPEN, record.id);
      } else {
        multi.set(key, json);
        multi.sAdd(OPEN, record.id);
      }
      for (const reference of referencesOf(record))
        multi.set(`${REF}${reference}`, record.id, { expiration: { type: 'EX', value: KEEP_SECONDS } });
      await multi.exec();
      return true;
    });
  }

  create(record: AttemptRecord): Promise<boolean> {
    return this.write(record, true);
  }

  async get(id: string): Promise<AttemptRecord | undefined> {
    const json = await storeCall(this.monitor, 'attempt journal read', () => this.client.get(`${PREFIX}${id}`));
    return json === null ? undefined : (JSON.parse(json) as AttemptRecord);
  }

  async put(record: AttemptRecord): Promise<void> {
    await this.write(record, false);
  }

  async findByReference(reference: string): Promise<AttemptRecord | undefined> {
    const id = await storeCall(this.monitor, 'attempt journal read', () => this.client.get(`${REF}${reference}`));
    return id === null ? undefined : this.get(id);
  }

  async unfinished(): Promise<AttemptRecord[]> {
    const ids = await storeCall(this.monitor, 'attempt journal read', () => this.client.sMembers(OPEN));
    if (ids.length === 0) return [];
    const values = await storeCall(this.monitor, 'attempt journal read', () =>
      this.client.mGet(ids.map((id) => `${PREFIX}${id}`)),
    );
    return values.flatMap((json) => (json === null ? [] : [JSON.parse(json) as AttemptRecord]));
  }

  async firstSeen(eventId: string): Promise<boolean> {
    const set = await storeCall(this.monitor, 'webhook event record', () =>
      this.client.set(`${SEEN}${eventId}`, '1', { condition: 'NX', expiration: { type: 'EX', value: KEEP_SECONDS } }),
    );
    return set === 'OK';
  }

  async claim(id: string, ttlMs: number): Promise<(() => Promise<void>) | undefined> {
    const key = `${CLAIM}${id}`;
    const token = randomBytes(16).toString('hex');
    const set = await storeCall(this.monitor, 'attempt claim', () =>
      this.client.set(key, token, { condition: 'NX', expiration: { type: 'PX', value: ttlMs } }),
    );
    if (set !== 'OK') return undefined;
    return async () => {
      await storeCall(this.monitor, 'attempt claim release', () =>
        this.client.eval(RELEASE, { keys: [key], arguments: [token] }),
      ).catch(() => undefined);
    };
  }

  /** The shared Redis client is closed by the shared state's own closer. */
  async close(): Promise<void> {}
}
