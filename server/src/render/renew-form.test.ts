/**
 * The renewal page's renew form, posted before the page's JavaScript runs (issue 12: "the plan can
 * be chosen as soon as it is painted"): the same renew action as the API, the session's CSRF
 * token required, answered with a redirect (storefront §4 Renew action).
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../testing/sandbox-server.ts';
import { TestShopper } from '../testing/shop-client.ts';

const { url } = useSandboxServer();
const PAGE = '/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001';

async function post(shopper: TestShopper, form: Record<string, string>) {
  const { cookie, csrf } = shopper.credentials();
  return fetch(url(PAGE), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken: csrf, productId: 'cn-connected-navigation', ...form }).toString(),
  });
}

describe('the renew form (no JavaScript yet)', () => {
  it('when a plan is posted, then the basket holds it and the checkout opens', async () => {
    const shopper = await new TestShopper(url).start('?locale=en-GB');
    const response = await post(shopper, { variantId: 'cn-connected-navigation-12m', vin: 'ZAAAA1000AA000001' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en-GB/checkout');
    const basket = await shopper.call('getBasket', 'GET', '/api/basket');
    expect(basket.body.items).toMatchObject([{ productId: 'cn-connected-navigation-12m', quantity: 1 }]);
  });

  it('when no plan is chosen, then the page again with the plan selector error (§4)', async () => {
    const shopper = await new TestShopper(url).start('?locale=en-GB');
    const response = await post(shopper, {});
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, 'http://shop.internal');
    expect(location.pathname).toBe('/en-GB/service/cn-connected-navigation');
    expect(location.searchParams.get('carvin')).toBe('ZAAAA1000AA000001');
    expect(location.searchParams.get('planError')).toBe('1');
  });

  it('when the plan is not one the product offers, then the plan selector error and an empty basket', async () => {
    const shopper = await new TestShopper(url).start('?locale=en-GB');
    const response = await post(shopper, { variantId: 'vcs-online-pack-12m' });
    expect(new URL(response.headers.get('location')!, 'http://shop.internal').searchParams.get('planError')).toBe('1');
    const basket = await shopper.call('getBasket', 'GET', '/api/basket');
    expect(basket.body.items).toEqual([]);
  });

  it("when the CSRF token is not the session's, then nothing is renewed and the page says renewing failed", async () => {
    const shopper = await new TestShopper(url).start('?locale=en-GB');
    const { cookie } = shopper.credentials();
    const response = await fetch(url(PAGE), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'csrfToken=forged&productId=cn-connected-navigation&variantId=cn-connected-navigation-12m',
    });
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location')!, 'http://shop.internal').searchParams.get('renewError')).toBe('1');
    const basket = await shopper.call('getBasket', 'GET', '/api/basket');
    expect(basket.body.items).toEqual([]);
  });
});
