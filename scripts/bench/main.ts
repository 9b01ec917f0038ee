/**
 * `make bench`: the figures of issues 12, 13 and 16, measured against the stack `make start` runs
 * (started here on its stable ports, after the client build), written to reports/bench.md and
 * reports/bench.json; the exit status is 1 when a figure misses its target. Settings: config.ts.
 *
 * The storefront (issue 12):
 * - The first route's JavaScript, gzipped, from the Vite manifest (and what the browser fetched).
 * - The API calls the browser makes before the renewal page's plan selector is usable.
 * - Lighthouse (mobile, simulated throttling; LIGHTHOUSE_RUNS runs, the median reported) on the
 *   renewal page and on the checkout with a basket, and on a static snapshot of each: the page as
 *   Chromium rendered it, without its scripts, answered by the same server as a file. The gap
 *   between a page's LCP and its snapshot's is what our JavaScript and server cost.
 * - Under 50 connections for 20 s (autocannon, load-figures.ts): the rendered renewal page (HTML)
 *   beside its static snapshot, the JSON renewal call and the cached answer after the session read
 *   beside the bare floor (floor-server.ts: a node:http server making two lookups per call, nothing
 *   else), and the sandbox's vehicle lookup called directly (issue 35's yardsticks, floor-ratios.ts).
 *   BENCH_ONLY=load runs this alone, after the snapshots it needs (no Lighthouse, no report files).
 *
 * Scale-out (issue 16, cluster.ts), after the storefront's load: the JSON renewal call under the same
 * load through nginx in front of two instances sharing Redis, then straight to one instance with
 * in-memory state, both on ephemeral ports against the stack's sandbox, and the ratio of their
 * throughputs. BENCH_ONLY=cluster runs this section alone (no browser, no report files).
 *
 * The soak (issue 17, soak.ts), last: 20 connections for SOAK_SECONDS (300) over the renewal, basket
 * and account calls, the proxy's used heap sampled every 10 s: 0 errors, no growth beyond noise.
 * BENCH_ONLY=soak runs it alone.
 *
 * The account area, signed in as alex (issue 13, account.ts):
 * - Lighthouse, same settings and runs, on My Subscriptions and on order 00001005's detail page.
 * - The account routes' JavaScript, beside the first route's.
 * - Under 50 connections for 20 s: the subscriptions call and the order detail call.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { firstRouteJs, gzipSize, kb } from './bundle.ts';
import { clusterFigures } from './cluster.ts';
import { soakFigures } from './soak.ts';
import { capturePage, launchBrowser, requestsBefore, viewSnapshot, type Capture } from './browser.ts';
import { lighthouseAccount, loadAccount, recordAccountBundle, signInOwner, type Owner } from './account.ts';
import { AREA, LIGHTHOUSE_RUNS, ONLY, PAGES, SANDBOX, SHOP, TARGETS, chromiumVersion, root } from './config.ts';
import { recordLighthouse, recordSnapshotCheck, type SnapshotCheck } from './figures.ts';
import { hostNote, lighthouseRun, median, medianRun, tbtNote, type LighthouseRun } from './lighthouse.ts';
import { loadFigures } from './load-figures.ts';
import { failed, notes, record, writeReports } from './report.ts';
import { hasScript, holdsText, removeSnapshots, writeSnapshot } from './snapshot.ts';
import { basketSession, startStack } from './stack.ts';

const started = new Date();
const renewalSpec = PAGES.find((spec) => spec.id === 'renewal')!;

/** The first route's JavaScript: the manifest's figure, beside the scripts the browser fetched for the renewal page. */
async function recordBundle(capture: Capture) {
  const bundle = await firstRouteJs();
  const fetched = async (at: number) => {
    const files = requestsBefore(capture, at, (p) => /^\/assets\/[^?]+\.js(\?|$)/.test(p)).map((p) => p.split('?')[0]!);
    const sizes = await Promise.all([...new Set(files)].map((file) => gzipSize(file)));
    return `${kb(sizes.reduce((n, s) => n + s, 0))} (${sizes.length} files)`;
  };
  record({
    name: 'First-route JavaScript (gzip)',
    value: kb(bundle.total),
    target: `≤ ${TARGETS.firstRouteJsKb} KB`,
    pass: bundle.total <= TARGETS.firstRouteJsKb * 1024,
    how:
      `gzip of ${bundle.roots.join(', ')} with their static imports (Vite manifest): ` +
      `${bundle.files.map(([f, s]) => `${f} ${kb(s)}`).join(', ')}. The browser fetched ` +
      `${await fetched(capture.usableAt)} of JavaScript (gzip) before the plan selector was usable, ${await fetched(Infinity)} by network idle`,
  });
}

