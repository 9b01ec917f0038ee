/**
 * The embedded default journal (issue 29): a SQLite file under DATA_DIR, with Node 24's built-in
 * node:sqlite (no native build step), so `make start` stopped or killed and started again still knows
 * every attempt in flight. Each write is its own transaction with `synchronous = FULL` in WAL mode:
 * once a recovery point's write returned, it survives the process and the machine. One instance owns
 * a DATA_DIR; several instances share a journal through Redis (redis-journal.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { isEndState } from '../../../../domain/order-attempt.ts';
import { LocalClaims, referencesOf, type AttemptRecord, type JournalStore } from './journal.ts';

export const JOURNAL_FILE = 'order-attempts.sqlite';

/** How long a finished attempt and a seen webhook event are kept (a redelivery comes within days). */
const KEEP_MS = 30 * 24 * 60 * 60_000;

export class DiskJournalStore implements JournalStore {
  private readonly db: DatabaseSync;
  private readonly claims = new LocalClaims();

  /** `dataDir`: the folder (made when missing); `:memory:` for a database that lives with the process. */
  constructor(dataDir: string) {
    let file = ':memory:';
    if (dataDir !== ':memory:') {
      mkdirSync(dataDir, { recursive: true });
      file = path.join(dataDir, JOURNAL_FILE);
    }
    this.db = new DatabaseSync(file);
    this.db.exec(`
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = FULL;
      PRAGMA busy_timeout = 2000;
      CREATE TABLE IF NOT EXISTS attempts (
        id TEXT PRIMARY KEY,
        finished INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL,
        record TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS attempts_open ON attempts (finished, updated_ms);
      CREATE TABLE IF NOT EXISTS attempt_refs (ref TEXT PRIMARY KEY, id TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS seen_events (event TEXT PRIMARY KEY, seen_ms INTEGER NOT NULL);
    `);
    this.prune(Date.now());
  }

  /** Forgets finished attempts and seen events older than KEEP_MS. */
  private prune(nowMs: number): void {
    const before = nowMs - KEEP_MS;
    this.db
      .prepare('DELETE FROM attempt_refs WHERE id IN (SELECT id FROM attempts WHERE finished = 1 AND updated_ms < ?)')
      .run(before);
    this.db.prepare('DELETE FROM attempts WHERE finished = 1 AND updated_ms < ?').run(before);
    this.db.prepare('DELETE FROM seen_events WHERE seen_ms < ?').run(before);
  }

  private write(record: AttemptRecord, insert: boolean): boolean {
    const finished = isEndState(record.state) ? 1 : 0;
    const json = JSON.stringify(record);
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const changes = insert
        ? this.db
            .prepare('INSERT OR IGNORE INTO attempts (id, finished, updated_ms, record) VALUES (?, ?, ?, ?)')
            .run(record.id, finished, record.updatedAtMs, json).changes
        : this.db
            .prepare('UPDATE attempts SET finished = ?, updated_ms = ?, record = ? WHERE id = ?')
            .run(finished, record.updatedAtMs, json, record.id).changes;
      if (Number(changes) > 0) {
        const ref = this.db.prepare('INSERT OR REPLACE INTO attempt_refs (ref, id) VALUES (?, ?)');
        for (const reference of referencesOf(record)) ref.run(reference, record.id);
      }
      this.db.exec('COMMIT');
      return Number(changes) > 0;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  async create(record: AttemptRecord): Promise<boolean> {
    return this.write(record, true);
  }

  async get(id: string): Promise<AttemptRecord | undefined> {
    const row = this.db.prepare('SELECT record FROM attempts WHERE id = ?').get(id) as { record: string } | undefined;
    return row ? (JSON.parse(row.record) as AttemptRecord) : undefined;
  }

  async put(record: AttemptRecord): Promise<void> {
    if (!this.write(record, false)) throw new Error(`order attempt ${record.id} is not in the journal`);
  }

  async findByReference(reference: string): Promise<AttemptRecord | undefined> {
    const row = this.db.prepare('SELECT id FROM attempt_refs WHERE ref = ?').get(reference) as
      { id: string } | undefined;
    return row ? this.get(row.id) : undefined;
  }

  async unfinished(): Promise<AttemptRecord[]> {
    const rows = this.db.prepare('SELECT record FROM attempts WHERE finished = 0 ORDER BY updated_ms').all() as Array<{
      record: string;
    }>;
    return rows.map((row) => JSON.parse(row.record) as AttemptRecord);
  }

  async firstSeen(eventId: string): Promise<boolean> {
    const { changes } = this.db
      .prepare('INSERT OR IGNORE INTO seen_events (event, seen_ms) VALUES (?, ?)')
      .run(eventId, Date.now());
    return Number(changes) > 0;
  }

  async claim(id: string, ttlMs: number): Promise<(() => Promise<void>) | undefined> {
    return this.claims.claim(id, ttlMs);
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }
}
