/**
 * Issue 35's page-speed gate: each page a shopper opens first, measured by Lighthouse (mobile, its
 * default simulated throttling) once, beside the static snapshot of the same page measured in the
 * same test, fails when its total blocking time passes 200 ms or its performance falls below 90.
 * The goal itself (every run ≥ 95, median ≥ 98, TBT ≤ 150 ms) is `make bench`'s: one run on a shared
 * machine varies by several points, so the gate sits below it and catches a regression, not noise
 * (the snapshot's figures beside each page's say how busy the machine was). The routes' JavaScript
 * budgets are scripts/bench/budget.test.ts, in `make test`.
 *
 * Not yet part of `make test`: the pages do not pass it in every run on this machine (2026-11-29,
 * two runs: TBT 94 and 259 ms on the renewal page, 199 and 339 ms on the checkout, 358 and 417 ms on
 * My Subscriptions, 228 and 334 ms on the order detail, while a static snapshot beside them measured
 * up to 153 ms; the issue's closing note has every run). `make page-speed` runs it
 * (PAGE_SPEED_GATE=1 adds the Playwright project); it joins `make test` once the pages pass it.
 *
 * Why not Lighthouse CI (@lhci/cli): its assertions compare one page's figures to fixed numbers, and
 * this gate needs each page beside its own static snapshot, captured from the page in Chromium and
 * served by the same server, with a signed-in shopper's cookie on two pages; that is the bench's
 * code (scripts/bench), which this test reuses, Lighthouse's own node API included.
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
const { lighthouseRun, hostNote, seconds, millis } = await import('../../scripts/bench/lighthouse.ts');
const { removeSnapshots, writeSnapshot } = await import('../../scripts/bench/snapshot.ts');
const { basketSession } = await import('../../scripts/bench/stack.ts');
const { signInOwner } = await import('../../scripts/bench/account.ts');

const { GATE, PAGES, SHOP } = config;
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
    `${what}: performance ${run.performance}, TBT ${millis(run.tbt)}, LCP ${seconds(run.lcp)}, ` +
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
  test(`issue 35: the ${id} page, one Lighthouse run beside its snapshot: TBT ≤ ${GATE.tbtMs} ms, performance ≥ ${GATE.performance}`, async () => {
    test.setTimeout(180_000);
    const spec = id.startsWith('account-') ? owner.pages.find((page) => page.id === id)! : storefront(id);
    const run = await measure(spec, await cookie());
    expect.soft(run.tbt, 'total blocking time (ms)').toBeLessThanOrEqual(GATE.tbtMs);
    expect.soft(run.performance, 'performance').toBeGreaterThanOrEqual(GATE.performance);
  });
}
