/**
 * `make bench`: the figures of issue 4, measured against the stack `make start` runs (started here
 * on the stable ports, after the client build), written to reports/bench.json and reports/bench.md.
 *
 * - Lighthouse (mobile, its default simulated throttling; the median of three runs) on the renewal page and on the checkout
 *   with a basket: performance, accessibility and best-practices scores.
 * - The first route's JavaScript, gzipped: the entry, its static imports and the renewal page's
 *   chunk with its static imports, from the Vite manifest.
 * - The API calls the browser makes before the renewal page's plan selector is on screen.
 * - The proxy under 50 connections for 20 s on the renewal-page call (autocannon), and the
 *   vehicle lookup, the one upstream call that page cannot cache, called on the sandbox directly
 *   under the same load: the difference of the medians is the latency the proxy adds.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SHOP = 'http://localhost:3000';
const SANDBOX = 'http://localhost:4010';
const RENEWAL_PATH = '/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001';
/** Lighthouse runs per page; the median run is reported (LIGHTHOUSE_RUNS, default 3). */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) | 0);

/** BENCH_ONLY=lighthouse skips the load test (for working on the page figures). */
const ONLY = process.env.BENCH_ONLY;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

interface Figure {
  name: string;
  value: number | string;
  target: string;
  pass: boolean | null;
  how: string;
}
const figures: Figure[] = [];
const record = (figure: Figure) => {
  figures.push(figure);
  console.log(
    `${figure.pass === false ? 'FAIL' : figure.pass ? 'ok  ' : '    '} ${figure.name}: ${figure.value} (target ${figure.target})`,
  );
};

// ---- The stack -----------------------------------------------------------------------------------
const stack = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PAYMENT: '100000',
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_ADDRESS: '100000',
  },
});
async function waitFor(url: string) {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** A shopper session with the renewal item in the basket: the cookie header. */
async function basketSession(): Promise<string> {
  const first = await fetch(`${SHOP}/api/session?locale=en-GB`);
  const cookie = first.headers.getSetCookie()[0]!.split(';')[0]!;
  const { csrfToken } = (await first.json()) as { csrfToken: string };
  await fetch(`${SHOP}/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001&locale=en-GB`, {
    headers: { cookie },
  });
  const added = await fetch(`${SHOP}/api/basket/items`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': csrfToken },
    body: JSON.stringify({ productId: 'cn-connected-navigation', variantId: 'cn-connected-navigation-12m' }),
  });
  if (!added.ok) throw new Error(`basket: ${added.status}`);
  return cookie;
}

async function lighthouseRun(url: string, cookie?: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const categories = result!.lhr.categories;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lhr: result!.lhr,
    };
  } finally {
    await chrome.kill();
  }
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  src?: string;
}

async function firstRouteJs(): Promise<{ total: number; files: Array<[string, number]> }> {
  const dist = path.join(root, 'dist/client');
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const child of manifest[key]?.imports ?? []) visit(child);
  };
  visit('index.html');
  // The app's chunk, imported by the entry after the first paint (client/src/main.tsx).
  if (!manifest['src/boot.tsx']) throw new Error('the app chunk (src/boot.tsx) is not in the manifest');
  visit('src/boot.tsx');
  const renewal = Object.keys(manifest).find((k) => k.endsWith('features/renewal/components/renewal-page.tsx'));
  if (!renewal) throw new Error('the renewal page chunk is not in the manifest');
  visit(renewal);
  const files: Array<[string, number]> = [];
  for (const key of seen) {
    const file = manifest[key]!.file;
    files.push([file, gzipSync(await readFile(path.join(dist, file))).length]);
  }
  return { total: files.reduce((n, [, size]) => n + size, 0), files };
}

