/**
 * A page loaded in Playwright's Chromium (Debian's), in a phone-sized window like Lighthouse's
 * mobile run: when its main content is shown and usable, which requests the browser had started by
 * then (API calls, scripts), and the rendered document, for its static snapshot.
 */
import { chromium, type Browser, type BrowserContextOptions } from '@playwright/test';
import { CHROME, CHROME_FLAGS, SHOP, type PageSpec } from './config.ts';

/** Lighthouse's mobile screen (a Moto G Power). */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROME, args: [...CHROME_FLAGS, '--disable-dev-shm-usage'] });

/** A cookie header ("name=value", or several joined by "; ") as Playwright cookies of the shop. */
export const shopCookies = (header: string) =>
  header.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: SHOP };
  });

interface Marks {
  /** performance.now() when an element matched the page's ready selector and none was disabled. */
  usableAt?: number;
  /** When React had taken the first match over (its props on the node: rendered or hydrated). */
  reactAt?: number;
}

export interface Capture {
  usableAt: number;
  reactAt: number | undefined;
  /** Same-origin requests by path (with query), with their start (ms after navigation start). */
  requests: Array<{ path: string; start: number }>;
  /** The page's first h1, its text with whitespace collapsed. */
  h1: string;
  /** The rendered document without scripts: the static snapshot's HTML. */
  snapshot: string;
}

/** The paths of a capture's requests that pass `test` and started before `at` (ms after navigation start). */
export const requestsBefore = (capture: Capture, at: number, test: (path: string) => boolean) =>
  capture.requests.filter((r) => r.start < at && test(r.path)).map((r) => r.path);

export async function capturePage(browser: Browser, spec: PageSpec, cookie: string | undefined): Promise<Capture> {
  const context = await browser.newContext(PHONE);
  try {
    if (cookie) await context.addCookies(shopCookies(cookie));
    const page = await context.newPage();
    await page.addInitScript((selector: string) => {
      const marks: Marks = {};
      (window as unknown as { bench: Marks }).bench = marks;
      const usable = () => {
        const found = [...document.querySelectorAll(selector)];
        return found.length > 0 && found.every((element) => !element.matches(':disabled'));
      };
      const observer = new MutationObserver(() => {
        if (marks.usableAt !== undefined || !usable()) return;
        marks.usableAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
      // React's hydration changes no node, so no mutation says when it is done: its props on the node do.
      const poll = setInterval(() => {
        const element = document.querySelector(selector);
        if (element && Object.keys(element).some((key) => key.startsWith('__reactProps$'))) {
          marks.reactAt = performance.now();
          clearInterval(poll);
        }
      }, 5);
      setTimeout(() => clearInterval(poll), 20_000);
    }, spec.ready);
    await page.goto(`${SHOP}${spec.path}`);
    const marks = () => page.evaluate(() => (window as unknown as { bench: Marks }).bench);
    await page
      .waitForFunction(() => (window as unknown as { bench: Marks }).bench.usableAt !== undefined, undefined, {
        timeout: 30_000,
      })
      .catch(async () => {
        const h1 = await page
          .locator('h1')
          .first()
          .textContent({ timeout: 1000 })
          .catch(() => null);
        throw new Error(
          `${spec.name}: "${spec.ready}" was not shown and enabled within 30 s (${page.url()} shows h1 “${h1 ?? 'none'}”)`,
        );
      });
    // Images, style sheets and lazy chunks in, then React (at most 5 s more).
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    await page
      .waitForFunction(() => (window as unknown as { bench: Marks }).bench.reactAt !== undefined, undefined, {
        timeout: 5_000,
      })
      .catch(() => undefined);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const { usableAt, reactAt } = await marks();
    const requests = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => ({ url: new URL(entry.name), start: entry.startTime }))
        .filter(({ url }) => url.origin === location.origin)
        .map(({ url, start }) => ({ path: url.pathname + url.search, start })),
    );
    const { h1, snapshot } = await page.evaluate(renderedWithoutScripts, page.url());
    return { usableAt: usableAt!, reactAt, requests, h1, snapshot };
  } finally {
    await context.close();
  }
}

/**
 * In the page: the document as rendered, with nothing left to run (no script, module preload or
 * script preload, no inline handler), its style sheets, images and frames kept. The form controls'
 * state becomes attributes (a chosen radio stays chosen), and a <base> keeps the page's relative
 * addresses pointing where they did.
 */
function renderedWithoutScripts(pageUrl: string): { h1: string; snapshot: string } {
  const clone = document.documentElement.cloneNode(true) as HTMLElement;
  const liveInputs = document.querySelectorAll('input');
  clone.querySelectorAll('input').forEach((input, i) => {
    const live = liveInputs[i];
    if (!live) return;
    if (live.type === 'checkbox' || live.type === 'radio') input.toggleAttribute('checked', live.checked);
    else if (live.type !== 'password' && live.type !== 'file') input.setAttribute('value', live.value);
  });
  clone
    .querySelectorAll('script, link[rel~="modulepreload"], link[rel~="preload"][as="script"]')
    .forEach((element) => element.remove());
  clone.querySelectorAll('*').forEach((element) => {
    for (const name of element.getAttributeNames()) if (name.startsWith('on')) element.removeAttribute(name);
  });
  const head = clone.querySelector('head');
  if (head && !head.querySelector('base')) {
    const base = document.createElement('base');
    base.href = pageUrl;
    head.prepend(base);
  }
  const h1 = (document.querySelector('h1')?.textContent ?? '').replace(/\s+/g, ' ').trim();
  return {
    h1,
    snapshot: `<!doctype html>\n<!-- make bench: the static snapshot of ${pageUrl.replace(/--/g, '%2D%2D')}, scripts removed -->\n${clone.outerHTML}\n`,
  };
}

export interface SnapshotView {
  status: number;
  cacheControl: string | null;
  h1: string;
  h1Visible: boolean;
  contentShown: boolean;
}

/** The snapshot as a browser without JavaScript shows it: its h1, and whether the page's main content is on screen. */
export async function viewSnapshot(browser: Browser, url: string, spec: PageSpec): Promise<SnapshotView> {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const response = await page.goto(url);
    const h1 = page.locator('h1').first();
    const shown = page.locator(spec.ready).first();
    return {
      status: response?.status() ?? 0,
      cacheControl: (await response?.headerValue('cache-control')) ?? null,
      // The text as written (innerText would apply the style sheet's text-transform).
      h1: (await h1.count()) ? ((await h1.textContent()) ?? '').replace(/\s+/g, ' ').trim() : '',
      h1Visible: (await h1.count()) > 0 && (await h1.isVisible()),
      contentShown: (await shown.count()) > 0 && (await shown.isVisible()),
    };
  } finally {
    await context.close();
  }
}