function recordCalls(capture: Capture) {
  const api = (at: number) => requestsBefore(capture, at, (p) => p.startsWith('/api/'));
  const calls = api(capture.usableAt);
  const react =
    capture.reactAt === undefined
      ? 'React was not seen on the selector'
      : `React had the selector at ${Math.round(capture.reactAt)} ms (API calls before then: ${api(capture.reactAt).length})`;
  record({
    name: 'API calls before the plan selector is usable',
    value: calls.length,
    target: `≤ ${TARGETS.apiCalls}`,
    pass: calls.length <= TARGETS.apiCalls,
    how:
      `/api/ requests Chromium started before the plan radios were present and enabled ` +
      `(at ${Math.round(capture.usableAt)} ms): ${calls.join(', ') || 'none'}; ${react}; ` +
      `by network idle: ${api(Infinity).join(', ') || 'none'}`,
  });
}

/** Both pages in Chromium: the renewal page's requests, and each page's static snapshot, written and checked. */
async function captureAndSnapshot(): Promise<{ renewal: Capture; checks: Map<string, SnapshotCheck> }> {
  const browser = await launchBrowser();
  try {
    const checks = new Map<string, SnapshotCheck>();
    let renewal: Capture | undefined;
    for (const spec of PAGES) {
      const capture = await capturePage(browser, spec, spec.basket ? await basketSession() : undefined);
      if (spec === renewalSpec) renewal = capture;
      const { url, copy } = await writeSnapshot(spec, capture.snapshot);
      const view = await viewSnapshot(browser, url, spec);
      checks.set(spec.id, {
        url,
        copy,
        bytes: Buffer.byteLength(capture.snapshot),
        h1: capture.h1,
        inFile: holdsText(capture.snapshot, capture.h1),
        scriptFree: !hasScript(capture.snapshot),
        shownH1: view.h1,
        h1Visible: view.h1Visible,
        contentShown: view.contentShown,
        status: view.status,
        cacheControl: view.cacheControl,
      });
    }
    return { renewal: renewal!, checks };
  } finally {
    await browser.close();
  }
}

