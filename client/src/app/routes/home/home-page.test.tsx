/** The main page /home and /subscriptions-redirect (storefront §2 route table). */
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STUB, stubApi, type StubHandler } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const session = (extra: Record<string, unknown>): StubHandler => [
  'GET',
  /\/api\/session$/,
  { body: { ...(SESSION_STUB[2] as { body: object }).body, ...extra } },
];

afterEach(() => vi.unstubAllGlobals());

describe('main page', () => {
  it('when /home is opened with a VIN link, then the services of that vehicle open with the query kept', async () => {
    stubApi([SESSION_STUB]);
    const { router } = renderApp('/en-GB/home?carvin=ZAAAA1000AA000001&site=aurora');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-GB/service'));
    expect(router.state.location.search).toBe('?carvin=ZAAAA1000AA000001&site=aurora');
  });

  it('when the session knows a vehicle, then the page offers its services', async () => {
    stubApi([session({ vehicle: { vin: 'ZAAAA1000AA000004', model: 'Aurora Berline' } })]);
    renderApp('/en-GB/home');
    expect(await screen.findByText(/Aurora Berline/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'See the services of this vehicle' });
    expect(link.getAttribute('href')).toBe('/en-GB/service?carvin=ZAAAA1000AA000004');
  });

  it('when a VIN is entered, then its services open; a short one is refused with the message', async () => {
    stubApi([SESSION_STUB]);
    const { router } = renderApp('/en-GB/home');
    const input = await screen.findByLabelText('Vehicle identification number (VIN)');
    await userEvent.type(input, 'ZAAAA1');
    await userEvent.click(screen.getByRole('button', { name: 'Show my services' }));
    expect(await screen.findByText('Please enter a valid 17-character VIN.')).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, 'zaaaa1000aa000005');
    await userEvent.click(screen.getByRole('button', { name: 'Show my services' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-GB/service'));
    expect(router.state.location.search).toBe('?carvin=ZAAAA1000AA000005');
  });

  it('when production routes are built, then the test pages link is gone', async () => {
    stubApi([SESSION_STUB]);
    renderApp('/en-GB/home', { production: true });
    await screen.findByRole('heading', { level: 1, name: 'Connected vehicle services' });
    expect(screen.queryByRole('link', { name: /Test pages/ })).toBeNull();
  });
});

describe('subscriptions redirect', () => {
  it('when a registered customer opens it, then /account/my-subscriptions replaces it', async () => {
    stubApi([session({ authType: 'registered', customer: { customerId: 'c1', firstName: 'Alex' } })]);
    const { router } = renderApp('/en-GB/subscriptions-redirect');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-GB/account/my-subscriptions'));
  });

  it('when a guest opens it, then the login starts with the subscriptions as the way back', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const stub = stubApi([
      SESSION_STUB,
      ['GET', /\/api\/session\/login$/, { body: { authorizeUrl: 'http://idp.example/authorize?x=1' } }],
    ]);
    renderApp('/en-GB/subscriptions-redirect');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://idp.example/authorize?x=1'));
    const login = stub.calls.find((c) => c.path.startsWith('/api/session/login'))!;
    expect(new URL(login.path, 'http://x').searchParams.get('returnTo')).toBe('/en-GB/account/my-subscriptions');
  });

  it('when the login cannot start, then the page says so and offers a retry', async () => {
    stubApi([
      SESSION_STUB,
      ['GET', /\/api\/session\/login$/, { status: 502, body: { title: 'Bad gateway', status: 502 } }],
    ]);
    renderApp('/en-GB/subscriptions-redirect');
    expect(await screen.findByText("We couldn't open the login page. Please try again.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
