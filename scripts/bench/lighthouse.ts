/**
 * Lighthouse (mobile, its default simulated throttling) in a fresh Chromium per run, and the
 * statistics over runs: one run varies by several points on a shared 2-core machine, so each page
 * is measured LIGHTHOUSE_RUNS times and the median run (by performance) is the figure.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROME, CHROME_FLAGS } from './config.ts';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Milliseconds (simulated). */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The LCP element's CSS selector, as Lighthouse names it. */
  lcpElement: string | undefined;
  /**
   * Lighthouse's measure of the host's CPU (`environment.benchmarkIndex`): its simulated throttling
   * scales the main-thread time it observes, so a faster host scores higher (issue 35).
   */
  benchmarkIndex: number;
  /**
   * The total blocking time of the page's own main-thread work: Lighthouse's rule (each task after
   * the first contentful paint blocks for its time × 4 beyond 50 ms) applied to the tasks' thread
   * CPU time in Lighthouse's trace rather than their wall time, which the machine's other threads
   * stretch (issue 35). Milliseconds.
   */
  threadTbt: number;
  lhr: Result;
}

/** Above this benchmarkIndex a run is from a faster host than this machine kind and does not count (issue 35). */
export const MAX_BENCHMARK_INDEX = 1550;

/** Lighthouse's CPU slowdown (mobile, simulated) and the time after which a task blocks, as in its TBT. */
const CPU_SLOWDOWN = 4;
const BLOCKING_AFTER_MS = 50;

interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * threadTbt of a Lighthouse trace: the page's renderer is the process that painted the first
 * contentful paint, its main thread CrRendererMain; each of that thread's tasks from that paint on
 * blocks for max(0, thread time × 4 − 50 ms). 0 when the trace holds no first contentful paint.
 */
export function threadTimeTbt(events: TraceEvent[]): number {
  const paint = events.filter((e) => e.name === 'firstContentfulPaint').sort((a, b) => a.ts - b.ts)[0];
  if (!paint) return 0;
  const main = events.find((e) => e.name === 'thread_name' && e.pid === paint.pid && e.args?.name === 'CrRendererMain');
  if (!main) return 0;
  let blocking = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== main.pid || e.tid !== main.tid) continue;
    if (e.ts < paint.ts || e.tdur === undefined) continue;
    blocking += Math.max(0, (e.tdur / 1000) * CPU_SLOWDOWN - BLOCKING_AFTER_MS);
  }
  return blocking;
}

/** "TBT 312 ms (21 ms on the main thread's CPU time)". */
export const tbtNote = (run: LighthouseRun) =>
  `TBT ${Math.round(run.tbt)} ms (${Math.round(run.threadTbt)} ms on the main thread's CPU time)`;

/** "benchmarkIndex 1342", marked when the host was too fast for the figure to count. */
export const hostNote = (run: LighthouseRun) =>
  `benchmarkIndex ${Math.round(run.benchmarkIndex)}${run.benchmarkIndex > MAX_BENCHMARK_INDEX ? ' (above 1550: does not count)' : ''}`;

function lcpElement(lhr: Result): string | undefined {
  type Node = { selector?: string };
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: Array<{ items?: Array<{ node?: Node }> }> } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.selector;
}

async function runOnce(url: string, cookie: string | undefined): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (value === undefined) throw new Error(`lighthouse on ${url}: no ${id}`);
      return value;
    };
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      lcpElement: lcpElement(lhr),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      threadTbt: threadTimeTbt(result.artifacts.Trace.traceEvents),
      lhr,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * One Lighthouse run; a run that fails (a Chromium crash, a Lighthouse runtime error such as
 * NO_NAVSTART, a trace Chromium did not record) measured nothing and is tried again, up to three
 * times in all.
 */
export async function lighthouseRun(url: string, cookie?: string): Promise<LighthouseRun> {
  const ATTEMPTS = 3;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, cookie);
    } catch (error) {
      if (attempt === ATTEMPTS) throw error;
      console.warn(
        `lighthouse run failed (attempt ${attempt} of ${ATTEMPTS}), trying again: ${(error as Error).message}`,
      );
    }
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median run by performance score (of equal scores, the one with the median LCP). */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.lcp - b.lcp);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const millis = (ms: number) => `${Math.round(ms)} ms`;
export const shift = (cls: number) => cls.toFixed(3);

/** "1.52–1.80 s": the lowest and the highest value over the runs. */
export function range(values: number[], format: (n: number) => string): string {
  const low = format(Math.min(...values));
  const high = format(Math.max(...values));
  if (low === high) return low;
  const unit = / \S+$/.exec(high)?.[0] ?? '';
  return `${unit && low.endsWith(unit) ? low.slice(0, -unit.length) : low}–${high}`;
}