/** Lighthouse on every page and its snapshot, interleaved run by run so a busy moment costs both alike. */
async function lighthouseAll(checks: Map<string, SnapshotCheck>) {
  const targets = [];
  for (const spec of PAGES) {
    const cookie = spec.basket ? await basketSession() : undefined;
    targets.push({ spec, cookie, page: [] as LighthouseRun[], snapshot: [] as LighthouseRun[] });
  }
  for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
    for (const target of targets) {
      for (const [kind, url, runs] of [
        ['page', `${SHOP}${target.spec.path}`, target.page],
        ['snapshot', checks.get(target.spec.id)!.url, target.snapshot],
      ] as const) {
        const result = await lighthouseRun(url, target.cookie);
        runs.push(result);
        console.log(
          `     lighthouse ${target.spec.id} ${kind} ${run}/${LIGHTHOUSE_RUNS}: performance ${result.performance}, ` +
            `LCP ${Math.round(result.lcp)} ms, ${tbtNote(result)}, ${hostNote(result)}`,
        );
      }
    }
  }
  await mkdir(path.join(root, 'reports'), { recursive: true });
  for (const target of targets) {
    recordSnapshotCheck(target.spec, checks.get(target.spec.id)!);
    recordLighthouse(target.spec, target.page, target.snapshot);
    // The whole reports, to read which metric costs the points.
    const snapshotLcp = median(target.snapshot.map((r) => r.lcp));
    const snapshotRun = target.snapshot.find((r) => r.lcp === snapshotLcp) ?? medianRun(target.snapshot);
    for (const [suffix, run] of [
      ['', medianRun(target.page)],
      ['-snapshot', snapshotRun],
    ] as const) {
      await writeFile(
        path.join(root, `reports/lighthouse-${target.spec.id}${suffix}.json`),
        JSON.stringify(run.lhr, null, 1),
      );
    }
  }
  const lhr = targets[0]!.page[0]!.lhr;
  const t = lhr.configSettings.throttling;
  notes.push(
    `Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, simulated throttling (RTT ${t.rttMs} ms, ` +
      `${((t.throughputKbps ?? 0) / 1024).toFixed(1)} Mbit/s, CPU ×${t.cpuSlowdownMultiplier}), ${chromiumVersion()}; ` +
      `${LIGHTHOUSE_RUNS} runs per page and per snapshot, interleaved; a page's figures are its median run by performance.`,
  );
}

/** alex signed in and the account pages loaded with the session, in a browser of its own. */
async function accountOwner(): Promise<Owner> {
  const browser = await launchBrowser();
  try {
    return await signInOwner(browser);
  } finally {
    await browser.close();
  }
}

// BENCH_ONLY=cluster: the scale-out section alone, against the stack's sandbox; BENCH_ONLY=soak: the soak alone.
const clusterOnly = ONLY === 'cluster';
const soakOnly = ONLY === 'soak';
const loadOnly = ONLY === 'load';
const storefront = AREA !== 'account' && !soakOnly;
const account = AREA !== 'storefront' && !clusterOnly && !loadOnly;
// A run stopped by a signal leaves neither snapshots nor a stack behind.
removeSnapshots();
const stack = await startStack();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    removeSnapshots();
    void stack.stop().finally(() => process.exit(130));
  });
}
try {
  const front = storefront && !clusterOnly ? await captureAndSnapshot() : undefined;
  const owner = account ? await accountOwner() : undefined;
  if (front) await recordBundle(front.renewal);
  if (owner && !soakOnly) await recordAccountBundle(owner);
  if (front) {
    recordCalls(front.renewal);
    notes.push(
      'Static snapshots: each page opened in Chromium (412×823 phone screen) until its main content was shown and the ' +
        'network idle; its document without scripts and module preloads (style sheets and images kept) written to ' +
        'dist/client/bench-snapshot/ and answered by the same shop server as a static file; removed after the run ' +
        '(copies in reports/bench-snapshot-*.html).',
    );
    if (!loadOnly) await lighthouseAll(front.checks);
    // The renewal page's snapshot stays for its load figure (load-figures.ts), then goes.
    if (ONLY === 'lighthouse') removeSnapshots();
  }
  if (owner && !soakOnly) await lighthouseAccount(owner);
  if (ONLY !== 'lighthouse') {
    if (front) await loadFigures(front.renewal.h1, front.checks.get(renewalSpec.id)!.url);
    removeSnapshots();
    if (storefront && !loadOnly) await clusterFigures(SANDBOX);
    if (owner && !soakOnly) await loadAccount(owner);
    // Issue 17's soak, last: five minutes over the renewal, basket and account calls.
    if (!clusterOnly && !loadOnly) await soakFigures(owner?.cookie);
  }
} finally {
  removeSnapshots();
  await stack.stop();
}

notes.push(
  `The run took ${((Date.now() - started.getTime()) / 60_000).toFixed(1)} min (the client build before it not counted).`,
);
if (!ONLY && !AREA) await writeReports(started);
if (failed()) process.exitCode = 1;
