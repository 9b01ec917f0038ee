/**
 * The one owner of order attempts (issue 29, docs/decisions/025): the durable journal of each
 * attempt, the reconciler that drives an abandoned attempt to an end state, and the providers'
 * verified webhook events, which are the truth about what happened at the provider.
 *
 * The request's side (place-order, the payment return) writes a recovery point BEFORE each external
 * write (`begin`, `record`); the reconciler (reconciler.ts) acts only on an attempt that has rested
 * past its horizon, so a live request and the reconciler never act on one attempt at once. It runs at
 * start-up, every `intervalMs`, and once more at graceful shutdown; across instances a claim per
 * attempt (Redis SET NX) lets one instance act on it.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { canMove, isEndState, restsUntil, type AttemptState } from '../../../../domain/order-attempt.ts';
import type { AppContext } from '../../context.ts';
import type { AttemptRecord, JournalStore } from './journal.ts';
import type { AttemptAlert, AttemptSettings, AttemptShopper, JournalHand, OrderAttempts } from './port.ts';
import type { ProviderEvent } from './provider-events.ts';
import { drive, recordStoredMethod } from './reconciler.ts';

export type { AttemptAlert, AttemptSettings, OrderAttempts } from './port.ts';

/** The owner: the request's side (OrderAttempts) and the reconciler, which server.ts starts and stops. */
export class AttemptOwner implements OrderAttempts, JournalHand {
  private ctx?: AppContext;
  private alert: AttemptAlert = () => undefined;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  readonly store: JournalStore;
  readonly settings: AttemptSettings;
  readonly now: () => number;
  private readonly log: Logger;

  constructor(store: JournalStore, settings: AttemptSettings, log: Logger, now: () => number = Date.now) {
    this.store = store;
    this.settings = settings;
    this.log = log;
    this.now = now;
  }

  async begin(
    shopper: AttemptShopper,
    input: { provider: AttemptRecord['provider']; basketId: string },
  ): Promise<string> {
    const id = randomUUID();
    const at = this.now();
    const { session } = shopper;
    await this.store.create({
      id,
      state: 'creatingOrder',
      provider: input.provider,
      site: shopper.siteId,
      locale: shopper.locale,
      tokens: shopper.tokens,
      authType: session.authType,
      ...(session.principalUUID ? { principalUUID: session.principalUUID } : {}),
      basketId: input.basketId,
      startedAtMs: at,
      updatedAtMs: at,
      notBeforeMs: 0,
      tries: 0,
    });
    return id;
  }

  async get(id: string): Promise<AttemptRecord | undefined> {
    return this.store.get(id);
  }

  async find(reference: string): Promise<AttemptRecord | undefined> {
    return this.store.findByReference(reference);
  }

  async record(
    id: string | undefined,
    to: AttemptState,
    patch: Partial<AttemptRecord> = {},
    options: { strict?: boolean } = {},
  ): Promise<AttemptRecord | undefined> {
    if (!id) return undefined;
    try {
      const record = await this.store.get(id);
      if (!record) {
        this.log.error({ attempt: id, to }, 'order attempt missing from the journal');
        return undefined;
      }
      return await this.moveFrom(record, to, patch);
    } catch (error) {
      if (options.strict) throw error;
      this.log.error({ err: error, attempt: id, to }, 'order attempt journal not written: the attempt goes on');
      return undefined;
    }
  }

  /**
   * Moves the attempt to `to` with `patch` and writes it; skipped (with a log line) when the table
   * forbids it. The move starts from the journal's record, not the caller's copy: a webhook may have
   * moved the attempt on, or noted a fact, while the caller talked to a provider (a reversal
   * confirmed before its `reversalSent` is written), and that later word must not be overwritten.
   */
  async save(stale: AttemptRecord, to: AttemptState, patch: Partial<AttemptRecord> = {}): Promise<AttemptRecord> {
    return this.moveFrom((await this.store.get(stale.id)) ?? stale, to, patch);
  }

  /** The move of `save` from a record just read from the journal. */
  private async moveFrom(record: AttemptRecord, to: AttemptState, patch: Partial<AttemptRecord>) {
    if (!canMove(record.state, to)) {
      this.log.warn(
        { attempt: record.id, orderNo: record.orderNo, from: record.state, to },
        'order attempt moved on meanwhile: step skipped',
      );
      return record;
    }
    const fresh = record.state !== to;
    const next: AttemptRecord = {
      ...record,
      ...patch,
      state: to,
      updatedAtMs: this.now(),
      ...(fresh ? { tries: 0, notBeforeMs: 0 } : {}),
    };
    await this.store.put(next);
    return next;
  }

  /**
   * Writes what was learnt without a move (a retry's count and backoff, a webhook's fact), onto the
   * journal's record: when the attempt moved on meanwhile, a retry's count for the old state is dropped
   * and a fact is kept.
   */
  async note(stale: AttemptRecord, patch: Partial<AttemptRecord>): Promise<AttemptRecord> {
    const current = (await this.store.get(stale.id)) ?? stale;
    if (current.state !== stale.state && ('tries' in patch || 'notBeforeMs' in patch)) return current;
    const next = { ...current, ...patch };
    await this.store.put(next);
    return next;
  }

  start(ctx: AppContext, alert: AttemptAlert): void {
    this.ctx = ctx;
    this.alert = alert;
    void this.reconcile();
    if (this.settings.intervalMs > 0) {
      this.timer = setInterval(() => void this.reconcile(), this.settings.intervalMs);
      this.timer.unref();
    }
  }

