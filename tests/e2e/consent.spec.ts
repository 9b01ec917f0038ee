/**
 * Issue 34, analytics with consent in production (storefront §7 "An analytics tag manager … is
 * loaded"): on a production build (`make start` with NODE_ENV=production, a container configured
 * for the site), a first visit meets the consent banner in every locale, keyboard and screen-reader
 * accessible (axe clean); nothing of Google's loads before consent; "Accept all" loads the site's
 * container after Google's consent mode default and update, and the §7 data-layer events reach it;
 * the choice is remembered and changed from the footer's "Cookie settings". gtm.js is Google's: the
 * journey answers it with a stub that records what the container would receive (no request leaves
 * the machine).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { pseudoLocalise } from '../../client/pseudo-locale.ts';
import { languageOf, LOCALES, PSEUDO_LOCALE, type LocaleId } from '../../domain/locales.ts';
import { E2E_PORT, E2E_SANDBOX_PORT } from '../../playwright.config.ts';
import { expectNoViolations, stubTagManager as stubContainer } from './support.ts';

// A production stack of its own beside the journeys' (which run outside production, with the
// developer pages), on the ports 40 after theirs.
const PORT = E2E_PORT + 40;
const SANDBOX_PORT = E2E_SANDBOX_PORT + 40;
const BASE = `http://localhost:${PORT}`;
const CONTAINER = 'GTM-E2EPROD';
const RENEWAL = `${BASE}/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001`;

let stack: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });
// A first visit: no cookie choice yet (the other journeys' shopper made one, playwright.config.ts).
test.use({ storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  stack = spawn(process.execPath, [path.resolve('scripts/start.ts')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'consent-journey-production-secret-0123456789',
      PORT: String(PORT),
      SANDBOX_PORT: String(SANDBOX_PORT),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      GTM_CONTAINER_IDS: `aurora:${CONTAINER},borealis:GTM-E2EPRODB`,
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${BASE}/api/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || stack.exitCode !== null) throw new Error('the production stack did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (!stack || stack.exitCode !== null) return;
  const stopped = new Promise((resolve) => stack!.once('exit', resolve));
  stack.kill('SIGTERM');
  await stopped;
});

/**
 * Answers Google's hosts with a stub gtm.js that, as the container does, reads the data layer's
 * entries so far and every later push (window.__received); the ids asked for, in order.
 */
const stubTagManager = (page: Page) =>
  stubContainer(
    page,
    `(() => {
      const layer = (window.dataLayer = window.dataLayer || []);
      const received = (window.__received = Array.from(layer));
      const push = layer.push.bind(layer);
      layer.push = (...entries) => { received.push(...entries); return push(...entries); };
    })();`,
  );

/** What the container received: events by name, consent commands as arrays. */
const received = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { __received?: unknown[] }).__received ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.from(entry as ArrayLike<unknown>) : entry,
    ),
  );
const eventNames = async (page: Page) =>
  (await received(page)).map((entry) => (entry as { event?: string }).event).filter(Boolean);

const catalogue = (language: string) =>
  JSON.parse(readFileSync(path.resolve(`catalogues/${language}.json`), 'utf8')) as {
    consent: Record<string, string>;
  };

/** The banner's words in the language of `locale` (en-XB: English, pseudo-localised). */
function consentWords(locale: LocaleId): Record<string, string> {
  const language = languageOf(locale);
  if (language !== PSEUDO_LOCALE) return catalogue(language).consent;
  return Object.fromEntries(Object.entries(catalogue('en').consent).map(([key, text]) => [key, pseudoLocalise(text)]));
}

