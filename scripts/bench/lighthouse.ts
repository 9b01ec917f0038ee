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
  lhr: Result;
}

/** Above this benchmarkIndex a run is from a faster host than this machine kind and does not count (issue 35). */
export const MAX_BENCHMARK_INDEX = 1550;

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
