/**
 * The reconciler's steps (issue 29, docs/decisions/025): an attempt that rested past its horizon
 * (the shopper's request ended, the process died, a write failed) is driven to an end state with
 * the shopper's commerce token the attempt recorded, never the shopper's presence:
 *
 * - `findOrder` (createOrder's answer lost): the order it made is found among the customer's
 *   orders and failed with its basket given back; none made within the late-order window: failed;
 * - `fail`: the order failed (fail before reversing: a failed order can never become placed), its
 *   basket given back; then reversing when the provider may hold money;
 * - `askProvider` (a payment sent, its outcome never read, or a shopper who never came back from
 *   3-D Secure or the bank page): what the provider said (a webhook, or Stripe's SetupIntent read
 *   back) decides: paid → place; anything else → fail and reverse;
 * - `place` (paid, the order not written placed): written placed, retried with backoff; a platform
 *   that never takes it gets the order failed and the payment reversed, and a person is alerted;
 * - `reverse`: sent again with the same idempotency key until the provider received it, with
 *   backoff; an Adyen reversal counts as done only when its webhook says so. After
 *   `alertAfterTries` a person is alerted (a metric, an error log line, a Sentry event), and the
 *   retries go on.
 */
import type { Logger } from 'pino';
import { reconcileStep, retryDelay } from '../../../../domain/order-attempt.ts';
import type { AppContext } from '../../context.ts';
import type { SessionData } from '../../session.ts';
import { flagOrderForUpdate } from '../../upstream/som.ts';
import { retrieveSetupIntent } from '../../upstream/stripe.ts';
import { LATE_ORDER_MS, orderMadeSince } from './order-attempt.ts';
import { failAndGiveBack, sendReversal, writeOrderPaid, writeOrderStoredMethod } from './settlement.ts';
import { readOrder } from '../../upstream/commerce/orders.ts';
import { ensureShopperToken } from '../identity/shopper-auth.ts';
import { shopperFor, type Shopper } from '../identity/shopper.ts';
import type { AttemptAlert, JournalHand as AttemptOwner } from './port.ts';
import type { AttemptRecord } from './journal.ts';

/** At most this many moves per pass for one attempt (each is one recovery point). */
const MAX_MOVES = 8;

const isPlaced = (order: { status?: string } | null) => order?.status === 'new' || order?.status === 'completed';

/** The attempt's shopper, without a request: its session facts and its (refreshed) commerce token. */
async function shopperOfAttempt(ctx: AppContext, owner: AttemptOwner, record: AttemptRecord, log: Logger) {
  const session: SessionData = {
    id: `order-attempt:${record.id}`,
    csrfToken: '',
    authType: record.authType,
    site: record.site,
    locale: record.locale,
    customer: null,
    basketItemCount: 0,
    shopperTokens: record.tokens,
    ...(record.principalUUID ? { principalUUID: record.principalUUID } : {}),
    ...(record.orderNo ? { placedOrders: [record.orderNo] } : {}),
  };
  const tokens = await ensureShopperToken(session, ctx);
  // A new guest login is another customer: it could neither read nor write this attempt's order.
  if (tokens.customerId !== record.tokens.customerId) throw new Error("the attempt's shopper token cannot be renewed");
  if (tokens !== record.tokens) record = await owner.note(record, { tokens });
  const scope = { signal: new AbortController().signal, log, persist: async () => undefined };
  return { shopper: shopperFor(ctx, session, tokens, scope), record };
}

/**
 * Adyen's RECURRING_CONTRACT (issue 31, decision 020): the method the attempt's payment stored for
 * the renewals, kept on the journal's payment (a reconciler placing the order writes it) and written
 * on the order at once, whatever its status, with the attempt's shopper token. The answer of
 * /payments usually told the same token already; a webhook-only token (Adyen's "recurring details"
 * additional data off) still reaches the order. Not written is logged at error level, never thrown:
 * the event is recorded as seen.
 */
