/**
 * Pages rendered on the server (issue 12, docs/decisions/006) against the in-process sandbox and
 * the built client (dist/client and dist/server: `make test` builds them first). What the server
 * answers before any JavaScript runs: the page's content and data, its status, its redirects, its
 * headers.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../mocks/sandbox/src/sandbox.ts';
import { createServer, type ProxyServer } from '../server.ts';
import { sessionCookie, testConfig } from '../test-helpers.ts';
import { CLIENT_DIR } from '../static.ts';
import { SERVER_ENTRY } from './pages.ts';
import { skipWithout } from '../testing/suite-prerequisite.ts';
import { askPage, csrfTokenOf, pageDataOf } from '../testing/page-html.ts';

const built = !skipWithout(existsSync(SERVER_ENTRY), 'the built client (dist/server): `make build` makes it');
const RENEWAL = '/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001';

let sandbox: Sandbox;
let server: ProxyServer;
let base = '';
const logLines: string[] = [];

beforeAll(async () => {
  if (!built) return;
  sandbox = buildSandbox();
  const port = await sandbox.start(0);
  const logs = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  // MAINTENANCE_CHECK_MS 0: every page reads the maintenance status afresh (one test turns it on).
  server = createServer(
    testConfig({
      SANDBOX_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      MAINTENANCE_CHECK_MS: '0',
      // The language splash page of /be/ (storefront §2), for the §6 redirects.
      SPLASH_COUNTRY_PREFIXES: 'be',
    }),
    {
      logger: pino({ level: 'warn' }, logs),
    },
  );
  base = `http://127.0.0.1:${await server.start(0)}`;
});
afterAll(async () => {
  await server?.stop();
  await sandbox?.stop();
});
beforeEach(async () => {
  if (built) await fetch(`${sandbox.context.baseUrl()}/__sandbox/reset`, { method: 'POST' });
});

const page = (path: string, cookie?: string) => askPage(`${base}${path}`, cookie);

describe.skipIf(!built)('pages rendered on the server', () => {
  // The service worker keeps this page (docs/decisions/018): no session or page data may ride along.
  it('when the app shell is asked for, then the plain page, with no session cookie and no page data', async () => {
    const response = await page('/app-shell');
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).not.toContain('id="page-data"');
  });

  it('when the storefront is in maintenance, then the server redirects to the maintenance page', async () => {
    await fetch(`${sandbox.context.baseUrl()}/commerce/__sandbox/maintenance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ on: true }),
    });
    const response = await page('/en-GB/home');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/en-GB/maintenance');
    expect((await page('/en-GB/maintenance')).status).toBe(200);
  });

  it('when the renewal page is asked for, then its content, title and data come with the HTML', async () => {
    const response = await page(RENEWAL);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en-GB"');
    expect(html).toContain('<title>Renew Your Connected Navigation</title>');
    expect(html).toMatch(/<h1[^>]*>Renew Your Connected Navigation<\/h1>/);
    expect(html).toContain('Choose your plan');
    expect(html).toContain('£99');
    expect(html).toContain('ZAAAA1000AA000001');
    const { data } = pageDataOf(html);
    const keys = Object.keys(data);
    expect(keys.some((key) => key.startsWith('@"getSession","en-GB"'))).toBe(true);
    expect(keys.some((key) => key.startsWith('@"getRenewalPage","cn-connected-navigation"'))).toBe(true);
    // The script cannot end early: every "<" of the data is escaped.
    // The markup paints without the scripts: they load at low priority, after what the paint needs.
    const scripts = html.match(/<(?:script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(1);
    for (const tag of scripts) expect(tag).toContain('fetchpriority="low"');
    // The app's and the page's chunks, for the entry to fetch side by side when it starts the app.
    const chunks = JSON.parse(/id="page-chunks">([^<]*)</.exec(html)?.[1] ?? '[]') as string[];
    expect(chunks.some((file) => /\/assets\/boot-[\w-]+\.js$/.test(file))).toBe(true);
    expect(chunks.some((file) => /\/assets\/renewal-page-[\w-]+\.js$/.test(file))).toBe(true);
    // React's DOM renderer, which the app imports as a chunk of its own before it hydrates (issue 35).
    const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    expect(chunks).toContain(`/${manifest['../node_modules/react-dom/client.js']!.file}`);
    expect(/id="page-data">[^<]*<\/script>/.test(html)).toBe(true);
  });

  it('when a first visit has no consent cookie, then the banner is painted with the page, its style sheet and chunk with it; with the cookie, none (issue 35)', async () => {
    const first = await (await page(RENEWAL)).text();
    expect(first).toMatch(/<section class="consent"[^>]*aria-label="Cookie consent"/);
    expect(first).toContain('Accept all');
    expect(first).toMatch(/<link rel="stylesheet"[^>]*consent-banner-[\w-]+\.css/);
    const chunks = JSON.parse(/id="page-chunks">([^<]*)</.exec(first)?.[1] ?? '[]') as string[];
    expect(chunks.some((file) => /\/assets\/consent-banner-[\w-]+\.js$/.test(file))).toBe(true);
    const chosen = await (await page(RENEWAL, 'cookie-consent=chosen')).text();
    expect(chosen).toMatch(/<h1[^>]*>Renew Your Connected Navigation<\/h1>/);
    expect(chosen).not.toContain('class="consent"');
    expect(chosen).not.toContain('consent-banner-');
  });

  it("when a page is answered, then it is the shopper's own: private, not stored, no ETag, one session cookie, a nonce in the CSP", async () => {
    const response = await page(RENEWAL);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    // Never stored, so never revalidated: no ETag hashed from each page (issue 35).
    expect(response.headers.get('etag')).toBeNull();
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.getSetCookie().filter((c) => c.startsWith('shop_session='))).toHaveLength(1);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).not.toContain('unsafe-inline');
    const again = await page(RENEWAL, sessionCookie(response));
    expect(again.headers.get('content-security-policy')).not.toBe(csp);
  });

  it('when the VIN is unknown, then the server redirects to the VIN error page (storefront §4)', async () => {
    const response = await page('/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA999999');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/en-GB/vin-error');
  });

  it('when the vehicle is of another market, then the server redirects with the vehicle in the query', async () => {
    const response = await page('/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000004');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!, base);
    expect(location.pathname).toBe('/en-GB/invalid-market-vin');
    expect(location.searchParams.get('vin')).toBe('ZAAAA1000AA000004');
    expect(location.searchParams.get('locale')).toMatch(/-FR$/);
    const target = await (await page(location.pathname + location.search)).text();
    expect(target).toContain('href="/fr-FR/home?carvin=ZAAAA1000AA000004"');
  });

  it('when the vehicle is of another brand, then the error page names it without JavaScript', async () => {
    const response = await page('/en-GB/service/cn-connected-navigation?carvin=ZBBBB1000BB000006');
    expect(response.status).toBe(302);
    const location = response.headers.get('location')!;
    expect(location).toMatch(/^\/en-GB\/invalid-brand-vin\?/);
    const html = await (await page(location)).text();
    expect(html).toContain('ZBBBB1000BB000006');
  });

  it('when the product cannot be loaded, then HTTP 500 "Unable to Load Page" with the spec\'s log line (storefront §8)', async () => {
    const first = await page('/en-GB/terms-conditions');
    const cookie = sessionCookie(first);
    await fetch(`${sandbox.context.baseUrl()}/__sandbox/faults/commerce`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503 }),
    });
    const response = await page('/en-GB/product?carvin=ZAAAA1000AA000001', cookie);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('Unable to Load Page');
    expect(html).toContain('An error has occurred. Please try again shortly.');
    expect(Object.keys(pageDataOf(html).failures).some((key) => key.includes('getRenewalPage'))).toBe(true);
    expect(logLines.join('')).toContain('VCS PWA - ERROR - product-renewal');
  });

  it('when a first load fails a renewal guard, then the server redirects to the generic error page naming the page it came from (issue 34)', async () => {
    const from = '/en-GB/service/vcs-adaptive-cruise?carvin=ZAAAA1000AA000003';
    const response = await page(from);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!, base);
    expect(location.pathname).toBe('/en-GB/generic-error');
    expect(location.searchParams.get('error')).toBe(
      'Product ID vcs-adaptive-cruise does not match subscription product ID cn-connected-navigation',
    );
    // For the page's generic_error_page event (storefront §7), which the browser's redirect keeps in session storage.
    expect(location.searchParams.get('from')).toBe(from);
  });

  it('when / is asked for, with or without a locale, then the server redirects to the main page, the query kept (§2)', async () => {
    for (const [path, target] of [
      ['/', '/home'],
      ['/?site=borealis', '/home?site=borealis'],
      ['/fr-FR', '/fr-FR/home'],
      ['/cs-CZ/?carvin=ZAAAA1000AA000016', '/cs-CZ/home?carvin=ZAAAA1000AA000016'],
    ]) {
      const response = await page(path!);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toBe(target);
    }
    // A prefix no market has is no main page: never sent to one.
    expect((await page('/xx-YY/')).status).not.toBe(302);
  });

  it('when the locale is given as a query parameter (§2), then the page is answered at its prefixed address, the rest of the query kept', async () => {
    for (const [path, target] of [
      ['/home?locale=fr-FR', '/fr-FR/home'],
      [
        '/service/cn-connected-navigation?carvin=ZAAAA1000AA000004&locale=fr-FR',
        '/fr-FR/service/cn-connected-navigation?carvin=ZAAAA1000AA000004',
      ],
      ['/?locale=de-DE&site=borealis', '/de-DE?site=borealis'],
    ]) {
      const response = await page(path!);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toBe(target);
    }
    // A value no market has is not a locale: the page is answered as asked.
    expect((await page('/home?locale=xx-YY')).status).toBe(200);
    // A prefix wins over the query.
    expect((await page('/en-GB/home?locale=fr-FR')).status).toBe(200);
  });

  it('when no page has the path, then HTTP 404 "page not found" in the locale', async () => {
    const response = await page('/en-GB/no-such-page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('id="error-page-title"');
  });

  it('when an account path has no page, then HTTP 404 "page not found"; /account itself opens My Overview (account §2)', async () => {
    const missing = await page('/en-GB/account/no-such-page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('id="error-page-title"');
    const index = await page('/en-GB/account?carvin=ZAAAA1000AA000003');
    expect(index.status).toBe(302);
    expect(index.headers.get('location')).toBe('/en-GB/account/my-overview?carvin=ZAAAA1000AA000003');
  });

  it('when a guest opens an account page, then its frame is painted with the login prompt, not a 404', async () => {
    const response = await page('/en-GB/account/my-orders/a1B8d000000AbCdEFG/00001005');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Order 00001005</title>');
    expect(html).toContain('Please log in to see your account.');
    // The account's navigation as the region's preferences filter it: the browser takes the site's
    // configuration over and reads nothing once hydrated (issue 35).
    expect(pageDataOf(html).data['@"getSiteConfig","aurora",']).toMatchObject({ id: 'aurora' });
  });

  it('when the basket holds a plan, then the checkout paints its steps and summary with the HTML', async () => {
    const first = await page(RENEWAL);
    const cookie = sessionCookie(first);
    const csrf = csrfTokenOf(await first.text());
    const added = await fetch(`${base}/api/basket/items`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: 'cn-connected-navigation', variantId: 'cn-connected-navigation-12m' }),
    });
    expect(added.status).toBe(200);
    const html = await (await page('/en-GB/checkout', cookie)).text();
    expect(html).toContain('<title>Checkout</title>');
    expect(html).toMatch(/Log in|Email address/);
    expect(html).toContain('£99');
  });

  // Storefront §6 (decision 016): the sandbox's CZ region is on VCS version 11 (login: /test outside
  // production), GB on 12 (the main page).
  it.each([
    ['/en-GB/checkout', '/en-GB/home'],
    ['/cs-CZ/checkout', '/cs-CZ/test'],
    ['/en-GB/payment-confirmation', '/en-GB/home'],
    ['/cs-CZ/payment-confirmation', '/cs-CZ/test'],
    ['/cs-CZ/service/cn-connected-navigation', '/cs-CZ/test'],
    ['/en-GB/service/cn-connected-navigation', '/en-GB/home'],
  ])('when a guest without vehicle opens %s, then the server redirects to %s (§6)', async (path, location) => {
    const response = await page(path);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(location);
  });

  it.each([
    ['the main page', '/cs-CZ/home'],
    ['the terms', '/cs-CZ/terms-conditions'],
    ['an account page', '/cs-CZ/account/my-orders'],
    ['the test page (the login outside production)', '/cs-CZ/test'],
    ['the login redirect', '/cs-CZ/callback/forgerock'],
    ['a bank or 3-D Secure return with its order', '/cs-CZ/payment-confirmation?orderNo=00012346&provider=stripe'],
    ['the language splash page, which forwards to the chosen locale', '/be/'],
  ])(
    'when a guest without vehicle opens %s in a region on VCS 11, then no redirect (§6 exceptions)',
    async (_page, path) => {
      const response = await page(path);
      expect(response.status).toBe(200);
    },
  );

  it('when a guest has a vehicle in the session, then the checkout and the payment confirmation are painted (§6 VIN context)', async () => {
    const first = await page('/cs-CZ/service/cn-connected-navigation?carvin=ZAAAA1000AA000016');
    expect(first.status).toBe(200);
    const cookie = sessionCookie(first);
    expect((await page('/cs-CZ/checkout', cookie)).status).toBe(200);
    expect((await page('/cs-CZ/payment-confirmation', cookie)).status).toBe(200);
  });

  it('when the help centre is asked for, then its questions and answers are in the HTML, in place (no script moves them)', async () => {
    const response = await page('/en-GB/faqs');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Help centre</title>');
    expect(html).toContain('<details class="accordion__item">');
    expect(html).not.toMatch(/<template id="B:|\$RC\(/);
    const keys = Object.keys(pageDataOf(html).data).filter((key) => key.includes('searchFaqs'));
    expect(keys).toHaveLength(2);
    // "Need any help?" with its content asset, painted and handed over (the browser asks nothing).
    expect(pageDataOf(html).data['@"getContentAsset","Need_any_Help","en-GB",']).toMatchObject({ id: 'Need_any_Help' });
  });
});
