/**
 * The account area's figures (issue 13), signed in as alex: Lighthouse on My Subscriptions and on
 * an order detail, the account routes' JavaScript, and the two signed-in proxy calls under load.
 * alex signs in once, through the identity provider's page as a person does; the session lives on
 * the server, so its cookie, sent with every request Lighthouse and autocannon make, keeps alex
 * signed in for the whole run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { CONSENT_COOKIE } from '../../domain/page-render.ts';
import { capturePage, PHONE, requestsBefore, type Capture } from './browser.ts';
import { accountRouteJs, firstRouteJs, gzipSize, kb, type Bundle } from './bundle.ts';
import {
  ACCOUNT_ORDER_NO,
  ACCOUNT_OWNER,
  LIGHTHOUSE_RUNS,
  SHOP,
  SUBSCRIPTIONS_API_PATH,
  SUBSCRIPTIONS_PATH,
  accountPages,
  orderApiPath,
  root,
  type PageSpec,
} from './config.ts';
import { recordAccountLighthouse } from './figures.ts';
import { hostNote, lighthouseRun, medianRun, tbtNote, type LighthouseRun } from './lighthouse.ts';
import { describeLoad, load, loadHow } from './load.ts';
import { notes, record } from './report.ts';

/** alex's signed-in session and what was read with it. */
export interface Owner {
  /** The shop's cookies after the sign-in, as a Cookie header. */
  cookie: string;
  /** Order 00001005's 18-character summary id, from My Orders' call. */
  orderId: string;
  pages: PageSpec[];
  /** Each account page loaded in Chromium with the session, by page id. */
  captures: Map<string, Capture>;
}

/**
 * Signs alex in the way a person does: a guest opens My Subscriptions, the shop sends the browser to
 * the identity provider's sign-in page, and back to My Subscriptions after "Sign in".
 */
async function signIn(browser: Browser): Promise<string> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.goto(`${SHOP}${SUBSCRIPTIONS_PATH}`);
    await page.getByLabel('Email address').fill(ACCOUNT_OWNER.email);
    await page.getByLabel('Password').fill(ACCOUNT_OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${SHOP}${SUBSCRIPTIONS_PATH}`, { timeout: 30_000 }).catch(() => {
      throw new Error(
        `sign-in as ${ACCOUNT_OWNER.email} did not come back to ${SUBSCRIPTIONS_PATH} (at ${page.url()})`,
      );
    });
    // The session's cookies, not the consent one: inside Playwright's test runner (the page-speed
    // gate) the context starts as the journeys' returning shopper, whose consent choice is in its
    // storage. A Lighthouse run carries the cookie but not the storage: the server would leave the
    // banner out and the app show it once hydrated, the page's largest paint 3 s late (issue 35).
    const cookies = (await context.cookies(SHOP)).filter((c) => c.name !== CONSENT_COOKIE);
    return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  } finally {
    await context.close();
  }
}

/** The order's summary id, from the call My Orders makes (GET /api/account/orders), page by page. */
async function findOrderId(cookie: string): Promise<string> {
  for (let offset = 0; ;) {
    const answer = await fetch(`${SHOP}/api/account/orders?offset=${offset}&limit=100&locale=en-GB`, {
      headers: { cookie },
    });
    if (!answer.ok) throw new Error(`GET /api/account/orders as ${ACCOUNT_OWNER.email}: HTTP ${answer.status}`);
    const list = (await answer.json()) as { total: number; orders: Array<{ id: string; orderNo: string }> };
    const order = list.orders.find((o) => o.orderNo === ACCOUNT_ORDER_NO);
    if (order) return order.id;
    offset += list.orders.length;
    if (list.orders.length === 0 || offset >= list.total) {
      throw new Error(`order ${ACCOUNT_ORDER_NO} is not among ${ACCOUNT_OWNER.email}'s ${list.total} orders`);
    }
  }
}

/** alex signed in, the order detail's path found, and both account pages loaded in Chromium with the session. */
export async function signInOwner(browser: Browser): Promise<Owner> {
  const cookie = await signIn(browser);
  const orderId = await findOrderId(cookie);
  const pages = accountPages(orderId);
  const captures = new Map<string, Capture>();
  for (const spec of pages) captures.set(spec.id, await capturePage(browser, spec, cookie));
  return { cookie, orderId, pages, captures };
}

const files = (bundle: Bundle) => bundle.files.map(([file, size]) => `${file} ${kb(size)}`).join(', ');

/** The JavaScript (gzip) Chromium fetched loading a page, by network idle. */
async function fetchedJs(capture: Capture): Promise<string> {
  const scripts = requestsBefore(capture, Infinity, (p) => /^\/assets\/[^?]+\.js(\?|$)/.test(p));
  const sizes = await Promise.all([...new Set(scripts.map((p) => p.split('?')[0]!))].map((file) => gzipSize(file)));
  return `${kb(sizes.reduce((n, s) => n + s, 0))} (${sizes.length} files)`;
}

