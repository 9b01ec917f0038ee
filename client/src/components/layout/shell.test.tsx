import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STUB, stubApi, type StubHandler } from '../../testing/api-stub.ts';
import { ChunkLoadError, loadChunk } from '../../lib/lazy.ts';
import { lazyResolver, useLazyResolver } from '../../lib/lazy-resolver.ts';
import { useForm } from 'react-hook-form';
import { renderApp } from '../../testing/render-app.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { i18n, setLocale } from '../../lib/i18n.ts';
import { I18nProvider } from '../../lib/i18n-react.tsx';

function Thrower({ error }: { error: Error }): never {
  throw error;
}

describe('shell', () => {
  it('when the shopper is idle past the configured delay, then <html data-idle> is set, and activity reads the session again', async () => {
    document.documentElement.dataset.idleDelay = '1000';
    const stub = stubApi([SESSION_STUB, ['GET', /\/api\/maintenance$/, { body: { maintenance: false } }]]);
    try {
      renderApp('/home');
      await screen.findByRole('heading', { level: 1 });
      const sessionReads = () => stub.calls.filter((c) => c.path.startsWith('/api/session')).length;
      const before = sessionReads();
      await waitFor(() => expect(document.documentElement.hasAttribute('data-idle')).toBe(true), { timeout: 2000 });
      act(() => void window.dispatchEvent(new Event('click')));
      expect(document.documentElement.hasAttribute('data-idle')).toBe(false);
      await waitFor(() => expect(sessionReads()).toBe(before + 1));
    } finally {
      delete document.documentElement.dataset.idleDelay;
    }
  });

  it('when the logo is pressed on an error page, then the page reloads; on any other page it opens the main page (storefront §2)', async () => {
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, reload } });
    try {
      const { router } = renderApp('/en-GB/generic-error');
      const logo = await screen.findByRole('link', { name: 'Aurora connected services – home' });
      expect(screen.queryByRole('button', { name: 'My account' })).toBeNull();
      act(() => logo.click());
      expect(reload).toHaveBeenCalledTimes(1);
      expect(router.state.location.pathname).toBe('/en-GB/generic-error');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
    const { router } = renderApp('/en-GB/terms-conditions');
    const logos = await screen.findAllByRole('link', { name: 'Aurora connected services – home' });
    act(() => logos.at(-1)!.click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-GB/home'));
  });

  it('when the page loads, then the skip link targets the main landmark', async () => {
    renderApp('/home');
    const link = await screen.findByRole('link', { name: 'Skip to content' });
    const main = screen.getByRole('main');
    expect(link.getAttribute('href')).toBe(`#${main.id}`);
    expect(main.getAttribute('tabindex')).toBe('-1');
  });

  it('when the browser goes offline, then the offline banner appears, and it leaves when back online', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText("You're currently browsing in offline mode")).toBeNull();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText("You're currently browsing in offline mode")).toBeTruthy();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText("You're currently browsing in offline mode")).toBeNull();
  });

  it('when a route chunk fails to load, then the boundary offers Retry Connection', async () => {
    // The boundary is rendered alone, with the app's translator: in English whatever page came before.
    await setLocale('en-GB', 'core');
    let retried = false;
    render(
      <I18nProvider i18n={i18n}>
        <RouteErrorBoundary onRetry={() => (retried = true)}>
          <Thrower error={new ChunkLoadError('Chunk failed to load')} />
        </RouteErrorBoundary>
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { name: 'You are currently offline' })).toBeTruthy();
    expect(screen.getByText("We couldn't load the next page on this connection. Please try again.")).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Retry Connection' }).click());
    expect(retried).toBe(true);
  });

  it("when a form's checks cannot be loaded (issue 35: they load when it is first sent), then the boundary offers Retry Connection", async () => {
    await setLocale('en-GB', 'core');
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const checks = lazyResolver<{ email: string }>(load);
    const sent = vi.fn();
    function EmailForm() {
      const { register, handleSubmit } = useForm<{ email: string }>({ resolver: useLazyResolver(checks) });
      return (
        <form onSubmit={handleSubmit(sent)}>
          <input aria-label="Email address" {...register('email')} />
          <button type="submit">Continue as guest</button>
        </form>
      );
    }
    const original = console.error;
    console.error = () => undefined;
    try {
      render(
        <I18nProvider i18n={i18n}>
          <RouteErrorBoundary onRetry={() => undefined}>
            <EmailForm />
          </RouteErrorBoundary>
        </I18nProvider>,
      );
      await userEvent.setup().click(screen.getByRole('button', { name: 'Continue as guest' }));
      expect(await screen.findByRole('heading', { name: 'You are currently offline' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Retry Connection' })).toBeTruthy();
      expect(sent).not.toHaveBeenCalled();
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      console.error = original;
    }
  });

  it('when a page throws another error, then the boundary shows Unable to Load Page, and a new path clears it', async () => {
    await setLocale('en-GB', 'core');
    const original = console.error;
    console.error = () => undefined;
    try {
      const { rerender } = render(
        <I18nProvider i18n={i18n}>
          <RouteErrorBoundary resetKey="/en-GB/home">
            <Thrower error={new Error('boom')} />
          </RouteErrorBoundary>
        </I18nProvider>,
      );
      expect(screen.getByRole('heading', { name: 'Unable to Load Page' })).toBeTruthy();
      expect(screen.getByText('An error has occurred. Please try again shortly.')).toBeTruthy();
      rerender(
        <I18nProvider i18n={i18n}>
          <RouteErrorBoundary resetKey="/en-GB/checkout">
            <p>Next page</p>
          </RouteErrorBoundary>
        </I18nProvider>,
      );
      expect(screen.getByText('Next page')).toBeTruthy();
    } finally {
      console.error = original;
    }
  });

  it('when a chunk import rejects or exceeds the timeout, then loadChunk rejects with ChunkLoadError', async () => {
    await expect(
      loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
    ).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loadChunk(() => new Promise(() => undefined), 5)).rejects.toThrow(/timed out/);
  });

  it('when a page renders, then alternate links exist for every locale and x-default', async () => {
    renderApp('/fr-FR/checkout');
    await screen.findByRole('heading', { level: 1 });
    const links = [...document.querySelectorAll('link[rel="alternate"]')];
    expect(links).toHaveLength(17);
    expect(links.find((link) => link.getAttribute('hreflang') === 'de-AT')?.getAttribute('href')).toMatch(
      /\/de-AT\/checkout$/,
    );
    expect(links.find((link) => link.getAttribute('hreflang') === 'x-default')?.getAttribute('href')).toMatch(
      /\/checkout$/,
    );
  });

  it('when on checkout, then the reduced header shows Checkout and a close button', async () => {
    renderApp('/checkout');
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    expect(screen.getByRole('banner').textContent).toContain('Checkout');
    expect(screen.getByRole('link', { name: 'Close checkout and return to the main page' }).getAttribute('href')).toBe(
      '/home',
    );
  });

  it('when on an error page, then the account button is hidden; on a normal page it shows (storefront §2 Header)', async () => {
    const errorPage = renderApp('/generic-error');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'My account' })).toBeNull();
    errorPage.unmount();
    renderApp('/home');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('button', { name: 'My account' })).toBeTruthy();
  });

  it('when the copyright content asset loads, then the footer shows it with {year} filled with the current year (storefront §2 footer)', async () => {
    stubApi([
      SESSION_STUB,
      [
        'GET',
        /\/api\/content\/Footer_Copyright$/,
        {
          body: { id: 'Footer_Copyright', c_body: '<p>&copy; {year} Aurora Automotive Ltd. All rights reserved.</p>' },
        },
      ],
    ]);
    renderApp('/home');
    const footer = await screen.findByRole('contentinfo');
    await waitFor(() =>
      expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Aurora Automotive Ltd. All rights reserved.`),
    );
    expect(footer.textContent).not.toContain('{year}');
  });

  it('when on a normal page, then the footer shows the current year', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('contentinfo').textContent).toContain(String(new Date().getFullYear()));
  });
});

describe('account menu (storefront §4 Other: "The account menu opens or closes on profile click and closes on an outside click.")', () => {
  const registered: StubHandler = [
    'GET',
    /\/api\/session$/,
    {
      body: {
        ...(SESSION_STUB[2] as { body: object }).body,
        authType: 'registered',
        customer: { customerId: 'c1', firstName: 'Alex' },
      },
    },
  ];

  async function openMenu() {
    stubApi([registered]);
    renderApp('/en-GB/home');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Account menu' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(menu.hidden).toBe(false);
    return { user, toggle, menu };
  }

  it('when the profile button is pressed, then the menu opens; pressed again, it closes', async () => {
    const { user, toggle, menu } = await openMenu();
    expect(await within(menu).findByRole('link', { name: 'My overview' })).toBeTruthy();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hidden).toBe(true);
  });

  it('when the pointer is pressed inside the open menu, then it stays open; pressed elsewhere on the page, then it closes', async () => {
    const { user, toggle, menu } = await openMenu();
    await user.pointer({ keys: '[MouseLeft]', target: within(menu).getByText(/Alex/) });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.pointer({ keys: '[MouseLeft]', target: screen.getByRole('main') });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hidden).toBe(true);
  });

  it('when Escape is pressed with the menu open, then it closes (header.tsx: "closes on an outside click or Escape")', async () => {
    const { user, toggle, menu } = await openMenu();
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hidden).toBe(true);
  });
});
