/**
 * Storefront §6 in production (decision 016): where the region's VCS version (11: CZ in the sandbox)
 * sends a customer to login, "login" is "the locale's configured redirect URL" (§2): the identity
 * provider's login with the locale's parameters (§4: hide-account-page, auto-renewal flag by region,
 * country code, locale, brand), built by the external login's one builder, which brings the
 * customer back to the page after the login. Through the proxy against the in-process sandbox.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { ShopBrowser, signIn } from '../../testing/shop-browser.ts';

const { shop } = useSandboxServer({
  NODE_ENV: 'production',
  SESSION_SECRET: 'production-test-secret-0123456789abcdef',
});

async function guestIn(locale: string) {
  const browser = new ShopBrowser(shop);
  await browser.open();
  await browser.call('createGuestSession', '/api/session/guest', { method: 'POST' });
  await browser.update((s) => void (s.locale = locale));
  return browser;
}

describe('the §6 login in production', () => {
  it("when a guest opens the renewal page without vehicle in a region on VCS 11, then the identity provider's login with the locale's parameters, and back to the page after it", async () => {
    const browser = await guestIn('cs-CZ');
    const { response, body } = await browser.call('getRenewalPage', '/api/renewal/cn-connected-navigation');
    expect(response.status).toBe(400);
    const login = new URL(body.redirectUrl);
    expect(`${login.origin}${login.pathname}`).toBe(
      `${shop.root}/identity/am/oauth2/realms/root/realms/alpha/authorize`,
    );
    expect(Object.fromEntries(login.searchParams)).toMatchObject({
      response_type: 'code',
      code_challenge_method: 'S256',
      country: 'CZ',
      locale: 'cs-CZ',
      brand: 'aurora',
      'hide-account-page': 'false',
      'auto-renewal': 'false',
    });
    expect((await browser.stored()).login?.returnTo).toBe('/cs-CZ/service/cn-connected-navigation');

    // The login completes and comes back to the page it was started from.
    const back = await signIn(shop.root, body.redirectUrl, 'kim.driver@example.com');
    const done = await browser.call('completeLogin', '/api/session/login/callback', {
      method: 'POST',
      body: JSON.stringify({
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
        kind: 'forgerock',
      }),
    });
    expect(done.body.redirectTo).toBe('/cs-CZ/service/cn-connected-navigation');
    // Logged in now, and still without vehicle: the main page, not the login again (no loop).
    const again = await browser.call('getRenewalPage', '/api/renewal/cn-connected-navigation');
    expect(again.body.redirectUrl).toBe('/home');
  });

  it('when a guest without vehicle asks for the checkout in a region on VCS 11, then the login comes back to the checkout', async () => {
    const browser = await guestIn('cs-CZ');
    const { response, body } = await browser.call('getCheckoutState', '/api/checkout');
    expect(response.status).toBe(401);
    expect(new URL(body.redirectUrl).searchParams.get('locale')).toBe('cs-CZ');
    expect((await browser.stored()).login?.returnTo).toBe('/cs-CZ/checkout');
  });

  it('when the region is on VCS 12 (GB), then the main page in production too', async () => {
    const browser = await guestIn('en-GB');
    const { body } = await browser.call('getCheckoutState', '/api/checkout');
    expect(body.redirectUrl).toBe('/home');
    expect((await browser.stored()).login).toBeUndefined();
  });
});
