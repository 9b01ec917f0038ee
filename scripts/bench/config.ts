/**
 * What `make bench` measures and where: the stack's ports, the browser, the pages and how many
 * times. Environment variables change the defaults:
 *
 * - LIGHTHOUSE_RUNS (5): Lighthouse runs per page and per static snapshot; the median is reported.
 * - BENCH_SECONDS (20): each load test's duration (50 connections).
 * - BENCH_ONLY=lighthouse: no load tests and no report files (for working on the page figures).
 * - BENCH_ONLY=soak: only issue 17's soak (SOAK_SECONDS, 300), and no report files.
 * - BENCH_ONLY=cluster: only issue 16's scale-out figures (cluster.ts: nginx, two instances and
 *   Redis beside one in-memory instance), and no report files.
 * - BENCH_AREA=storefront or BENCH_AREA=account: only the storefront's figures (issue 12) or only
 *   the account area's (issue 13), and no report files; both by default.
 * - CHROMIUM_PATH or CHROME_PATH (/usr/bin/chromium): the browser of Lighthouse and Playwright.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROME = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
/** "Chromium 156.0.8078.79 …" (the user agent of headless Chromium names 156.0.0.0 only). */
export const chromiumVersion = (): string => {
  try {
    return execFileSync(CHROME, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return `Chromium at ${CHROME}`;
  }
};

/**
 * The stable ports of `make start` (DESIGN.md). BENCH_SHOP_PORT and BENCH_SANDBOX_PORT point the
 * helpers at another stack: the page-speed gate of `make test` (tests/perf) measures its worker's.
 */
export const SHOP_PORT = Number(process.env.BENCH_SHOP_PORT ?? 3000);
/** The proxy's metrics port on the bench's stack (the soak reads its heap there). */
export const BENCH_METRICS_PORT = 9470;
export const SANDBOX_PORT = Number(process.env.BENCH_SANDBOX_PORT ?? 4010);
export const SHOP = `http://localhost:${SHOP_PORT}`;
export const SANDBOX = `http://localhost:${SANDBOX_PORT}`;

export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5) | 0);
export const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/**
 * The same load, unrecorded, before each server's first recorded load figure: compiled code and
 * warm caches, as on a server that has served a while (a fresh proxy costs about half again as much
 * CPU per call for its first seconds; renewal-load.ts measured it).
 */
export const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 10);
export const LOAD_CONNECTIONS = 50;
export const ONLY = process.env.BENCH_ONLY;
export const AREA = process.env.BENCH_AREA;
if (AREA !== undefined && AREA !== 'storefront' && AREA !== 'account') {
  throw new Error(`BENCH_AREA=${AREA}: storefront or account`);
}

/** The built client the shop serves: files written here are answered as static files (no-cache). */
export const CLIENT_DIR = path.join(root, 'dist/client');
/** Where the static snapshots go, under the built client (deleted at the end of every run). */
export const SNAPSHOT_DIR = path.join(CLIENT_DIR, 'bench-snapshot');

export const PRODUCT = 'cn-connected-navigation';
export const VIN = 'ZAAAA1000AA000001';
export const RENEWAL_PATH = `/en-GB/service/${PRODUCT}?carvin=${VIN}`;
export const RENEWAL_API_PATH = `/api/renewal/${PRODUCT}?carvin=${VIN}&locale=en-GB`;

/** A page Lighthouse measures, beside the static snapshot of it. */
export interface PageSpec {
  /** Short name: report files (reports/lighthouse-<id>.json) and the snapshot's file name. */
  id: string;
  /** The page's name in the report. */
  name: string;
  path: string;
  /** Visited by a shopper whose basket holds the renewal item (the checkout needs one). */
  basket: boolean;
  /**
   * The page's main content: shown when an element matches, and usable when none of the matches
   * is disabled (the renewal page's plan radios).
   */
  ready: string;
}

