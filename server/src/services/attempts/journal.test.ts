/**
 * The order-attempt journal's stores (issue 29): in memory, on disk with node:sqlite (what `make
 * start` uses: a process stopped or killed and started again on the same DATA_DIR still knows every
 * attempt), and in Redis (REDIS_URL, shared by every instance, a claim per attempt).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServerBinary, startRedisServer, type RedisServer } from '../../testing/redis-server.ts';
import { closeClient, createRedisClient, whenReady, type RedisClient } from '../../state/redis-client.ts';
import { DiskJournalStore } from './disk-journal.ts';
import { MemoryJournalStore, type AttemptRecord, type JournalStore } from './journal.ts';
import { RedisJournalStore } from './redis-journal.ts';

const log = pino({ level: 'silent' });
let n = 0;

const record = (extra: Partial<AttemptRecord> = {}): AttemptRecord => ({
  id: `attempt-${(n += 1)}-${Date.now()}`,
  state: 'creatingOrder',
  provider: 'adyen',
  site: 'aurora',
  locale: 'fr-FR',
  tokens: { accessToken: 'at', refreshToken: 'rt', customerId: 'c1' },
  authType: 'guest',
  basketId: 'b1',
  startedAtMs: 1,
  updatedAtMs: 1,
  notBeforeMs: 0,
  tries: 0,
  ...extra,
});

/** What every store must do. */
function behaves(name: string, open: () => JournalStore) {
  describe(name, () => {
    it('creates once, reads back, and lists only unfinished attempts', async () => {
      const store = open();
      const first = record();
      expect(await store.create(first)).toBe(true);
      expect(await store.create({ ...first, state: 'paid' }), 'the same id twice').toBe(false);
      expect(await store.get(first.id)).toEqual(first);
      const done = record({ state: 'placed', orderNo: 'SBX-DONE' });
      await store.create(done);
      const open_ = (await store.unfinished()).map((r) => r.id);
      expect(open_).toContain(first.id);
      expect(open_).not.toContain(done.id);
      await store.put({ ...first, state: 'failed' });
      expect((await store.unfinished()).map((r) => r.id)).not.toContain(first.id);
    });

    it('finds an attempt by its order number, pspReference or SetupIntent', async () => {
      const store = open();
      const r = record();
      await store.create(r);
      await store.put({
        ...r,
        state: 'paymentSent',
        orderNo: `SBX-${r.id}`,
        pending: {
          orderNo: `SBX-${r.id}`,
          provider: 'adyen',
          key: 'k',
          paymentType: 'CREDIT_CARD',
          pspReference: `PSP-${r.id}`,
        },
      });
      expect((await store.findByReference(`SBX-${r.id}`))?.id).toBe(r.id);
      expect((await store.findByReference(`PSP-${r.id}`))?.id).toBe(r.id);
      expect(await store.findByReference('SBX-UNKNOWN')).toBeUndefined();
    });

    it('sees a webhook event once', async () => {
      const store = open();
      const event = `evt-${Date.now()}-${(n += 1)}`;
      expect(await store.firstSeen(event)).toBe(true);
      expect(await store.firstSeen(event)).toBe(false);
    });

    it('lets one reconciler claim an attempt at a time', async () => {
      const store = open();
      const id = `claimed-${Date.now()}-${(n += 1)}`;
      const release = await store.claim(id, 5000);
      expect(release).toBeTypeOf('function');
      expect(await store.claim(id, 5000), 'held').toBeUndefined();
      await release!();
      expect(await store.claim(id, 5000), 'released').toBeTypeOf('function');
    });
  });
}

behaves('MemoryJournalStore', () => new MemoryJournalStore());

describe('DiskJournalStore', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'journal-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const stores: DiskJournalStore[] = [];
  afterAll(async () => Promise.all(stores.map((s) => s.close())));
  behaves('on a folder', () => {
    const store = new DiskJournalStore(dir);
    stores.push(store);
    return store;
  });

  it('keeps every attempt across a process stopped and started on the same DATA_DIR', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'journal-restart-'));
    try {
      const before = new DiskJournalStore(path.join(folder, 'data'));
      const r = record({ state: 'paymentSent', orderNo: 'SBX-KEPT' });
      await before.create(r);
      await before.firstSeen('evt-kept');
      // Not closed: as a killed process leaves it.
      const after = new DiskJournalStore(path.join(folder, 'data'));
      expect(await after.get(r.id)).toEqual(r);
      expect((await after.unfinished()).map((x) => x.id)).toEqual([r.id]);
      expect(await after.firstSeen('evt-kept')).toBe(false);
      await Promise.all([before.close(), after.close()]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

const redis = redisServerBinary();
describe.skipIf(!redis.path)('RedisJournalStore', () => {
  let server: RedisServer;
  let client: RedisClient;
  beforeAll(async () => {
    server = await startRedisServer(redis.path!);
    client = createRedisClient(server.url, log);
    expect(await whenReady(client, 5000)).toBe(true);
  });
  afterAll(async () => {
    await closeClient(client);
    await server?.dispose();
  });
  behaves('on a real redis-server', () => new RedisJournalStore(client, { log }));

  it('is a 503 problem, never "no attempt", while Redis is away', async () => {
    const lost = createRedisClient('redis://127.0.0.1:1', log);
    const store = new RedisJournalStore(lost, { log });
    await expect(store.create(record())).rejects.toMatchObject({ status: 503 });
    await closeClient(lost);
  });
});
