import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { REDIRECT_SOURCE_KEY } from './generic-error-page.tsx';

describe('error pages', () => {
  it('when the VIN is too short, then an error shows and nothing navigates', async () => {
    const { router } = renderApp('/vin-error');
    const input = await screen.findByLabelText('Vehicle identification number (VIN)');
    await userEvent.type(input, 'ZAAAA1000');
    await userEvent.click(screen.getByRole('button', { name: 'Check subscriptions' }));
    expect(await screen.findByText('Please enter a valid 17-character VIN.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/vin-error');
  });

  it('when a valid VIN is entered, then check subscriptions opens the renewal page for it', async () => {
    const { router } = renderApp('/en-GB/vin-error');
    await userEvent.type(await screen.findByLabelText('Vehicle identification number (VIN)'), 'zaaaa1000aa000001');
    await userEvent.click(screen.getByRole('button', { name: 'Check subscriptions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-GB/service/cn-connected-navigation'));
    expect(router.state.location.search).toBe('?carvin=ZAAAA1000AA000001');
  });

  it('when a redirectSource is stored, then the generic error page pushes generic_error_page once with it', async () => {
    window.sessionStorage.setItem(
      REDIRECT_SOURCE_KEY,
      'http://localhost:3000/service/cn-connected-navigation?carvin=X',
    );
    renderApp('/generic-error', { state: { error: 'E001: The VIN is connected to another user' } });
    expect(await screen.findByText('An error has occurred. Please try again shortly.')).toBeTruthy();
    expect(screen.getByText('Error: E001: The VIN is connected to another user')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore ownership' })).toBeTruthy();
    const events = (window.dataLayer ?? []).filter((e) => (e as { event: string }).event === 'generic_error_page');
    expect(events).toEqual([
      {
        event: 'generic_error_page',
        referrer: 'http://localhost:3000/service/cn-connected-navigation?carvin=X',
        error: 'E001: The VIN is connected to another user',
      },
    ]);
  });

  it("when the server redirected a first load here, then generic_error_page names the page in the query's `from` (issue 34)", async () => {
    renderApp(
      '/en-GB/generic-error?error=No+product+variations+available&from=%2Fen-GB%2Fservice%2Fcn-connected-navigation%3Fcarvin%3DX',
    );
    expect(await screen.findByText('Error: No product variations available')).toBeTruthy();
    const events = (window.dataLayer ?? []).filter((e) => (e as { event: string }).event === 'generic_error_page');
    expect(events).toEqual([
      {
        event: 'generic_error_page',
        referrer: `${window.location.origin}/en-GB/service/cn-connected-navigation?carvin=X`,
        error: 'No product variations available',
      },
    ]);
  });

  it('when no redirectSource is stored, then no generic_error_page event is pushed', async () => {
    renderApp('/generic-error');
    await screen.findByText('An error has occurred. Please try again shortly.');
    expect((window.dataLayer ?? []).some((e) => (e as { event: string }).event === 'generic_error_page')).toBe(false);
  });

  it('when the invalid brand page has VIN and model in state, then it shows them and links to that brand', async () => {
    renderApp('/invalid-brand-vin', { state: { vin: 'ZBBBB1000BB000006', model: 'Borealis Nova', site: 'borealis' } });
    expect(await screen.findByText('ZBBBB1000BB000006')).toBeTruthy();
    expect(screen.getByText('Borealis Nova')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to brand website' }).getAttribute('href')).toBe(
      '/home?site=borealis&carvin=ZBBBB1000BB000006',
    );
  });

  it('when the invalid market page names a locale, then go to country links to it', async () => {
    renderApp('/invalid-market-vin', { state: { vin: 'ZAAAA1000AA000004', locale: 'fr-FR' } });
    expect((await screen.findByRole('link', { name: 'Go to country website' })).getAttribute('href')).toBe(
      '/fr-FR/home?carvin=ZAAAA1000AA000004',
    );
  });
});