export const PAGES: PageSpec[] = [
  {
    id: 'renewal',
    name: 'renewal page',
    path: RENEWAL_PATH,
    basket: false,
    ready: '.plan-selector input[type="radio"]',
  },
  { id: 'checkout', name: 'checkout with a basket', path: '/en-GB/checkout', basket: true, ready: '.checkout__steps' },
];

/**
 * Issue 35's gate: one Lighthouse run per page beside its static snapshot (tests/perf/page-speed.spec.ts,
 * `make page-speed`), lower than the goal (TARGETS, held by `make bench`) so that one noisy run does
 * not fail an honest change; and the routes' JavaScript budgets (budget.test.ts, in `make test`).
 */
export const GATE = {
  performance: 90,
  tbtMs: 200,
  /**
   * `make test`'s page-speed gate: the page's TBT on its main thread's CPU time (lighthouse.ts
   * threadTimeTbt), which this machine's other threads do not stretch. The pages measured 0–38 ms
   * (2026-11-29); with the app's chunk made 300 ms slower to evaluate, 649–1166 ms.
   */
  threadTbtMs: 100,
  /**
   * The first route's JavaScript, gzip. Issue 35 asks 90 KB; React 19's react-dom alone is 63 KB of
   * it (a chunk of its own since 2026-11-29), so the gate holds today's size with a little room
   * rather than a figure no build meets; see the closing note of issue 35.
   */
  firstRouteJsKb: 105,
  /**
   * The account area's own chunks, and what an account route loads beyond the first route: 5.9 and
   * 13.1 KB once the payment method's pages and Manage's forms loaded apart (2026-11-29; 9.6 and
   * 58.1 KB before), with a little room.
   */
  accountOwnJsKb: 8,
  accountBeyondFirstRouteJsKb: 18,
};

/** Lighthouse's targets for both pages (issue 12). */
export const TARGETS = {
  performance: 95,
  /** Issue 35: the median of a page's runs (each run ≥ performance, TBT ≤ tbtMs in each). */
  medianPerformance: 98,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 2000,
  tbtMs: 150,
  /** Our LCP ÷ the static snapshot's, both measured in the same run. */
  lcpRatio: 1.25,
  /** Issue 35's budget (issue 12's was 100 KB); make test holds GATE.firstRouteJsKb. */
  firstRouteJsKb: 90,
  apiCalls: 1,
};

/** The signed-in owner of the account figures (mocks/sandbox/README.md: alex owns every order below). */
export const ACCOUNT_OWNER = { email: 'alex.owner@example.com', password: 'Sandbox-Pass-1' };
/** alex's order 00001005 (Installed, inside the cooling-off period): its detail page and call. */
export const ACCOUNT_ORDER_NO = '00001005';
export const SUBSCRIPTIONS_PATH = '/en-GB/account/my-subscriptions';
export const SUBSCRIPTIONS_API_PATH = '/api/account/subscriptions?locale=en-GB';
/** The order detail's page and call, by the order's 18-character summary id (read from My Orders' call). */
export const orderPath = (id: string) => `/en-GB/account/my-orders/${id}/${ACCOUNT_ORDER_NO}`;
export const orderApiPath = (id: string) => `/api/account/orders/${id}/${ACCOUNT_ORDER_NO}?locale=en-GB`;

/** The account pages Lighthouse measures, signed in (no static snapshot: issue 13 asks for none). */
export const accountPages = (orderId: string): PageSpec[] => [
  {
    id: 'account-subscriptions',
    name: 'My Subscriptions (signed in)',
    path: SUBSCRIPTIONS_PATH,
    basket: false,
    ready: '.subscription-list .subscription',
  },
  {
    id: 'account-order',
    name: `order detail ${ACCOUNT_ORDER_NO} (signed in)`,
    path: orderPath(orderId),
    basket: false,
    ready: '.order__total',
  },
];

/** Lighthouse's targets for the account pages (issue 13). */
export const ACCOUNT_TARGETS = { performance: 95, accessibility: 100, bestPractices: 95 };