export async function recordStoredMethod(
  ctx: AppContext | undefined,
  owner: AttemptOwner,
  record: AttemptRecord,
  stored: { token: string; shopperReference?: string | undefined },
  log: Logger,
): Promise<void> {
  const method = {
    paymentMethodId: stored.token,
    ...((stored.shopperReference ?? record.pending?.shopperReference)
      ? { shopperReference: stored.shopperReference ?? record.pending?.shopperReference }
      : {}),
  };
  const noted = record.pending ? await owner.note(record, { pending: { ...record.pending, ...method } }) : record;
  if (!ctx || !noted.orderNo) return;
  try {
    const { shopper } = await shopperOfAttempt(ctx, owner, noted, log);
    await writeOrderStoredMethod(ctx, shopper, noted.orderNo, method);
    log.info('the stored payment method written on the order');
  } catch (error) {
    log.error({ err: error }, 'stored payment method not written on the order: c_SNP_OMS_paymentMethodToken missing');
  }
}

/** Drives one resting attempt as far as it goes now. */
export async function drive(ctx: AppContext, owner: AttemptOwner, start: AttemptRecord, alert: AttemptAlert) {
  const log = ctx.logger.child({ attempt: start.id, orderNo: start.orderNo });
  let record = start;
  let shopper: Shopper;
  try {
    ({ shopper, record } = await shopperOfAttempt(ctx, owner, record, log));
  } catch (error) {
    await retryLater(ctx, owner, record, 'token', error, log, alert);
    return;
  }
  for (let move = 0; move < MAX_MOVES; move += 1) {
    const step = reconcileStep(record.state);
    if (step === 'none') return;
    const before = record;
    try {
      record = await take(ctx, owner, shopper, record, log);
      ctx.metrics?.attemptsReconciled.inc({ step, result: 'ok' });
    } catch (error) {
      ctx.metrics?.attemptsReconciled.inc({ step, result: 'failed' });
      await retryLater(ctx, owner, record, step, error, log, alert);
      return;
    }
    // Sent: the provider's word (its webhook) is awaited, not asked for again at once.
    if (record.state === 'reversalSent' && before.state !== 'reversalSent') return;
    // Waiting (the late-order window, the provider's webhook): nothing moved.
    if (record.state === before.state) {
      await alertWhenDue(owner, record, alert);
      return;
    }
    log.info({ from: before.state, to: record.state, step }, 'order attempt reconciled one step');
  }
}

/** A failed step: tried again after a backoff; past `alertAfterTries` a person is alerted once. */
async function retryLater(
  ctx: AppContext,
  owner: AttemptOwner,
  record: AttemptRecord,
  step: string,
  error: unknown,
  log: Logger,
  alert: AttemptAlert,
) {
  const { retryBaseMs, retryMaxMs } = owner.settings;
  const tries = record.tries + 1;
  const message = error instanceof Error ? error.message : String(error);
  log.warn({ err: error, step, tries }, 'order attempt step failed: tried again later');
  const noted = await owner.note(record, {
    tries,
    notBeforeMs: owner.now() + retryDelay(tries, retryBaseMs, retryMaxMs),
    lastError: `${step}: ${message}`,
  });
  await alertWhenDue(owner, noted, alert);
}

/** Once per attempt, after `alertAfterTries` tries of one step: a person must look (docs/runbook.md). */
async function alertWhenDue(owner: AttemptOwner, record: AttemptRecord, alert: AttemptAlert) {
  if (record.tries < owner.settings.alertAfterTries || record.alerted) return;
  alert(record.state === 'paid' ? 'order-not-placed' : 'reversal-not-confirmed', record);
  await owner.note(record, { alerted: true });
}

/** One step of the attempt's state; the record after it. Throws when the step must be tried again. */
async function take(
  ctx: AppContext,
  owner: AttemptOwner,
  shopper: Shopper,
  record: AttemptRecord,
  log: Logger,
): Promise<AttemptRecord> {
  switch (reconcileStep(record.state)) {
    case 'findOrder':
      return findOrder(ctx, owner, shopper, record);
    case 'fail':
      return fail(ctx, owner, shopper, record);
    case 'askProvider':
      return askProvider(ctx, owner, record, log);
    case 'place':
      return place(ctx, owner, shopper, record);
    case 'reverse':
      return reverse(ctx, owner, shopper, record);
    default:
      return record;
  }
}

