/**
 * Storefront §6 on the checkout's read (GET /api/checkout), as a navigation inside the app asks it,
 * against the in-process sandbox (decision 016): "Unauthenticated customers are redirected to login
 * on most pages ... Which case applies depends on a per-region setting of the selected VCS
 * version." The sandbox's CZ region is on VCS version 11, GB on 12. Outside production the login is
 * /test (storefront §2 "sent to /test locally").
 */
import { describe, expect, it } from 'vitest';
import { guest, signedIn } from '../../testing/checkout-browser.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import type { ShopBrowser } from '../../testing/shop-browser.ts';

const { shop } = useSandboxServer();

const checkout = (browser: ShopBrowser) => browser.call('getCheckoutState', '/api/checkout');
const inLocale = (browser: ShopBrowser, locale: string) => browser.update((s) => void (s.locale = locale));

describe('checkout access (storefront §6)', () => {
  it('when a guest without vehicle in a region on VCS 12 (GB) asks for the checkout, then 401 to the main page', async () => {
    const browser = await guest(shop);
    const { response, body } = await checkout(browser);
    expect(response.status).toBe(401);
    expect(body).toMatchObject({ type: 'https://shop.example/problems/unauthenticated', redirectUrl: '/home' });
  });

  it('when a guest without vehicle in a region on VCS 11 (CZ) asks for the checkout, then 401 to the login (/test outside production)', async () => {
    const browser = await guest(shop);
    await inLocale(browser, 'cs-CZ');
    const { response, body } = await checkout(browser);
    expect(response.status).toBe(401);
    expect(body.redirectUrl).toBe('/test');
  });

  it('when the guest has looked a vehicle up (VIN context), then the checkout answers (here: its empty basket)', async () => {
    const browser = await guest(shop);
    const page = await browser.call(
      'getRenewalPage',
      '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000016&locale=cs-CZ',
    );
    expect(page.response.status).toBe(200);
    const { response, body } = await checkout(browser);
    expect(response.status).toBe(409);
    expect(body.detail).toBe('Basket is empty');
  });

  it('when the guest came with a mail token, then the checkout answers with the basket of that vehicle', async () => {
    const browser = await guest(shop);
    await browser.call('getRenewalPage', '/api/renewal/cn-connected-navigation?token=mt-000016&locale=cs-CZ');
    await browser.call('renewItem', '/api/basket/items', {
      method: 'POST',
      body: JSON.stringify({ productId: 'cn-connected-navigation', variantId: 'cn-connected-navigation-12m' }),
    });
    const { response, body } = await checkout(browser);
    expect(response.status).toBe(200);
    expect(body.stepName).toBe('login');
  });

  it('when the stored vehicle expired (10 days after it was stored, storefront §9), then the guest is sent away again', async () => {
    const browser = await guest(shop);
    await browser.call('getRenewalPage', '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001&locale=en-GB');
    expect((await checkout(browser)).response.status).toBe(409);
    await browser.update((s) => void (s.vehicleStoredAt = Date.now() - 10 * 24 * 3600 * 1000 - 1000));
    const { response, body } = await checkout(browser);
    expect(response.status).toBe(401);
    expect(body.redirectUrl).toBe('/home');
  });

  it('when a registered customer without vehicle in a region on VCS 11 asks for the checkout, then it answers', async () => {
    const browser = await signedIn(shop, 'kim');
    await inLocale(browser, 'cs-CZ');
    const { response } = await checkout(browser);
    expect(response.status).toBe(409);
  });
});
