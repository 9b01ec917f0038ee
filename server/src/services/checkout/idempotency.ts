/**
 * One order and one charge per attempt (storefront §4 "On payment"; proxy.yaml's Idempotency-Key
 * on placeOrder), on one instance or many (issue 16). Two parts:
 *
 * - the per-session lock (`KeyedLock` of locks.ts, ctx.locks; with REDIS_URL the Redis lock of
 *   state/redis-lock.ts that every instance shares): the request edge reads the session inside it
 *   (http/shopper.ts `withLockedShopper`), so a double click or a second tab, on this instance or
 *   another, waits for the first attempt to finish and then sees what it wrote;
 * - the answer records: the first answer per Idempotency-Key, with a fingerprint of the body,
 *   kept in the session (the last ten; in Redis with the session when REDIS_URL is set) and
 *   replayed; the key with another body is a 409. They are written before the lock is released.
 */
import { createHash } from 'node:crypto';
import type { components } from '../../../../generated/proxy/types.ts';
import { AppError } from '../../errors.ts';
import type { Shopper } from '../identity/shopper.ts';

type Problem = components['schemas']['Problem'];

/** A success answer of an attempt: its HTTP status and body. */
export interface Answer<T> {
  status: number;
  body: T;
}

const definite = new WeakSet<AppError>();

/**
 * Marks a problem as the attempt's final answer (the order was written and settled as failed):
 * it is remembered and replayed like a success. Problems thrown before anything was written are
 * not: a retry with the same key after fixing the input is a new attempt.
 */
export function definiteProblem(error: AppError): AppError {
  definite.add(error);
  return error;
}

const fingerprintOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

const keyReused = () =>
  new AppError(
    409,
    'idempotency-key-reused',
    'Idempotency key reused',
    'This Idempotency-Key was used with a different request body.',
  );

async function remember(shopper: Shopper, key: string, record: { fingerprint: string; status: number; body: unknown }) {
  const results = { ...(shopper.session.paymentResults ?? {}), [key]: record };
  shopper.session.paymentResults = Object.fromEntries(Object.entries(results).slice(-10));
  await shopper.persist();
}

/** Runs `attempt` once per key and request body; later calls with the key get its answer again. */
export async function once<T>(
  shopper: Shopper,
  key: string,
  request: unknown,
  attempt: () => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const fingerprint = fingerprintOf(request);
  const earlier = shopper.session.paymentResults?.[key];
  if (earlier) {
    if (earlier.fingerprint !== fingerprint) throw keyReused();
    if (earlier.status >= 400) throw AppError.fromProblem(earlier.body as Problem);
    return { status: earlier.status, body: earlier.body as T };
  }
  try {
    const answer = await attempt();
    await remember(shopper, key, { fingerprint, ...answer });
    return answer;
  } catch (error) {
    if (error instanceof AppError && definite.has(error)) {
      await remember(shopper, key, { fingerprint, status: error.status, body: error.toProblem() });
    }
    throw error;
  }
}