async function findOrder(ctx: AppContext, owner: AttemptOwner, shopper: Shopper, record: AttemptRecord) {
  const until = record.startedAtMs + LATE_ORDER_MS;
  const made = await orderMadeSince(ctx, shopper, record.startedAtMs, until);
  if (made) return owner.save(record, 'failing', { orderNo: made.orderNo });
  // The platform may still make an order it held: wait for the window's end, then nothing was made.
  if (owner.now() < until) return owner.note(record, { notBeforeMs: until });
  return owner.save(record, 'failed');
}

/** Fail before reversing: the order failed (unless it was placed meanwhile), its basket given back. */
async function fail(ctx: AppContext, owner: AttemptOwner, shopper: Shopper, record: AttemptRecord) {
  if (record.state === 'orderCreated') record = await owner.save(record, 'failing');
  const after = () => owner.save(record, record.charged ? 'reversing' : 'failed');
  if (!record.orderNo) return after();
  const order = await readOrder(ctx, shopper, record.orderNo);
  if (isPlaced(order)) return owner.save(record, 'placed');
  const options = {
    restore: 'whenFailed' as const,
    customerName: record.customerName,
    fields: record.pending?.orderFields,
  };
  if (order?.status === 'created' && !(await failAndGiveBack(ctx, shopper, record.orderNo, order, options)))
    throw new Error('the order could not be failed');
  return after();
}

/** What the provider said decides: authorised or saved → paid; refused → failing without a charge; nothing → failing with one. */
async function askProvider(ctx: AppContext, owner: AttemptOwner, record: AttemptRecord, log: Logger) {
  let authorised = record.authorised;
  const intent = record.pending?.setupIntentId;
  if (authorised === undefined && record.provider === 'stripe' && intent) {
    const { data } = await retrieveSetupIntent(ctx, intent);
    if (!data || typeof data.status !== 'string') throw new Error('the SetupIntent could not be read back');
    const method = record.pending?.paymentMethodId;
    if (data.status === 'succeeded' && (!method || data.payment_method === method)) authorised = true;
    log.info({ status: data.status }, 'order attempt: the SetupIntent read back');
  }
  if (authorised === true) return owner.save(record, 'paid', { charged: true });
  return owner.save(record, 'failing', { charged: authorised === false ? false : true });
}

/** Paid: the order written placed; already placed is placed; failed by someone else: the payment goes back. */
async function place(ctx: AppContext, owner: AttemptOwner, shopper: Shopper, record: AttemptRecord) {
  const pending = record.pending;
  if (!pending || !record.orderNo) return owner.save(record, 'failing', { charged: true });
  const order = await readOrder(ctx, shopper, record.orderNo);
  if (isPlaced(order)) return owner.save(record, 'placed');
  if (order?.status !== 'created') return owner.save(record, 'failing', { charged: true });
  try {
    await writeOrderPaid(ctx, shopper, pending);
  } catch (error) {
    // The platform never takes it: after the retries, failed and the payment given back.
    if (record.tries + 1 >= owner.settings.alertAfterTries) return owner.save(record, 'failing', { charged: true });
    throw error;
  }
  await flagOrderForUpdate(ctx, shopper, record.orderNo);
  return owner.save(record, 'placed');
}

/** The reversal sent (again, with the same key); Stripe's cancel or detach is done when answered, Adyen's when its webhook says so. */
async function reverse(ctx: AppContext, owner: AttemptOwner, shopper: Shopper, record: AttemptRecord) {
  const pending = record.pending;
  // Nothing was sent to the provider under a reference it knows: nothing to give back.
  if (!pending) return owner.save(record, 'reversed');
  const sent = await sendReversal(ctx, shopper, pending);
  if (!sent) throw new Error('the reversal could not be sent');
  if (sent === 'reversed') return owner.save(record, 'reversed');
  if (record.state === 'reversalSent') {
    // Sent again: the provider's word is awaited once more, with the backoff of a retry.
    const tries = record.tries + 1;
    return owner.note(record, {
      tries,
      notBeforeMs: owner.now() + retryDelay(tries, owner.settings.retryBaseMs, owner.settings.retryMaxMs),
    });
  }
  return owner.save(record, 'reversalSent');
}
