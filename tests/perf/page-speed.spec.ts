/**
 * Issue 35's page-speed gate: each page a shopper opens first, measured by Lighthouse (mobile, its
 * default simulated throttling) once, beside the static snapshot of the same page measured in the
 * same test. The routes' JavaScript budgets are scripts/bench/budget.test.ts, in `make test`.
 *
 * Two verdicts on the same run:
 * - in `make test` (every run of the suite): the page's total blocking time on its main thread's
 *   CPU time (scripts/bench/lighthouse.ts threadTimeTbt) ≤ 100 ms. Lighthouse's own TBT adds up
 *   the tasks' wall times, which on this 2-core machine Chromium's browser and compositor threads
 *   and Lighthouse's own process stretch up to 7× their CPU time: static snapshots with no script
 *   at all measured up to 157 ms, and the same checkout build 146–636 ms in five runs while its
 *   thread-time figure stayed at 10–29 ms (2026-11-29). The thread-time figure fails on a page that
 *   does more work on its main thread (the app's chunk made 300 ms slower to evaluate measured
 *   649–1166 ms on the four pages), not on a busy minute;
 * - with PAGE_SPEED_GATE=1 (`make page-speed`): the issue's own thresholds on Lighthouse's figures,
 *   TBT ≤ 200 ms and performance ≥ 90, which the pages do not pass in every run on this machine.
 * The goal itself (every run ≥ 95, median ≥ 98, TBT ≤ 150 ms) is `make bench`'s. Each verdict
 * quotes the other figures and the snapshot's, which say how busy the machine was.
 *
 * Why not Lighthouse CI (@lhci/cli): its assertions compare one page's figures to fixed numbers, and
 * this gate needs each page beside its own static snapshot, captured from the page in Chromium and
 * served by the same server, with a signed-in shopper's cookie on two pages, and a figure read off
 * Lighthouse's trace; that is the bench's code (scripts/bench), which this test reuses, Lighthouse's
 * own node API included.
 *
 * A Playwright project of its own (playwright.config.ts `perf`) that runs after the journeys, alone,
 * against the first worker's stack.
 */
import { expect, test } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { E2E_PORT, E2E_SANDBOX_PORT } from '../../playwright.config.ts';

// The bench's helpers measure this worker's stack (scripts/bench/config.ts).
process.env.BENCH_SHOP_PORT = String(E2E_PORT);
process.env.BENCH_SANDBOX_PORT = String(E2E_SANDBOX_PORT);
const config = await import('../../scripts/bench/config.ts');
const { capturePage, launchBrowser } = await import('../../scripts/bench/browser.ts');
const { lighthouseRun, hostNote, seconds, tbtNote } = await import('../../scripts/bench/lighthouse.ts');
const { removeSnapshots, writeSnapshot } = await import('../../scripts/bench/snapshot.ts');
const { basketSession } = await import('../../scripts/bench/stack.ts');
const { signInOwner } = await import('../../scripts/bench/account.ts');

const { GATE, PAGES, SHOP } = config;
/** `make page-speed`: the issue's thresholds on Lighthouse's own figures (see above). */
const issueThresholds = process.env.PAGE_SPEED_GATE === '1';
type PageSpec = (typeof PAGES)[number];

let browser: Browser;
let owner: Awaited<ReturnType<typeof signInOwner>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  browser = await launchBrowser();
  owner = await signInOwner(browser);
});
test.afterAll(async () => {
  removeSnapshots();
  await browser?.close();
});

/** The page, then its static snapshot, once each; the figures go to the report beside the verdict. */
async function measure(spec: PageSpec, cookie: string | undefined) {
  const capture = await capturePage(browser, spec, cookie);
  const { url: snapshotUrl } = await writeSnapshot(spec, capture.snapshot);
  const page = await lighthouseRun(`${SHOP}${spec.path}`, cookie);
  const snapshot = await lighthouseRun(snapshotUrl);
  const line = (what: string, run: typeof page) =>
    `${what}: performance ${run.performance}, ${tbtNote(run)}, LCP ${seconds(run.lcp)}, ` +
    `accessibility ${run.accessibility}, best practices ${run.bestPractices}, ${hostNote(run)}`;
  const figures = `${line(spec.name, page)}; ${line('its static snapshot', snapshot)}`;
  test.info().annotations.push({ type: 'lighthouse', description: figures });
  console.log(`page speed: ${figures}`);
  return page;
}

const storefront = (id: string) => PAGES.find((spec) => spec.id === id)!;

for (const [id, cookie] of [
  ['renewal', async () => undefined],
  ['checkout', () => basketSession()],
  ['account-subscriptions', async () => owner.cookie],
  ['account-order', async () => owner.cookie],
] as const) {
  const verdict = issueThresholds
    ? `TBT ≤ ${GATE.tbtMs} ms, performance ≥ ${GATE.performance}`
    : `TBT on the main thread's CPU time ≤ ${GATE.threadTbtMs} ms`;
  test(`issue 35: the ${id} page, one Lighthouse run beside its snapshot: ${verdict}`, async () => {
    test.setTimeout(180_000);
    const spec = id.startsWith('account-') ? owner.pages.find((page) => page.id === id)! : storefront(id);
    const run = await measure(spec, await cookie());
    if (issueThresholds) {
      expect.soft(run.tbt, 'total blocking time (ms)').toBeLessThanOrEqual(GATE.tbtMs);
      expect.soft(run.performance, 'performance').toBeGreaterThanOrEqual(GATE.performance);
    } else {
      expect(run.threadTbt, "total blocking time on the main thread's CPU time (ms)").toBeLessThanOrEqual(
        GATE.threadTbtMs,
      );
    }
  });
}