test('production, first visit: nothing before consent; accepting loads the container after consent mode, and the events reach it', async ({
  page,
}) => {
  const loads = await stubTagManager(page);
  await page.goto(RENEWAL);
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner.getByRole('heading', { name: 'Cookies on this shop' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renew now' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loads, 'nothing of Google before consent').toEqual([]);
  await expectNoViolations(page, 'the renewal page with the consent banner');

  // Every control of the banner can be seen and pressed on a phone: none is under the page's sticky
  // "Renew now" bar (the banner's last row was, at 412 px).
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 412, height: 823 });
  for (const name of ['Accept all', 'Reject all', 'Choose cookies']) {
    const control = banner.getByRole('button', { name });
    await control.scrollIntoViewIfNeeded();
    const box = (await control.boundingBox())!;
    const topmost = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(topmost, `${name} is not covered`).toBe(name);
  }
  await page.setViewportSize(desktop);

  // Keyboard alone: the banner comes first after the skip link.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('button', { name: 'Accept all' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  await expect.poll(() => loads).toEqual([CONTAINER]);

  const entries = await received(page);
  const at = (test: (entry: unknown) => boolean) => entries.findIndex(test);
  const consentAt = (command: string) => at((e) => Array.isArray(e) && e[0] === 'consent' && e[1] === command);
  expect(entries[consentAt('default')]).toEqual([
    'consent',
    'default',
    expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied' }),
  ]);
  expect(entries[consentAt('update')]).toEqual([
    'consent',
    'update',
    expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'granted', ad_personalization: 'granted' }),
  ]);
  expect(consentAt('default')).toBeLessThan(consentAt('update'));
  expect(consentAt('update')).toBeLessThan(at((e) => (e as { event?: string }).event === 'gtm.js'));
  // The page's pushes so far (§7 fdp_page, view_item, click) reach the container with it.
  expect(await eventNames(page)).toEqual(expect.arrayContaining(['fdp_page', 'view_item', 'click']));

  // Renewing pushes add_to_cart to the running container.
  await page.getByRole('radio', { name: /12 months/ }).check();
  await page.getByRole('button', { name: 'Renew now' }).first().click();
  await expect(page).toHaveURL(/\/en-GB\/checkout/);
  await expect.poll(() => eventNames(page)).toContain('add_to_cart');

  // The next page of the visit loads the container at start, and asks nothing.
  await page.goto(RENEWAL);
  await expect.poll(() => loads.length).toBe(2);
  await expect(page.getByRole('button', { name: 'Renew now' }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);

  // "Cookie settings" shows the choice with the focus; rejecting tells the running container.
  const settings = page.getByRole('button', { name: 'Cookie settings' });
  await settings.click();
  const reopened = page.getByRole('region', { name: 'Cookie consent' });
  await expect(reopened.getByRole('heading', { name: 'Cookies on this shop' })).toBeFocused();
  await expect(reopened.getByRole('checkbox', { name: /^Analytics/ })).toBeChecked();
  await expect(reopened.getByRole('checkbox', { name: /^Strictly necessary/ })).toBeDisabled();
  await expectNoViolations(page, 'the consent settings');
  await reopened.getByRole('button', { name: 'Reject all' }).click();
  await expect(settings).toBeFocused();
  await expect
    .poll(async () => (await received(page)).filter((e) => Array.isArray(e) && e[1] === 'update').at(-1))
    .toEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' })]);
  await page.goto(RENEWAL);
  await expect(page.getByRole('button', { name: 'Renew now' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loads, 'no container after rejecting').toHaveLength(2);
});

test("production, first visit: the banner comes with the server's HTML (issue 35), and not once the choice is made; without scripts, none", async ({
  browser,
}) => {
  const html = async (cookie?: string) =>
    (await fetch(RENEWAL, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } })).text();
  expect(await html()).toMatch(/<section class="consent"[^>]*aria-label="Cookie consent"/);
  expect(await html('cookie-consent=chosen')).not.toContain('class="consent"');
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(RENEWAL);
  await expect(page.getByRole('heading', { level: 1, name: 'Renew Your Connected Navigation' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
  await context.close();
});

test('production, first visit: "Reject all" pressed on the painted banner before the app has started counts', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  // The app starts only once the shopper has pressed, and the banner's own chunk comes last of all.
  const hold = () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    return { held, release };
  };
  const app = hold();
  const bannerChunk = hold();
  await page.route(/\/assets\/boot-[\w-]+\.js$/, (route) => app.held.then(() => route.continue()));
  await page.route(/\/assets\/consent-banner-[\w-]+\.js$/, (route) => bannerChunk.held.then(() => route.continue()));
  await page.goto(RENEWAL);
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await banner.getByRole('button', { name: 'Reject all' }).click();
  app.release();
  // Time for an app that would not wait for the banner to hydrate the page without it.
  await page.waitForTimeout(2_000);
  bannerChunk.release();
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('cookie-preferences'))).toBe(
    JSON.stringify({ analytics: false, marketing: false }),
  );
  await context.close();
});

test('production, every locale: the banner asks in the page language, axe-clean, and "Reject all" loads nothing', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  for (const locale of LOCALES) {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const loads = await stubTagManager(page);
    await page.goto(`${BASE}/${locale}/home`);
    // A locale not enabled in production is answered with the default locale's page (storefront §6).
    const shown = (new URL(page.url()).pathname.split('/')[1] ?? locale) as LocaleId;
    const words = consentWords(shown);
    const banner = page.getByRole('region', { name: words.region });
    await expect(banner.getByRole('heading', { name: words.title }), locale).toBeVisible();
    await expect(banner.getByRole('button', { name: words.acceptAll })).toBeVisible();
    await expectNoViolations(page, `the consent banner in ${locale}`);
    await banner.getByRole('button', { name: words.rejectAll }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: words.region })).toHaveCount(0);
    expect(loads, `${locale}: nothing loads after "Reject all"`).toEqual([]);
    await context.close();
  }
});
