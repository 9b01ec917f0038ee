/**
 * What `make bench` measures and where: the stack's ports, the browser, the pages and how many
 * times. Environment variables change the defaults:
 *
 * - LIGHTHOUSE_RUNS (5): Lighthouse runs per page and per static snapshot; the median is reported.
 * - BENCH_SECONDS (20): each load test's duration (50 connections).
 * - BENCH_ONLY=lighthouse: no load tests and no report files (for working on the page figures).
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

/** The stable ports of `make start`: the sandbox's OAuth clients register http://localhost:3000 only. */
export const SHOP_PORT = 3000;
export const SANDBOX_PORT = 4010;
export const SHOP = `http://localhost:${SHOP_PORT}`;
export const SANDBOX = `http://localhost:${SANDBOX_PORT}`;

export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5) | 0);
export const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
export const LOAD_CONNECTIONS = 50;
export const ONLY = process.env.BENCH_ONLY;

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

/** Lighthouse's targets for both pages (issue 12). */
export const TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 2000,
  tbtMs: 150,
  /** Our LCP ÷ the static snapshot's, both measured in the same run. */
  lcpRatio: 1.25,
  firstRouteJsKb: 100,
  apiCalls: 1,
};
