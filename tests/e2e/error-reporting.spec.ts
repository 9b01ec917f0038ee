/**
 * Issue 15, error reporting: with SENTRY_DSN set to the sandbox's DSN, a browser error reaches the
 * sandbox's Sentry through the proxy's tunnel (POST /api/monitoring), with the release and environment,
 * and without personal data; an error thrown before the SDK ran is reported too.
 *
 * The suite's stack runs without a DSN, so this file starts a proxy of its own beside it (a free port,
 * the suite's sandbox, the built client), with SENTRY_DSN naming the sandbox: the other journeys stay as
 * they are.
 */
import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { E2E_PORT, E2E_SANDBOX_PORT } from '../../playwright.config.ts';
import { resetSandbox, SANDBOX } from './support.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The sandbox as the suite's proxy names it (its image URLs are on localhost, which the CSP then allows).
const SANDBOX_URL = `http://localhost:${E2E_SANDBOX_PORT}`;
const DSN = `http://sandboxpublickey@localhost:${E2E_SANDBOX_PORT}/sentry/1`;
const RELEASE = 'vehicle-services-shop@e2e';
const PERSONAL = ['alex.owner@example.com', 'ZAAAA1000AA000001', '4242 4242 4242 4242', '4242424242424242'];

let proxy: ChildProcess | undefined;
let origin = '';

/** The proxy on a free port (PORT=0); its JSON log's "listening" line names the port. */
async function startProxy(): Promise<string> {
  const child = spawn(process.execPath, [path.join(root, 'server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: '0',
      SANDBOX_URL,
      // The origin the worker's sandbox has registered for its shop (SANDBOX_SHOP_ORIGINS), which the
      // guest login's redirect URI must name; this proxy's own port is a free one.
      PUBLIC_ORIGIN: `http://localhost:${E2E_PORT}`,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      SENTRY_DSN: DSN,
      SENTRY_RELEASE: RELEASE,
      SENTRY_ENVIRONMENT: 'e2e',
      // Its order-attempt journal in the process, not in the repository's .data/ (issue 29).
      DATA_DIR: ':memory:',
    },
  });
  proxy = child;
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the proxy stopped (${code})`)));
    lines.on('line', (line) => {
      try {
        const port = (JSON.parse(line) as { port?: unknown }).port;
        if (typeof port === 'number') resolve(`http://localhost:${port}`);
      } catch {
        // not a JSON line
      }
    });
  });
}

test.beforeAll(async () => {
  origin = await startProxy();
});
test.afterAll(() => {
  proxy?.kill('SIGTERM');
});
test.beforeEach(resetSandbox);

interface Stored {
  raw: string;
  items: Array<{ type: string; payload: unknown }>;
}
type SentryEvent = {
  release?: string;
  environment?: string;
  user?: unknown;
  request?: { url?: string };
  exception?: { values?: Array<{ value?: string }> };
};

async function envelopes(): Promise<Stored[]> {
  const res = await fetch(`${SANDBOX}/sentry/__sandbox/envelopes`);
  return ((await res.json()) as { envelopes: Stored[] }).envelopes;
}

/** The error event whose exception message starts with `message`, once the sandbox has it. */
async function eventNamed(message: string): Promise<SentryEvent> {
  let found: SentryEvent | undefined;
  await expect
    .poll(
      async () => {
        const events = (await envelopes()).flatMap((e) => e.items.filter((i) => i.type === 'event'));
        found = events
          .map((item) => item.payload as SentryEvent)
          .find((event) => event.exception?.values?.some((v) => v.value?.startsWith(message)));
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** Throws from a task of the page, as an application error does: window.onerror sees it. */
const throwInPage = (page: Page, message: string) =>
  page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    }, 0);
  }, message);

test('a browser error reaches the sandbox through the tunnel, tagged and without personal data', async ({ page }) => {
  // GET /api/site waits until the first error was thrown: that one comes before the SDK runs.
  let answerSite: () => void = () => undefined;
  const firstErrorThrown = new Promise<void>((resolve) => (answerSite = resolve));
  await page.route(
    (url) => url.pathname === '/api/site',
    async (route) => {
      await firstErrorThrown;
      await route.continue();
    },
  );

  await page.goto(`${origin}/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001`);
  await page.waitForFunction(() => Array.isArray((window as { __earlyErrors?: unknown }).__earlyErrors));
  await throwInPage(page, 'Early failure for alex.owner@example.com');
  answerSite();
  await expect(page.locator('html')).toHaveAttribute('data-error-reporting', 'on');
  await throwInPage(page, 'Renewal failed for alex.owner@example.com, ZAAAA1000AA000001, card 4242 4242 4242 4242');

  const late = await eventNamed('Renewal failed for');
  expect(late.exception!.values!.map((v) => v.value)).toContain('Renewal failed for [email], [vin], card [card]');
  expect(late.release).toBe(RELEASE);
  expect(late.environment).toBe('e2e');
  expect(late.user).toBeUndefined();
  expect(late.request?.url).toBe(`${origin}/en-GB/service/cn-connected-navigation`);

  const early = await eventNamed('Early failure for');
  expect(early.exception!.values!.map((v) => v.value)).toContain('Early failure for [email]');

  // Nothing the sandbox received, replays and sessions included, holds the shopper's data.
  for (const envelope of await envelopes()) {
    for (const personal of PERSONAL) expect(envelope.raw).not.toContain(personal);
  }
});
