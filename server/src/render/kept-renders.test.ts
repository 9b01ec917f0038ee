/**
 * Pages the server rendered, kept for the next request with the same inputs (issue 35,
 * client/src/app/render-memo.server.ts, docs/decisions/006), against the in-process sandbox and the
 * built client (`make test` builds it first): shared between guests without their tokens, rendered
 * anew when the data changes, and the same at every hour of a day.
 */
import { existsSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionCookie } from '../test-helpers.ts';
import { askPage, csrfTokenOf, pageDataOf, rootMarkupOf } from '../testing/page-html.ts';
import { useSandboxServer } from '../testing/sandbox-server.ts';
import { skipWithout } from '../testing/suite-prerequisite.ts';
import { loadRenderer, SERVER_ENTRY } from './pages.ts';

const built = !skipWithout(existsSync(SERVER_ENTRY), 'the built client (dist/server): `make build` makes it');
const RENEWAL = '/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001';
const stack = useSandboxServer({}, { serveClient: true });

const page = (path: string, cookie?: string) => askPage(stack.url(path), cookie);

/** Pages rendered so far, by whether a kept render answered. */
async function renderCounts(): Promise<{ kept: number; rendered: number }> {
  const { values } = await stack.shop.server.context.metrics!.pageRenders.get();
  const count = (kept: string) => values.find((v) => v.labels.kept === kept)?.value ?? 0;
  return { kept: count('true'), rendered: count('false') };
}

// Issue 35: a page rendered for the same inputs is answered again without React (client/src/app/render-memo.server.ts).
describe.skipIf(!built)('renders kept for the same page and data', () => {
  beforeEach(async () => (await loadRenderer(SERVER_ENTRY))!.forgetRenders());

  it("when two guests open the same page, then the second gets the first's render with its own CSRF token in it", async () => {
    const before = await renderCounts();
    const [first, second] = [await (await page(RENEWAL)).text(), await (await page(RENEWAL)).text()];
    expect(await renderCounts()).toEqual({ kept: before.kept + 1, rendered: before.rendered + 1 });
    const [tokenA, tokenB] = [csrfTokenOf(first), csrfTokenOf(second)];
    expect(tokenA).toMatch(/^[\w-]{20,}$/);
    expect(tokenB).not.toBe(tokenA);
    // The no-script forms post the session's own token.
    expect(first).toContain(`value="${tokenA}"`);
    expect(second).toContain(`value="${tokenB}"`);
    expect(second).not.toContain(tokenA);
    // Otherwise the same page, but for each answer's CSP nonce.
    const same = (html: string, token: string) => html.replaceAll(token, 'TOKEN').replace(/ nonce="[^"]*"/g, '');
    expect(same(second, tokenB)).toBe(same(first, tokenA));
  });

  it("when the shopper's data changes, then the page is rendered anew from it", async () => {
    const first = await page(RENEWAL);
    const cookie = sessionCookie(first);
    const before = rootMarkupOf(await first.text());
    const again = await (await page(RENEWAL, cookie)).text();
    expect(rootMarkupOf(again)).toBe(before);
    const added = await fetch(stack.url('/api/basket/items'), {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrfTokenOf(again), 'content-type': 'application/json' },
      body: JSON.stringify({ productId: 'cn-connected-navigation', variantId: 'cn-connected-navigation-12m' }),
    });
    expect(added.status).toBe(200);
    const counts = await renderCounts();
    const after = await (await page(RENEWAL, cookie)).text();
    expect(await renderCounts()).toEqual({ ...counts, rendered: counts.rendered + 1 });
    expect(pageDataOf(after).data['@"getSession","en-GB",']).toMatchObject({ basketItemCount: 1 });
    expect(rootMarkupOf(after)).not.toBe(before);
  });

  // A kept render is keyed by its day (UTC and local), not its hour: every page must render the same
  // markup from the same data at any hour of one day, or a kept one would be stale.
  it('when a page is rendered at two hours of one day from the same data, then its markup is the same', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const at = (time: string) => vi.setSystemTime(new Date(`${day}T${time}Z`));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      at('01:00:00');
      const first = await page(RENEWAL);
      const cookie = sessionCookie(first);
      const added = await fetch(stack.url('/api/basket/items'), {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': csrfTokenOf(await first.text()), 'content-type': 'application/json' },
        body: JSON.stringify({ productId: 'cn-connected-navigation', variantId: 'cn-connected-navigation-12m' }),
      });
      expect(added.status).toBe(200);
      const renderer = (await loadRenderer(SERVER_ENTRY))!;
      for (const path of [
        RENEWAL,
        '/en-GB/checkout',
        '/en-GB/home',
        '/en-GB/faqs',
        '/en-GB/terms-conditions',
        '/en-GB/account/my-subscriptions',
        '/en-GB/no-such-page',
      ]) {
        const markups: Array<string | undefined> = [];
        for (const time of ['01:00:00', '22:59:00']) {
          at(time);
          renderer.forgetRenders();
          markups.push(rootMarkupOf(await (await page(path, cookie)).text()));
        }
        expect(markups[0], path).toBeTruthy();
        expect(markups[1], path).toBe(markups[0]);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