async function callsBeforePlanSelector(): Promise<{ count: number; calls: string[] }> {
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('.plan-selector')) {
          (window as unknown as { planSelectorAt: number }).planSelectorAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${SHOP}${RENEWAL_PATH}`);
    await page.locator('.plan-selector').waitFor();
    await page.waitForTimeout(1500);
    const calls = await page.evaluate(() => {
      const at = (window as unknown as { planSelectorAt: number }).planSelectorAt;
      return performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith('/api/') && e.startTime < at)
        .map((e) => new URL(e.name).pathname);
    });
    return { count: calls.length, calls };
  } finally {
    await browser.close();
  }
}

async function load(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: 50, duration: LOAD_SECONDS, headers });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

try {
  await waitFor(`${SHOP}/api/healthz`);
  await waitFor(`${SANDBOX}/`);

  const bundle = await firstRouteJs();
  record({
    name: 'First-route JavaScript (gzip)',
    value: `${(bundle.total / 1024).toFixed(1)} KB`,
    target: '≤ 150 KB',
    pass: bundle.total <= 150 * 1024,
    how: `gzip of ${bundle.files.map(([f, s]) => `${f} ${(s / 1024).toFixed(1)} KB`).join(', ')}`,
  });

  const calls = await callsBeforePlanSelector();
  record({
    name: 'API calls before the plan selector',
    value: calls.count,
    target: '≤ 2',
    pass: calls.count <= 2,
    how: `Chromium resource timings started before the selector appeared: ${calls.calls.join(', ')}`,
  });

  for (const [name, url, cookie] of [
    ['renewal page', `${SHOP}${RENEWAL_PATH}`, undefined],
    ['checkout with a basket', `${SHOP}/en-GB/checkout`, await basketSession()],
  ] as const) {
    // Lighthouse's own advice: one run varies by several points on a shared 2-core machine, so
    // each page is measured RUNS times and the median run (by performance) is the figure.
    const runs = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await lighthouseRun(url, cookie));
    runs.sort((a, b) => a.performance - b.performance);
    const scores = runs[Math.floor(runs.length / 2)]!;
    const spread = `performance of the ${runs.length} runs: ${runs.map((r) => r.performance).join(', ')}`;
    // The whole report, to read which metric costs the points.
    await mkdir(path.join(root, 'reports'), { recursive: true });
    await writeFile(
      path.join(root, `reports/lighthouse-${name.split(' ')[0]}.json`),
      JSON.stringify(scores.lhr, null, 1),
    );
    for (const [label, value, target] of [
      ['performance', scores.performance, 95],
      ['accessibility', scores.accessibility, 100],
      ['best practices', scores.bestPractices, 95],
    ] as const) {
      record({
        name: `Lighthouse mobile, ${name}: ${label}`,
        value,
        target: `≥ ${target}`,
        pass: value >= target,
        how: `lighthouse ${scores.lhr.lighthouseVersion}, ${scores.lhr.configSettings.formFactor}, simulated throttling, Chromium ${CHROME}; median of ${runs.length} runs (${spread})`,
      });
    }
  }

  if (ONLY !== 'lighthouse') {
    const cookie = await basketSession();
    const proxy = await load(`${SHOP}/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001&locale=en-GB`, {
      cookie,
    });
    record({
      name: 'Proxy renewal call: errors',
      value: proxy.errors,
      target: '0',
      pass: proxy.errors === 0,
      how: `autocannon, 50 connections, ${LOAD_SECONDS} s, ${proxy.requests} requests`,
    });
    record({
      name: 'Proxy renewal call: p50 latency',
      value: `${proxy.p50} ms`,
      target: 'reported',
      pass: null,
      how: 'autocannon',
    });
    record({
      name: 'Proxy renewal call: p99 latency',
      value: `${proxy.p99} ms`,
      target: 'reported',
      pass: null,
      how: 'autocannon',
    });
    record({
      name: 'Proxy renewal call: requests per second',
      value: proxy.rps,
      target: 'reported',
      pass: null,
      how: 'autocannon',
    });
    const direct = await load(
      `${SANDBOX}/vehicles/v12/vehicles?service=VCS&vin=ZAAAA1000AA000001&exactVehicleMatch=true&consolidateConNav=true`,
      {
        authorization: 'Bearer sandbox-service-token',
      },
    );
    record({
      name: 'Sandbox vehicle lookup called directly: p50 / p99',
      value: `${direct.p50} ms / ${direct.p99} ms (${direct.rps} req/s, ${direct.errors} errors)`,
      target: 'reported',
      pass: null,
      how: 'autocannon, 50 connections, same duration',
    });
    record({
      name: 'Latency the proxy adds (p50 proxy renewal call − p50 direct lookup)',
      value: `${(proxy.p50 - direct.p50).toFixed(1)} ms`,
      target: 'reported',
      pass: null,
      how: 'the renewal call also reads basket, content and preferences, and checks the session',
    });
  }
} finally {
  stack.kill('SIGTERM');
}

await mkdir(path.join(root, 'reports'), { recursive: true });
if (ONLY) process.exit(figures.some((f) => f.pass === false) ? 1 : 0);
await writeFile(
  path.join(root, 'reports/bench.json'),
  JSON.stringify({ measuredAt: new Date().toISOString(), figures }, null, 2),
);
const table = [
  '| figure | value | target | result | how |',
  '|---|---|---|---|---|',
  ...figures.map(
    (f) => `| ${f.name} | ${f.value} | ${f.target} | ${f.pass === null ? '—' : f.pass ? 'pass' : 'FAIL'} | ${f.how} |`,
  ),
].join('\n');
await writeFile(path.join(root, 'reports/bench.md'), `# make bench, ${new Date().toISOString()}\n\n${table}\n`);
console.log('\nreports/bench.md and reports/bench.json written');
if (figures.some((f) => f.pass === false)) process.exitCode = 1;
