import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueAt } from '../lib/lazy.ts';
import { renderApp } from '../testing/render-app.tsx';
import { createRoutes } from './routes.tsx';
import { pseudoLocalise } from '../../pseudo-locale.ts';

describe('route table', () => {
  it('when a page is matched, then the renewal and ADAS pages render with the core of the catalogue, every other page with the whole', () => {
    const routes = createRoutes();
    expect(catalogueAt(routes, '/en-GB/service/cn-connected-navigation')).toBe('core');
    expect(catalogueAt(routes, '/fr-FR/product')).toBe('core');
    for (const path of ['/en-GB/checkout', '/en-GB/home', '/en-GB/faqs', '/en-GB/confirmation/1', '/en-GB/nope', '/']) {
      expect(catalogueAt(routes, path), path).toBe('whole');
    }
  });

  it.each([
    ['/home', 'Connected vehicle services'],
    ['/checkout', 'Checkout'],
    ['/faqs/payment', 'Help centre'],
    ['/account/my-orders', 'My orders'],
    ['/vin-error', "We couldn't find your vehicle"],
    ['/maintenance', "We'll be back soon"],
    ['/restricted-access', 'Access restricted'],
    ['/internal-server-error', 'Something went wrong on our side'],
    ['/generic-error', 'Unable to Load Page'],
  ])('when %s is opened without a locale prefix, then its page renders', async (url, heading) => {
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it.each([
    ['/en-GB/checkout', 'Checkout'],
    // en-XB is the pseudo-locale (storefront §9): English, pseudo-localised (client/pseudo-locale.ts)
    ['/en-XB/vin-error', pseudoLocalise("We couldn't find your vehicle")],
    ['/en-US/terms-conditions', 'Terms and conditions'],
  ])('when %s is opened with a locale prefix, then its page renders', async (url, heading) => {
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('when a French locale prefix is used, then the page is in French', async () => {
    renderApp('/fr-FR/page-not-found');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
  });

  // In the path's language, once its catalogue has come: an unknown locale is no language (English).
  it.each([
    ['/nowhere', 'Page not found'],
    ['/de-DE/nowhere/deeper', 'Seite nicht gefunden'],
    ['/xx-YY/checkout', 'Page not found'],
  ])('when %s matches nothing, then page not found renders (%s)', async (url, title) => {
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it("when / is opened under a locale with a query, then it redirects to that locale's /home keeping the query", async () => {
    const { router } = renderApp('/nl-BE/?site=borealis');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl-BE/home'));
    expect(router.state.location.search).toBe('?site=borealis');
  });

  it('when production routes are built, then test pages are page not found', async () => {
    renderApp('/test', { production: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('when /test-override is opened, then only fr-BE and es-ES have it', async () => {
    renderApp('/fr-BE/test-override');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: /introuvable/i })).toBeNull();
  });

  it('when a page renders, then fdp_page is pushed with its path', async () => {
    renderApp('/en-GB/checkout');
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({
        event: 'fdp_page',
        page_path: '/en-GB/checkout',
        page_type: 'checkout',
        locale: 'en-GB',
      }),
    );
  });
});