  /** One pass; a pass still running is awaited instead of starting a second. */
  reconcile(): Promise<void> {
    if (!this.ctx) return Promise.resolve();
    this.running ??= this.pass(this.ctx).finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(ctx: AppContext): Promise<void> {
    let open: AttemptRecord[];
    try {
      open = await this.store.unfinished();
    } catch (error) {
      this.log.warn({ err: error }, 'order attempts: the journal cannot be read; next pass later');
      return;
    }
    const counts = new Map<string, number>();
    for (const record of open) counts.set(record.state, (counts.get(record.state) ?? 0) + 1);
    ctx.metrics?.attemptsOpen.reset();
    for (const [state, count] of counts) ctx.metrics?.attemptsOpen.set({ state }, count);
    for (const record of open) {
      if (!this.due(record)) continue;
      const release = await this.store.claim(record.id, this.claimMs()).catch(() => undefined);
      if (!release) continue;
      try {
        const current = await this.store.get(record.id);
        if (current && this.due(current)) await drive(ctx, this, current, this.alert);
      } catch (error) {
        this.log.error(
          { err: error, attempt: record.id, orderNo: record.orderNo },
          'order attempt reconciliation failed',
        );
      } finally {
        await release();
      }
    }
  }

  /** Rested past its horizon and past its backoff. */
  due(record: AttemptRecord): boolean {
    if (isEndState(record.state)) return false;
    const now = this.now();
    const { horizonMs, awayMs } = this.settings;
    return restsUntil(record.state, record.updatedAtMs, horizonMs, awayMs) <= now && record.notBeforeMs <= now;
  }

  /** A claim outlives one attempt's steps (each upstream call is bounded by the upstream timeout). */
  private claimMs(): number {
    return Math.max(60_000, (this.ctx?.config.upstreamTimeoutMs ?? 8000) * 8);
  }

  async stop(deadlineMs = 10_000): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const last = this.reconcile();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([last, new Promise((resolve) => (timer = setTimeout(resolve, deadlineMs)))]);
    clearTimeout(timer);
    await this.store.close();
  }

  async providerEvent(event: ProviderEvent): Promise<void> {
    if (!(await this.store.firstSeen(event.eventId))) {
      this.log.info({ eventId: event.eventId }, 'provider event seen before: ignored');
      return;
    }
    const reference =
      event.provider === 'adyen'
        ? event.kind === 'reversal'
          ? (event.originalReference ?? event.reference)
          : event.reference
        : event.id;
    const record =
      (await this.store.findByReference(reference)) ??
      (event.provider === 'adyen' && event.kind === 'reversal'
        ? await this.store.findByReference(event.reference)
        : event.provider === 'stripe' && event.orderNo
          ? await this.store.findByReference(event.orderNo)
          : undefined);
    const log = this.log.child({ eventId: event.eventId, attempt: record?.id, orderNo: record?.orderNo });
    if (!record) {
      log.info({ provider: event.provider, kind: event.kind }, 'provider event for no order attempt of the shop');
      return;
    }
    await applyEvent(this, record, event, log, this.ctx);
  }
}

/** What a verified event changes: facts on the record, and the moves that only the provider's word allows. */
async function applyEvent(
  owner: AttemptOwner,
  record: AttemptRecord,
  event: ProviderEvent,
  log: Logger,
  ctx: AppContext | undefined,
) {
  const reversedBy = (done: boolean) =>
    done && (record.state === 'reversing' || record.state === 'reversalSent')
      ? owner.save(record, 'reversed')
      : Promise.resolve(record);
  switch (event.kind) {
    case 'authorisation': {
      const pending = record.pending ? { ...record.pending, pspReference: event.pspReference } : undefined;
      const noted = await owner.note(record, {
        authorised: event.success,
        ...(event.success ? { charged: true } : {}),
        ...(pending ? { pending } : {}),
      });
      // Money authorised for an attempt that failed without a charge: it must go back (never a charge without an order).
      if (event.success && noted.state === 'failed') {
        log.warn('authorisation reported after the attempt failed: reversing it');
        await owner.save(noted, 'reversing', { charged: true });
      }
      return;
    }
    case 'reversal':
      if (!event.success) {
        log.error({ code: event.code }, 'the provider refused a reversal: sending it again');
        if (record.state === 'reversalSent') await owner.save(record, 'reversing');
        return;
      }
      await reversedBy(true);
      return;
    case 'recurringContract':
      log.info({ success: event.success }, 'the provider stored the payment method for renewals');
      // The token on the order (c_SNP_OMS_paymentMethodToken) with its shopperReference (issue 31).
      if (event.success) {
        const stored = { token: event.storedPaymentMethodId, shopperReference: event.shopperReference };
        await recordStoredMethod(ctx, owner, record, stored, log);
      }
      return;
    case 'setupIntent': {
      if (event.outcome === 'canceled') {
        await reversedBy(true);
        return;
      }
      if (event.outcome !== 'succeeded' && event.outcome !== 'failed') return;
      const saved = event.outcome === 'succeeded';
      // The intent named, for a reconciler that never read the answer of its creation.
      const pending = record.pending
        ? {
            ...record.pending,
            setupIntentId: event.id,
            ...(event.paymentMethod && !record.pending.paymentMethodId ? { paymentMethodId: event.paymentMethod } : {}),
          }
        : undefined;
      const noted = await owner.note(record, {
        authorised: saved,
        ...(saved ? { charged: true } : {}),
        ...(pending ? { pending } : {}),
      });
      // A card saved for an attempt that failed without a charge: the saving is given back.
      if (saved && noted.state === 'failed') {
        log.warn('SetupIntent success reported after the attempt failed: reversing it');
        await owner.save(noted, 'reversing', { charged: true });
      }
      return;
    }
    case 'paymentIntent':
      log.info({ outcome: event.outcome }, 'payment intent event: the checkout pays with SetupIntents');
      return;
  }
}
