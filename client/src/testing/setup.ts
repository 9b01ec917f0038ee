import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { i18n, setLocale } from '../lib/i18n.ts';
import { resetMainContentShown } from '../lib/page-ready.ts';

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
