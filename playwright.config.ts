/**
 * Browser journeys of issue 4 in Debian's Chromium (no browser downloads: DESIGN.md). The stack is
 * what `make start` runs, the sandbox and the proxy serving the built client, on the stable ports
 * of DESIGN.md, so stop a running `make start` first, or move the journeys' stack with E2E_PORT and
 * E2E_SANDBOX_PORT (scripts/start.ts registers the proxy's origin with the sandbox's OAuth clients,
 * SANDBOX_SHOP_ORIGINS, issue 32). The journeys share the sandbox (its faults and
 * maintenance switch are global), so they run one at a time; each starts from a fresh browser
 * context and a reset sandbox.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3000);
export const E2E_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4010);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  outputDir: 'reports/e2e-results',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: 'node scripts/start.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      SANDBOX_PORT: String(E2E_SANDBOX_PORT),
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
      DATA_DIR: (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'shop-e2e-journal-'))),
    },
  },
});
