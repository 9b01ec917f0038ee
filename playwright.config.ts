/**
 * Browser journeys of issue 4 in Debian's Chromium (no browser downloads: DESIGN.md). The stack is
 * what `make start` runs, the sandbox and the proxy serving the built client, on the stable ports
 * of DESIGN.md and the ports after them (one pair per worker), so stop a running `make start` first,
 * or move the journeys' stacks with E2E_PORT and E2E_SANDBOX_PORT (scripts/start.ts registers the
 * proxy's origin with the sandbox's OAuth clients, SANDBOX_SHOP_ORIGINS, issue 32). A sandbox's
 * faults and maintenance switch are global to it, so each worker has its own stack and runs one
 * journey at a time on it; each journey starts from a fresh browser context and a reset sandbox.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * How many journeys run at once (E2E_WORKERS, 1 by default). Each worker has a stack of its own, the
 * sandbox and the proxy on the ports after the first pair, so one journey's faults, maintenance
 * switch and sandbox reset never reach another's (issue 32). On this machine's two cores, in the
 * headless shell, one worker ran the 88 journeys in 279 s with a third of the cores idle, and two in
 * 226 s with both 94% busy (2026-11-28): one stays the default, for the room a noisy machine needs
 * (in the whole browser, two had filled both cores and two journeys ran out of time at a load of 11).
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 1);
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3000);
const FIRST_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4010);
/**
 * Playwright loads this file again in each worker, with the worker's TEST_PARALLEL_INDEX (0 to
 * E2E_WORKERS - 1): the ports below are that worker's stack, so `baseURL` and the journeys' sandbox
 * controls (tests/e2e/support.ts) reach it.
 */
const STACK = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const E2E_PORT = FIRST_PORT + STACK;
export const E2E_SANDBOX_PORT = FIRST_SANDBOX_PORT + STACK;

/** Debian's Chromium (CHROMIUM_PATH) and its headless shell (HEADLESS_SHELL_PATH); `make test` installs both. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HEADLESS_SHELL = process.env.HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'];
const FULL_BROWSER = /@full-browser/;

/**
 * A shopper who made their cookie choice on an earlier visit, every category declined (issue 34): the
 * journeys meet no consent banner and load no tag manager. tests/e2e/consent.spec.ts walks the first
 * visit, and tag-manager.spec.ts starts from none.
 */
export const RETURNING_SHOPPER = {
  // The consent cookie too, as the banner writes it: the server paints no banner for this shopper (issue 35).
  cookies: [
    {
      name: 'cookie-consent',
      value: 'chosen',
      domain: 'localhost',
      path: '/',
      expires: -1,
      httpOnly: false,
      secure: false,
      sameSite: 'Lax' as const,
    },
  ],
  origins: [
    {
      origin: `http://localhost:${E2E_PORT}`,
      localStorage: [{ name: 'cookie-preferences', value: JSON.stringify({ analytics: false, marketing: false }) }],
    },
  ],
};

/**
 * The run's journal directory: E2E_DATA_DIR when given, else a temporary one this run made, which
 * tests/e2e/teardown.ts removes once the journeys are done (E2E_DATA_DIR_TEMP names it; the workers
 * inherit both, so every process of the run agrees on one directory).
 */
function journalDir(): string {
  if (!process.env.E2E_DATA_DIR) {
    process.env.E2E_DATA_DIR = process.env.E2E_DATA_DIR_TEMP = mkdtempSync(path.join(tmpdir(), 'shop-e2e-journal-'));
  }
  return process.env.E2E_DATA_DIR;
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  outputDir: 'reports/e2e-results',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    storageState: RETURNING_SHOPPER,
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    {
      // Every journey but those that need what only the whole browser has, in Debian's headless shell
      // (the package chromium-headless-shell: Chromium's engine without the browser around it, what
      // Playwright itself runs headless by default). The 88 journeys took 374 CPU-seconds in it
      // against about 760 in the whole browser (2026-11-28), when the journeys were bound by this
      // machine's two cores (issue 32).
      name: 'headless-shell',
      grepInvert: FULL_BROWSER,
      use: { launchOptions: { executablePath: HEADLESS_SHELL, args: CHROMIUM_ARGS } },
    },
    {
      // The journeys tagged @full-browser: a PDF opened in a tab is shown by the browser's viewer, which
      // the headless shell does not have (it downloads the file instead).
      name: 'chromium',
      grep: FULL_BROWSER,
      use: { launchOptions: { executablePath: CHROMIUM, args: ['--headless=new', ...CHROMIUM_ARGS] } },
    },
    // Issue 35's page-speed gate (tests/perf): Lighthouse beside each page's static snapshot, after
    // every journey has finished, so that nothing else runs on the machine while it measures.
    { name: 'perf', testDir: 'tests/perf', dependencies: ['headless-shell', 'chromium'] },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, stack) => ({
    command: 'node scripts/start.ts',
    url: `http://127.0.0.1:${FIRST_PORT + stack}/api/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(FIRST_PORT + stack),
      SANDBOX_PORT: String(FIRST_SANDBOX_PORT + stack),
      LOG_LEVEL: 'warn',
      // The language splash page is off by default; the journeys switch it on for Belgium.
      SPLASH_COUNTRY_PREFIXES: 'be',
      // One browser makes every journey's calls from one address: the per-address limits of a
      // real shopper would stop the suite, not protect it.
      RATE_LIMIT_PAYMENT: '1000',
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_ADDRESS: '1000',
      // A page trusts the last maintenance status read for MAINTENANCE_CHECK_MS (15 s by default). The
      // maintenance journey turns maintenance on and the next journey's sandbox reset turns it off:
      // a status kept from the first would send the next journey's pages to the maintenance page.
      MAINTENANCE_CHECK_MS: '0',
      // A tag manager container per site (docs/decisions/019): tests/e2e/tag-manager.spec.ts answers
      // Google's gtm.js with a stub; no other journey consents, so none loads it.
      GTM_CONTAINER_IDS: 'aurora:GTM-E2EAURORA,borealis:GTM-E2EBOREALIS',
      // The order-attempt journal of this run only (issue 29): a developer's .data/ holds attempts of
      // another sandbox, which this run's reconciler must not act on.
      DATA_DIR: path.join(journalDir(), `stack-${stack}`),
    },
  })),
});
