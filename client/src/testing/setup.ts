import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetMainContentShown } from '../lib/page-ready.ts';

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
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.dataLayer = [];
});
