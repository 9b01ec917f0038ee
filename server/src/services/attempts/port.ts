/**
 * What the rest of the proxy sees of the order attempts' owner (issue 29): the request's side of
 * the journal and the providers' events. AppContext carries this; the owner itself (attempts.ts)
 * adds the reconciler's start, passes and stop, which only server.ts drives. Its types come from
 * below the context (session, config), never from modules that import the context.
 */
import type { AttemptState } from '../../../../domain/order-attempt.ts';
import type { Config, SiteId } from '../../config.ts';
import type { SessionData, ShopperTokens } from '../../session.ts';
import type { AttemptRecord } from './journal.ts';
import type { ProviderEventSink } from './provider-events.ts';

/** Who an attempt is for: what the reconciler needs to act for the shopper without them. */
export interface AttemptShopper {
  siteId: SiteId;
  locale: string;
  tokens: ShopperTokens;
  session: Pick<SessionData, 'authType' | 'principalUUID'>;
}

export interface OrderAttempts extends ProviderEventSink {
  /** Opens the journal of a new attempt before createOrder is sent; its id. */
  begin(shopper: AttemptShopper, input: { provider: AttemptRecord['provider']; basketId: string }): Promise<string>;
  /**
   * Writes the attempt's next recovery point (with what it learnt: the order, the provider's
   * references). A move the table does not allow, because a webhook or the reconciler moved the
   * attempt on meanwhile, is logged and skipped: the record stays what the later actor wrote.
   *
   * `strict` (the point before a write that may take money: `paymentSent`): a journal that cannot be
   * written throws, so the write is never sent without its recovery point. Otherwise (after the
   * provider acted) the failure is logged and the attempt goes on: placing a paid order, or failing
   * and reversing, is safer than stopping, and the reconciler, finding the earlier point, reads the
   * order's status before it acts (issue 29 path 4: Redis lost after the provider acted).
   */
  record(
    id: string | undefined,
    to: AttemptState,
    patch?: Partial<AttemptRecord>,
    options?: { strict?: boolean },
  ): Promise<AttemptRecord | undefined>;
  get(id: string): Promise<AttemptRecord | undefined>;
  /** The attempt that made or pays this order (its order number, pspReference or SetupIntent id). */
  find(reference: string): Promise<AttemptRecord | undefined>;
}

/** The reconciler's settings (ORDER_ATTEMPT_HORIZON_MS, ORDER_ATTEMPT_AWAY_MS, RECONCILE_*: ops-settings.ts). */
export type AttemptSettings = Config['orderAttempts'];

/** What the reconciler raises when a person must act (a metric, the log, Sentry). */
export type AttemptAlert = (reason: 'reversal-not-confirmed' | 'order-not-placed', record: AttemptRecord) => void;

/** The owner's hand on the journal, as the reconciler's steps use it (reconciler.ts). */
export interface JournalHand {
  readonly settings: AttemptSettings;
  now(): number;
  /** Moves the attempt (from the journal's record) and writes it; skipped when the table forbids the move. */
  save(record: AttemptRecord, to: AttemptState, patch?: Partial<AttemptRecord>): Promise<AttemptRecord>;
  /** Writes what was learnt without a move. */
  note(record: AttemptRecord, patch: Partial<AttemptRecord>): Promise<AttemptRecord>;
}
