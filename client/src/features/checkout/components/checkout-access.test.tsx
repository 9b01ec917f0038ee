/**
 * Storefront §6 on a navigation inside the app (decision 016): the checkout's read answers 401 with
 * the region's target (the main page on VCS 12, the login on 11: /test outside production, the
 * identity provider in production) and the page goes there, as the server's 302 does for a page
 * load.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STUB, stubApi, type StubHandler } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const unauthenticated = (redirectUrl: string): StubHandler => [
  'GET',
  /\/api\/checkout$/,
  {
    status: 401,
    body: {
      type: 'https://shop.example/problems/unauthenticated',
      title: 'Not authenticated',
      status: 401,
      detail: 'Log in, or open the link that names your vehicle.',
      redirectUrl,
    },
  },
];

describe('checkout access (storefront §6)', () => {
  it('when the read sends a guest without vehicle to the main page, then the app opens /home under the locale', async () => {
    stubApi([SESSION_STUB, unauthenticated('/home')]);
    const { router } = renderApp('/en-GB/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-GB/home'));
  });

  it('when the read sends the guest to the login outside production, then the app opens /test under the locale', async () => {
    stubApi([SESSION_STUB, unauthenticated('/test')]);
    const { router } = renderApp('/cs-CZ/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cs-CZ/test'));
  });

  it("when the read sends the guest to the identity provider's login, then the browser goes there and no error shows", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    stubApi([SESSION_STUB, unauthenticated('https://idp.example/authorize?locale=cs-CZ')]);
    const { router } = renderApp('/cs-CZ/checkout');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/authorize?locale=cs-CZ'));
    expect(router.state.location.pathname).toBe('/cs-CZ/checkout');
    expect(screen.queryByText('An unexpected error occurred during checkout.')).toBeNull();
  });
});
