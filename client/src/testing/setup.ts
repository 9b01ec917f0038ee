import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';

// The client's test files share one jsdom and one module cache (vitest.config.ts, issue 32: jsdom
// made once instead of 60 times). Each file still starts as it would in a window of its own: the
// app's modules evaluated afresh, so that a file's vi.mock reaches modules an earlier file imported
// (a cached sandbox-wallet.tsx kept the real hook), and nothing left in the page, its storage,
// cookies or address by the file before.
vi.resetModules();
window.localStorage.clear();
window.sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]!.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
window.history.replaceState(null, '', '/');
document.head.replaceChildren();
document.body.replaceChildren();
document.title = '';
document.documentElement.removeAttribute('lang');
document.documentElement.removeAttribute('dir');

const { i18n, setLocale } = await import('../lib/i18n.ts');
const { resetMainContentShown } = await import('../lib/page-ready.ts');

// findBy… and waitFor wait up to 5 s, not Testing Library's 1 s: a page's first render loads its
// route's lazy chunks, which took longer than a second on CI's two busy cores (My Subscriptions).
configure({ asyncUtilTimeout: 5_000 });

// A key no catalogue has renders as the key itself: every test fails on one.
const missingKeys: string[] = [];
i18n.onMissing = (key, language) => missingKeys.push(`${language}: ${key}`);

// The whole English catalogue, as the app has it once it runs (the core-only first view is tested
// with a translator of its own: renewal-page.core-catalogue.test.tsx).
beforeAll(() => setLocale('en-GB'));

// jsdom has no layout: scrolling is a no-op, and no test reaches the network.
beforeEach(() => {
  resetMainContentShown();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ title: 'Not found' }), {
          status: 404,
          headers: { 'content-type': 'application/problem+json' },
        }),
    ),
  );
});

afterEach(() => {
  cleanup();
  expect(missingKeys.splice(0), 'message keys missing from the catalogues').toEqual([]);
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.dataLayer = [];
});