/**
 * The account routes' JavaScript beside the first route's (issue 13: account code is loaded on
 * account routes only): the account area's own chunks, and what an account route loads beyond the
 * storefront's first route.
 */
export async function recordAccountBundle(owner: Owner): Promise<void> {
  const { only, beyondFirstRoute } = await accountRouteJs();
  const firstRoute = await firstRouteJs();
  const fetched = await Promise.all(
    owner.pages.map(async (spec) => `${await fetchedJs(owner.captures.get(spec.id)!)} loading ${spec.name}`),
  );
  record({
    name: 'Account route JavaScript, its own chunks (gzip)',
    value: kb(only.total),
    target: 'reported',
    pass: null,
    how:
      `the lazy AccountRoute chunk (${only.roots.join(', ')}) and the chunks no other entry or lazy chunk imports ` +
      `(Vite manifest): ${files(only)}; beside the storefront's first route, ${kb(firstRoute.total)}`,
  });
  record({
    name: "Account route JavaScript beyond the first route's (gzip)",
    value: kb(beyondFirstRoute.total),
    target: 'reported',
    pass: null,
    how:
      `the AccountRoute chunk and its static imports, less the first route's chunks: ${files(beyondFirstRoute)}; ` +
      `lazy imports (the card forms) not counted. The browser fetched, signed in, all chunks counted: ${fetched.join('; ')}`,
  });
}

/**
 * Lighthouse on both account pages with alex's cookie on every request, interleaved run by run
 * like the storefront's pages. A run whose page ended elsewhere (the sign-in, an error page) would
 * measure another page: it fails the bench.
 */
export async function lighthouseAccount(owner: Owner): Promise<void> {
  const runs = new Map<string, LighthouseRun[]>(owner.pages.map((spec) => [spec.id, []]));
  for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
    for (const spec of owner.pages) {
      const url = `${SHOP}${spec.path}`;
      const result = await lighthouseRun(url, owner.cookie);
      if (result.lhr.finalDisplayedUrl !== url) {
        throw new Error(`lighthouse on ${url} ended on ${result.lhr.finalDisplayedUrl}: not signed in?`);
      }
      runs.get(spec.id)!.push(result);
      console.log(
        `     lighthouse ${spec.id} ${run}/${LIGHTHOUSE_RUNS}: performance ${result.performance}, ` +
          `accessibility ${result.accessibility}, best practices ${result.bestPractices}, ` +
          `LCP ${Math.round(result.lcp)} ms, ${tbtNote(result)}, ${hostNote(result)}`,
      );
    }
  }
  await mkdir(path.join(root, 'reports'), { recursive: true });
  for (const spec of owner.pages) {
    const page = runs.get(spec.id)!;
    recordAccountLighthouse(spec, page);
    // The whole report of the median run, to read which metric or audit costs the points.
    await writeFile(
      path.join(root, `reports/lighthouse-${spec.id}.json`),
      JSON.stringify(medianRun(page).lhr, null, 1),
    );
  }
  notes.push(
    `Account pages (issue 13): ${owner.pages.map((s) => s.path).join(' and ')}, signed in as ${ACCOUNT_OWNER.email} ` +
      `through the identity provider's sign-in page; Lighthouse sends the session's cookie with every request ` +
      `(extraHeaders), same settings, ${LIGHTHOUSE_RUNS} runs per page interleaved, after the storefront's pages; ` +
      `no static snapshot.`,
  );
}

/** The two signed-in proxy calls of the account pages under load, one after the other, with alex's cookie. */
export async function loadAccount(owner: Owner): Promise<void> {
  const calls = [
    {
      name: 'Account subscriptions call (signed in) under load',
      path: SUBSCRIPTIONS_API_PATH,
      // Each answer must be alex's list, not a 200 of something else.
      expect: '"isCustomerEnabled":true',
    },
    {
      name: `Account order detail call (signed in, order ${ACCOUNT_ORDER_NO}) under load`,
      path: orderApiPath(owner.orderId),
      expect: `"orderNo":"${ACCOUNT_ORDER_NO}"`,
    },
  ];
  for (const call of calls) {
    const once = await fetch(`${SHOP}${call.path}`, { headers: { cookie: owner.cookie } });
    const body = await once.text();
    if (!once.ok || !body.includes(call.expect)) {
      throw new Error(`GET ${call.path} as ${ACCOUNT_OWNER.email}: HTTP ${once.status}, ${body.slice(0, 200)}`);
    }
    const result = await load(`${SHOP}${call.path}`, { cookie: owner.cookie }, (answer) =>
      answer.includes(call.expect),
    );
    record({
      name: call.name,
      value: describeLoad(result),
      target: '0 errors; p50, p99, req/s reported',
      pass: result.errors === 0,
      how:
        `GET ${call.path}, ${ACCOUNT_OWNER.email}'s session cookie (${kb(Buffer.byteLength(body))} of JSON); ` +
        `${loadHow(result)}; every answer was checked for ${call.expect}`,
    });
  }
}
