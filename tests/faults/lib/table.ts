/**
 * The fault table's vocabulary (issue 17): the faults, a row (upstream × step × fault × expected
 * outcome), how a row's answer is judged, and the summary line each file prints.
 */
import { PAYMENT_ERROR_KINDS } from '../../../domain/payment-errors.ts';
import { afterAll, expect } from 'vitest';
import type { Fault, Upstream } from '../../../mocks/sandbox/src/core/faults.ts';
import { expectAnswerConforms } from '../../../server/src/testing/conformance.ts';
import type { Plain } from './journeys.ts';
import { UPSTREAM_TIMEOUT_MS } from './stack.ts';

/** The faults of the issue: latency past the proxy's timeout, a 5xx, a dropped connection, malformed and slow bodies. */
export const FAULTS = {
  latency: { latencyMs: UPSTREAM_TIMEOUT_MS + 200 },
  status: { status: 503 },
  drop: { drop: true },
  truncated: { malformed: 'truncated' },
  'wrong-type': { malformed: 'wrong-type' },
  'slow-body': { slowBodyMs: UPSTREAM_TIMEOUT_MS + 500 },
} as const satisfies Record<string, Fault>;
export type FaultKind = keyof typeof FAULTS;
export const ALL_FAULTS = Object.keys(FAULTS) as FaultKind[];

/**
 * What a row expects:
 * - `problem`: the mapped problem+json (4xx/5xx but never 500), the basket kept, no order left created;
 * - `tolerated`: the step still succeeds (storefront §7: content failures are tolerated; the shopper's IP is optional);
 * - `product-load-failed`: the renewal loader's 502 whose detail carries the logged prefix (storefront §8);
 * - `manual-entry`: the address lookup reported unavailable (storefront §4 Address form modes);
 * - `payment-problem`: a payment problem with one of the §8 kinds the client maps to its modals.
 * `wrong-type` rows accept a success as well, when it keeps to the contract (a field the step does not use):
 * its status, media type and body are checked against proxy.yaml (issue 29).
 */
export type Outcome = 'problem' | 'tolerated' | 'product-load-failed' | 'manual-entry' | 'payment-problem';

export interface Row {
  upstream: Upstream;
  step: string;
  /** The call the fault is aimed at, below the upstream's prefix (a regular expression when it starts with ^). */
  aim: { method: string; path: string };
  fault: FaultKind;
  outcome: Outcome;
}

/** The answer budget: one upstream timeout per call the step waits on in turn, plus the GET retries' pauses. */
export const BUDGET_MS = UPSTREAM_TIMEOUT_MS * 3 + 1500;

/** A problem+json answer with a type and a title, never a 500 and never a stack. */
export function expectProblem(answer: Plain): void {
  expect(answer.contentType, JSON.stringify(answer.body)).toBe('application/problem+json');
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status, JSON.stringify(answer.body)).not.toBe(500);
  expect(typeof answer.body.type).toBe('string');
  expect(typeof answer.body.title).toBe('string');
  expect(JSON.stringify(answer.body)).not.toMatch(/\bat .+\.ts:\d+/);
}

/** Judges a row's answer by its expected outcome. */
export function expectOutcome(row: Row, answer: Plain): void {
  const success = answer.status >= 200 && answer.status < 300;
  // A wrongly typed upstream answer the step could do without: its success must still keep to the contract.
  if (row.fault === 'wrong-type' && success && row.outcome !== 'product-load-failed') {
    expect(answer.request, 'the row says which request it made').toBeDefined();
    expectAnswerConforms(answer.request!.method, answer.request!.path, answer);
    return;
  }
  switch (row.outcome) {
    case 'tolerated':
      expect(success, JSON.stringify(answer.body)).toBe(true);
      return;
    case 'product-load-failed':
      expectProblem(answer);
      expect(answer.status).toBe(502);
      expect(answer.body.detail).toMatch(/^VCS PWA - ERROR - product-renewal: /);
      return;
    case 'manual-entry':
      if (answer.status === 200) {
        expect(answer.body).toEqual({
          available: false,
          message: 'Address lookup service is unavailable. Please enter your address manually.',
        });
      } else {
        expectProblem(answer);
        expect(answer.body.type).toMatch(/address-lookup-unavailable$/);
      }
      return;
    case 'payment-problem':
      expectProblem(answer);
      expect(PAYMENT_ERROR_KINDS, JSON.stringify(answer.body)).toContain(answer.body.paymentErrorKind);
      return;
    case 'problem':
      expectProblem(answer);
  }
}

/** Aims a fault of the table at the row's call. */
export const faultOf = (row: Row): Fault => ({ ...FAULTS[row.fault], ...row.aim });

export const title = (row: Row) => `${row.upstream} ${row.step} × ${row.fault} → ${row.outcome}`;

/** Rows for one call and step: one per fault, all with the same expected outcome. */
export function rowsOf(
  upstream: Upstream,
  step: string,
  aim: Row['aim'],
  outcome: Outcome,
  faults: FaultKind[] = ALL_FAULTS,
): Row[] {
  return faults.map((fault) => ({ upstream, step, aim, fault, outcome }));
}

/** Prints the file's summary line: rows, and the faults × steps they cover, per upstream. */
export function summarise(file: string, rows: Row[]): void {
  afterAll(() => {
    const upstreams = [...new Set(rows.map((r) => r.upstream))];
    const per = upstreams.map((u) => {
      const mine = rows.filter((r) => r.upstream === u);
      return `${u} ${mine.length} (${new Set(mine.map((r) => r.step)).size} steps × ${new Set(mine.map((r) => r.fault)).size} faults)`;
    });
    console.log(
      `fault suite ${file}: ${rows.length} rows, ${new Set(rows.map((r) => r.step)).size} steps × ${new Set(rows.map((r) => r.fault)).size} faults; ${per.join('; ')}`,
    );
  });
}

/** Waits until a late-handled request (a latency fault lets it through after the proxy gave up) is done. */
export const settleLate = (row: Row) =>
  new Promise((resolve) => setTimeout(resolve, row.fault === 'latency' ? 250 : 0));
