/**
 * Storefront §6 "A customer with no vehicle identifier ... is redirected to login or the main page"
 * on a navigation inside the app (decisions 014, 016): the renewal page follows the read's
 * redirectUrl, a page of the shop under the locale or the identity provider's login in production.
 */
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STUB, stubApi, type StubHandler } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const notIdentified = (redirectUrl: string): StubHandler => [
  'GET',
  /\/api\/renewal\//,
  {
    status: 400,
    body: {
      type: 'https://shop.example/problems/vehicle-not-identified',
      title: 'No vehicle',
      status: 400,
      detail: 'Neither the link nor the session names a vehicle (token, VIN or encrypted VIN).',
      redirectUrl,
    },
  },
];

describe('renewal page without vehicle (storefront §6)', () => {
  it.each([
    ['the main page (VCS 12)', '/en-GB/service/cn-connected-navigation', '/home', '/en-GB/home'],
    ['the login outside production (VCS 11)', '/cs-CZ/service/cn-connected-navigation', '/test', '/cs-CZ/test'],
  ])('when the read names %s, then the app opens it under the locale', async (_case, url, redirectUrl, path) => {
    stubApi([SESSION_STUB, notIdentified(redirectUrl)]);
    const { router } = renderApp(url);
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it("when the read names the identity provider's login (production), then the browser goes there", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    const login = 'https://idp.example/authorize?locale=cs-CZ&country=CZ';
    stubApi([SESSION_STUB, notIdentified(login)]);
    const { router } = renderApp('/cs-CZ/service/cn-connected-navigation');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(login));
    expect(router.state.location.pathname).toBe('/cs-CZ/service/cn-connected-navigation');
  });
});
