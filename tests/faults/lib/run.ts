/**
 * Runs one row of the fault table: the journey up to the step without faults, the fault aimed at
 * the step's call, the step (timed), the answer judged, then the fault cleared and what must hold
 * after it: no new order left in created, the money invariant (issue 29), the basket kept, and the
 * step succeeding when retried.
 */
import { expect } from 'vitest';
import { state as commerce } from '../../../mocks/sandbox/src/upstreams/commerce/state.ts';
import type { Plain } from './journeys.ts';
import type { FaultStack, UpstreamCall } from './stack.ts';
import { BUDGET_MS, expectOutcome, faultOf, settleLate, type Row } from './table.ts';

export interface Step<C> {
  /** The journey up to the step, without faults. */
  reach: () => Promise<C>;
  /** The step's own call. */
  act: (reached: C) => Promise<Plain>;
  /** What must still hold once the fault is cleared (the basket kept), before the retry. */
  kept?: (reached: C) => Promise<void>;
  /** The retry after the fault is cleared (the step again by default); must succeed. */
  retry?: (reached: C) => Promise<Plain>;
  /**
   * A write whose fault struck after it was done (its answer lost) may be told so when retried:
   * the problem type that means "done already" (the write happened once, not twice).
   */
  doneAlready?: RegExp;
}

/** True when the upstream call is the one the row's fault is aimed at. */
export function aimedAt(aim: Row['aim'], call: UpstreamCall): boolean {
  if (aim.method !== call.method) return false;
  return aim.path.startsWith('^') ? new RegExp(aim.path).test(call.path) : call.path.startsWith(aim.path);
}

/** The orders the commerce platform made since `seed`, still in created. */
export const leftCreated = (seed: Set<string>) =>
  [...commerce.orders.values()].filter((o) => !seed.has(o.orderNo) && o.status === 'created').map((o) => o.orderNo);

export async function runRow<C>(stack: FaultStack, row: Row, step: Step<C>): Promise<void> {
  const reached = await step.reach();
  const seed = new Set(commerce.orders.keys());
  stack.mark();
  stack.fault(row.upstream, faultOf(row));
  const started = performance.now();
  const answer = await step.act(reached);
  const elapsed = performance.now() - started;
  stack.clearFaults();
  expect(
    stack.calls().some((call) => call.upstream === row.upstream && aimedAt(row.aim, call)),
    `the step called ${row.aim.method} ${row.aim.path}`,
  ).toBe(true);
  expect(elapsed, 'answered within the timeout budget').toBeLessThan(BUDGET_MS);
  expectOutcome(row, answer);
  await settleLate(row);
  expect(leftCreated(seed), 'no order left in created').toEqual([]);
  // Issue 29: every row ends with the money invariant, read from the sandbox's ledger.
  await stack.expectMoneyKept();
  // A wrongly typed answer the step could still use is a success: the journey went on (basket ordered).
  if (answer.status >= 300) await step.kept?.(reached);
  else return;
  const again = await (step.retry ?? step.act)(reached);
  if (step.doneAlready && again.status === 409 && step.doneAlready.test(String(again.body?.type))) return;
  expect(again.status, `retry: ${JSON.stringify(again.body)}`).toBeGreaterThanOrEqual(200);
  expect(again.status, `retry: ${JSON.stringify(again.body)}`).toBeLessThan(300);
}
