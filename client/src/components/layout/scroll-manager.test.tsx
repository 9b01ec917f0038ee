/** Scrolling on navigation (storefront §2: to the top, or to the hash target minus 48px) and on hydration (decision 006). */
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerRenderedContext } from '../../lib/page-ready.ts';
import { ScrollManager } from './scroll-manager.tsx';

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string, serverRendered: boolean) {
  const router = createMemoryRouter([{ path: '*', element: <ScrollManager /> }], { initialEntries: [path] });
  render(
    <ServerRenderedContext.Provider value={serverRendered}>
      <RouterProvider router={router} />
    </ServerRenderedContext.Provider>,
  );
  return router;
}

describe('ScrollManager', () => {
  it('when a page rendered in the browser starts, then it scrolls to the top', () => {
    renderAt('/en-GB/faqs', false);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });

  it('when a server-rendered page hydrates, then the scroll position stays where the shopper left it', async () => {
    const router = renderAt('/en-GB/faqs', true);
    expect(scrollTo).not.toHaveBeenCalled();
    // The next navigation scrolls as always.
    await act(() => router.navigate('/en-GB/terms-conditions'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });

  it('when the shopper navigates to a link with a hash, then the target sits 48px below the top, not at the top (storefront §2 Shell behaviour)', async () => {
    const target = document.createElement('section');
    target.id = 'faq-section';
    target.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 500, width: 10, height: 10 });
    document.body.append(target);
    try {
      const router = renderAt('/en-GB/service/P1', false);
      scrollTo.mockClear();
      await act(() => router.navigate('/en-GB/service/P1#faq-section'));
      expect(scrollTo).toHaveBeenCalledTimes(1);
      expect(scrollTo).toHaveBeenCalledWith({ top: 500 + window.scrollY - 48 });
    } finally {
      target.remove();
    }
  });

  it('when a server-rendered page with a hash hydrates, then its target sits 48px below the top (storefront §2)', () => {
    const target = document.createElement('h2');
    target.id = 'benefits';
    document.body.append(target);
    renderAt('/en-GB/faqs#benefits', true);
    expect(scrollTo).toHaveBeenCalledWith({ top: target.getBoundingClientRect().top + window.scrollY - 48 });
    target.remove();
  });
});
