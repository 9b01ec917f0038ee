/**
 * The durable journal of order attempts (issue 29, docs/decisions/025): one record per place-order
 * attempt, written at each recovery point BEFORE the external write it announces (domain/order-attempt.ts).
 * What a reconciler needs to finish the attempt without the shopper is in the record: the provider's
 * references, the order number, the market, and the commerce token the attempt acted with.
 *
 * Three stores share this interface: in memory (tests), on disk with node:sqlite under DATA_DIR
 * (the embedded default, so `make start` stopped and started again loses nothing), and Redis (REDIS_URL,
 * shared by every instance; AOF persistence required: docs/runbook.md).
 */
import type { components } from '../../../../generated/proxy/types.ts';
import { isEndState, type AttemptState } from '../../../../domain/order-attempt.ts';
import type { PendingPayment, ShopperTokens } from '../../session.ts';
import type { SiteId } from '../../config.ts';

export interface AttemptRecord {
  /** The attempt's idempotency key (the browser's Idempotency-Key of placeOrder). */
  id: string;
  state: AttemptState;
  provider: components['schemas']['PaymentProvider'];
  site: SiteId;
  locale: string;
  /** The commerce shopper token the attempt acted with (refreshed by the reconciler when expired). */
  tokens: ShopperTokens;
  authType: components['schemas']['Session']['authType'];
  /** The identity provider's subject of a registered shopper (the order-management record's flag). */
  principalUUID?: string;
  /** The basket the order is made of. */
  basketId: string;
  /** When createOrder was sent (epoch ms): an order made by it is newer. */
  startedAtMs: number;
  updatedAtMs: number;
  /** When the reconciler may next act (backoff after a failed step); 0: as soon as the state rests long enough. */
  notBeforeMs: number;
  /** How many times the reconciler tried the current state's step. */
  tries: number;
  /** The order, once made. */
  orderNo?: string;
  /** The customer's name as the order carries it (failing the order writes it, storefront §4). */
  customerName?: string;
  /** The payment in flight: the provider's references (pspReference, SetupIntent, method, card). */
  pending?: PendingPayment;
  /** The provider may hold money or a saved method for this attempt (a payment was sent, no refusal came). */
  charged?: boolean;
  /**
   * What the provider said of the payment outside the attempt's own answers (a webhook, or a
   * read-back): true authorised or saved, false refused; absent while it said nothing.
   */
  authorised?: boolean;
  /** An alert was raised for this attempt (reversal not confirmed after its retries). */
  alerted?: boolean;
  /** The last problem the reconciler met, for the people on call. */
  lastError?: string;
}

export interface JournalStore {
  /** Writes a new record; false when one with this id exists already. */
  create(record: AttemptRecord): Promise<boolean>;
  get(id: string): Promise<AttemptRecord | undefined>;
  /** Replaces the record (its id must exist). */
  put(record: AttemptRecord): Promise<void>;
  /** The attempt that made or pays this order (the order number, a pspReference or a SetupIntent id). */
  findByReference(reference: string): Promise<AttemptRecord | undefined>;
  /** Every attempt not in an end state. */
  unfinished(): Promise<AttemptRecord[]>;
  /** Marks an event as seen; false when it was seen before (a redelivered webhook). */
  firstSeen(eventId: string): Promise<boolean>;
  /**
   * Claims the attempt for one reconciliation for at most `ttlMs`: a release function, or undefined
   * when another reconciler (this instance's or another's) holds it.
   */
  claim(id: string, ttlMs: number): Promise<(() => Promise<void>) | undefined>;
  close(): Promise<void>;
}

/** Claims held in this process (the memory and disk stores serve one instance). */
export class LocalClaims {
  private readonly held = new Map<string, number>();

  claim(id: string, ttlMs: number, nowMs = Date.now()): (() => Promise<void>) | undefined {
    const until = this.held.get(id);
    if (until !== undefined && until > nowMs) return undefined;
    this.held.set(id, nowMs + ttlMs);
    return async () => {
      this.held.delete(id);
    };
  }
}

/** The references an attempt is found by: its order number, the payment's pspReference and SetupIntent. */
export function referencesOf(record: AttemptRecord): string[] {
  return [record.orderNo, record.pending?.pspReference, record.pending?.setupIntentId].filter(
    (r): r is string => typeof r === 'string' && r.length > 0,
  );
}

/** The in-memory store (tests, and a process that asks for no durability). */
export class MemoryJournalStore implements JournalStore {
  private readonly records = new Map<string, string>();
  private readonly seen = new Set<string>();
  private readonly claims = new LocalClaims();

  async create(record: AttemptRecord): Promise<boolean> {
    if (this.records.has(record.id)) return false;
    this.records.set(record.id, JSON.stringify(record));
    return true;
  }

  async get(id: string): Promise<AttemptRecord | undefined> {
    const json = this.records.get(id);
    return json === undefined ? undefined : (JSON.parse(json) as AttemptRecord);
  }

  async put(record: AttemptRecord): Promise<void> {
    this.records.set(record.id, JSON.stringify(record));
  }

  async findByReference(reference: string): Promise<AttemptRecord | undefined> {
    for (const json of this.records.values()) {
      const record = JSON.parse(json) as AttemptRecord;
      if (referencesOf(record).includes(reference)) return record;
    }
    return undefined;
  }

  async unfinished(): Promise<AttemptRecord[]> {
    return [...this.records.values()]
      .map((json) => JSON.parse(json) as AttemptRecord)
      .filter((record) => !isEndState(record.state));
  }

  async firstSeen(eventId: string): Promise<boolean> {
    if (this.seen.has(eventId)) return false;
    this.seen.add(eventId);
    return true;
  }

  async claim(id: string, ttlMs: number): Promise<(() => Promise<void>) | undefined> {
    return this.claims.claim(id, ttlMs);
  }

  async close(): Promise<void> {}
}
