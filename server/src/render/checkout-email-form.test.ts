/**
 * The checkout's guest e-mail form, posted before the page's JavaScript runs (issue 12: pages
 * usable as soon as they are painted; storefront §2 Checkout: the guest's e-mail): the same action
 * as PUT /api/basket/customer, the session's CSRF token required, answered with a redirect.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../testing/sandbox-server.ts';
import { TestShopper } from '../testing/shop-client.ts';

const { url } = useSandboxServer();

async function withPlan() {
  const shopper = await new TestShopper(url).start('?locale=en-GB');
  const added = await shopper.call('renewItem', 'POST', '/api/basket/items', {
    productId: 'cn-connected-navigation',
    variantId: 'cn-connected-navigation-12m',
    vin: 'ZAAAA1000AA000001',
  });
  expect(added.response.status).toBe(200);
  return shopper;
}

async function post(shopper: TestShopper, form: Record<string, string>, csrf = shopper.credentials().csrf) {
  return fetch(url('/en-GB/checkout'), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: shopper.credentials().cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken: csrf, ...form }).toString(),
  });
}

const customerEmail = async (shopper: TestShopper) =>
  (await shopper.call('getBasket', 'GET', '/api/basket')).body.customerEmail as string | null | undefined;

describe('the checkout e-mail form (no JavaScript yet)', () => {
  it("when a guest's e-mail is posted, then the basket holds it and the checkout opens at its next step", async () => {
    const shopper = await withPlan();
    const response = await post(shopper, { email: 'keys@example.com' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en-GB/checkout');
    expect(await customerEmail(shopper)).toBe('keys@example.com');
  });

  it('when the e-mail is not an address, then the e-mail step again saying so, and nothing stored', async () => {
    const shopper = await withPlan();
    const response = await post(shopper, { email: 'not-an-address' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en-GB/checkout?emailError=invalid');
    expect(await customerEmail(shopper)).toBeFalsy();
  });

  it("when the CSRF token is not the session's, then nothing is stored and the step says it failed", async () => {
    const shopper = await withPlan();
    const response = await post(shopper, { email: 'keys@example.com' }, 'forged');
    expect(response.headers.get('location')).toBe('/en-GB/checkout?emailError=failed');
    expect(await customerEmail(shopper)).toBeFalsy();
  });
});
