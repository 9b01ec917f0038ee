/**
 * getRenewalPage against the in-process sandbox (storefront §2 Renewal page, §4 Renewal page load,
 * §5 Renewal page guards, DESIGN.md's VINs); every answer is checked against proxy.yaml.
 */
import { describe, expect, it } from 'vitest';
import { ADAS_PRODUCT_ID } from '../../../../domain/renewal-guards.ts';
import { formatLongDate } from '../../../../domain/time.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { TestShopper } from '../../testing/shop-client.ts';

const { url, sandboxUrl } = useSandboxServer();

const page = async (query: string, product = 'cn-connected-navigation') => {
  const shopper = await new TestShopper(url).start();
  return { shopper, ...(await shopper.call('getRenewalPage', 'GET', `/api/renewal/${product}?${query}`)) };
};

describe('getRenewalPage', () => {
  it('when vehicle 1 (expires in 30 days) is opened, then the renewal detail with plans priced above zero', async () => {
    const { response, body } = await page('carvin=ZAAAA1000AA000001&locale=en-GB');
    expect(response.status).toBe(200);
    expect(body.vehicle).toMatchObject({ vin: 'ZAAAA1000AA000001', brand: 'aurora', market: 'GB' });
    expect(body.expiry).toMatchObject({ state: 'expiring', daysLeft: 30 });
    expect(body.upToDate).toBe(false);
    expect(body.pricesIncludeVat).toBe(true);
    expect(body.variants.length).toBeGreaterThan(0);
    expect(body.variants.every((v: { price: { value: number } }) => v.price.value > 0)).toBe(true);
    expect(body.variants[0].price.formatted).toMatch(/^£\d+$/);
    expect(body.faqs.length).toBeGreaterThan(0);
    expect(body.countries.countryList).toContain('United Kingdom');
    expect(body.category).toMatchObject({ id: 'connected-services' });
    expect(body.basketItem).toBeNull();
  });

  it('when vehicle 2 expired 10 days ago, then expired with the auto-renewal message', async () => {
    const { body } = await page('cvin=ZAAAA1000AA000002');
    expect(body.expiry).toMatchObject({ state: 'expired', daysLeft: -10 });
    expect(body.expiry.formatted).toBe(formatLongDate(body.expiry.expiryDate, 'en-GB'));
    expect(body.expiry.formatted).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(body.showAutoRenewalMessage).toBe(true);
  });

  it('when vehicle 3 is active for 300 days, then up to date (thank-you screen)', async () => {
    const { body } = await page('carvin=ZAAAA1000AA000003');
    expect(body.expiry.state).toBe('active');
    expect(body.upToDate).toBe(true);
  });

  it('when skipIsActiveCheck comes from an allow-listed host, then the detail is shown anyway', async () => {
    const { body } = await page('carvin=ZAAAA1000AA000003&skipIsActiveCheck=true');
    expect(body.upToDate).toBe(false);
  });

  it('when forceExpiryDate comes from an allow-listed host, then that date counts', async () => {
    const { body } = await page('carvin=ZAAAA1000AA000003&forceExpiryDate=2020-01-01');
    expect(body.expiry).toMatchObject({ state: 'expired', expiryDate: '2020-01-01' });
  });

  it('when the link carries the mail token or the encrypted VIN, then the same vehicle', async () => {
    expect((await page('token=mt-000001')).body.vehicle.vin).toBe('ZAAAA1000AA000001');
    expect((await page('vin=ev1.nlOjBpzznIpO1EzGSqnAM4SOL6uYCWOx')).body.vehicle.vin).toBe('ZAAAA1000AA000001');
  });

  it('when the VIN is unknown, then 404 with the /vin-error redirect', async () => {
    const { response, body } = await page('carvin=ZAAAA1000AA999999');
    expect(response.status).toBe(404);
    expect(body.redirectUrl).toBe('/vin-error');
  });

  it('when a borealis VIN is opened on the aurora site, then 409 brand error', async () => {
    const { response, body } = await page('carvin=ZBBBB1000BB000006');
    expect(response.status).toBe(409);
    expect(body.redirectUrl).toBe('/invalid-brand-vin');
  });

  it('when a FR vehicle is opened in en-GB, then 409 market error; in fr-FR it renews in euros', async () => {
    const gb = await page('carvin=ZAAAA1000AA000004&locale=en-GB');
    expect(gb.response.status).toBe(409);
    expect(gb.body.redirectUrl).toBe('/invalid-market-vin');
    const fr = await page('carvin=ZAAAA1000AA000004&locale=fr-FR');
    expect(fr.response.status).toBe(200);
    expect(fr.body.variants[0].price.currency).toBe('EUR');
  });

  it('when the product is not one of the vehicle subscriptions, then 422 with the spec message', async () => {
    const { response, body } = await page('carvin=ZAAAA1000AA000003', 'vcs-adaptive-cruise');
    expect(response.status).toBe(422);
    expect(body.detail).toBe(
      'Product ID vcs-adaptive-cruise does not match subscription product ID cn-connected-navigation',
    );
    expect(body.redirectUrl).toBe('/generic-error');
  });

  it('when the ADAS feature (a one-time fee) ended on the vehicle, then the page offers it: expired, no auto-renewal message', async () => {
    const { response, body } = await page('carvin=ZAAAA1000AA000001', 'vcs-adaptive-cruise');
    expect(response.status).toBe(200);
    expect(body.product.oneTimeFee).toBe(true);
    expect(body.expiry.state).toBe('expired');
    expect(body.upToDate).toBe(false);
    expect(body.showAutoRenewalMessage).toBe(false);
    expect(body.variants.length).toBeGreaterThan(0);
  });

  it('when the product is unknown or a source map, then 404', async () => {
    expect((await page('carvin=ZAAAA1000AA000001', 'nope')).response.status).toBe(404);
    expect((await page('carvin=ZAAAA1000AA000001', 'main.js.map')).response.status).toBe(404);
  });

  it('when no identifier is given and none is stored, then 400 sending the customer to the main page (§6)', async () => {
    const { response, body } = await page('locale=en-GB');
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ type: 'https://shop.example/problems/vehicle-not-identified', redirectUrl: '/home' });
  });

  it('when no identifier is given in a region on VCS version 11 (CZ), then 400 sending the guest to the login: /test outside production (§6, §2)', async () => {
    const { response, body } = await page('locale=cs-CZ');
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ type: 'https://shop.example/problems/vehicle-not-identified', redirectUrl: '/test' });
  });

  it('when the link names no vehicle but the session stored one, then that vehicle (§6 "or storage")', async () => {
    const { shopper } = await page('carvin=ZAAAA1000AA000001&locale=en-GB');
    const again = await shopper.call('getRenewalPage', 'GET', '/api/renewal/cn-connected-navigation?locale=en-GB');
    expect(again.response.status).toBe(200);
    expect(again.body.vehicle.vin).toBe('ZAAAA1000AA000001');
  });

  it('when the ADAS page names no vehicle (it sets the isADAS flag), then no redirect to the main page (§3, §6)', async () => {
    const { shopper, response, body } = await page('locale=en-GB', ADAS_PRODUCT_ID);
    expect(response.status).toBe(400);
    expect(body.redirectUrl).toBeUndefined();
    // The flag stays with the session: another feature page without a vehicle is not redirected either.
    const other = await shopper.call('getRenewalPage', 'GET', '/api/renewal/cn-connected-navigation?locale=en-GB');
    expect(other.response.status).toBe(400);
    expect(other.body.redirectUrl).toBeUndefined();
  });

  it('when the basket holds a plan of the product, then basketItem names it (plan default)', async () => {
    const { shopper } = await page('carvin=ZAAAA1000AA000001');
    await shopper.call('renewItem', 'POST', '/api/basket/items', {
      productId: 'cn-connected-navigation',
      variantId: 'cn-connected-navigation-24m',
    });
    const again = await shopper.call(
      'getRenewalPage',
      'GET',
      '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001',
    );
    expect(again.body.basketItem.variantId).toBe('cn-connected-navigation-24m');
  });

  it('when the commerce platform fails, then 502 with the spec prefix and no stack', async () => {
    await fetch(`${sandboxUrl()}/__sandbox/faults/commerce`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503 }),
    });
    const shopper = new TestShopper(url);
    const { response, body } = await shopper.call(
      'getRenewalPage',
      'GET',
      '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001',
    );
    expect(response.status).toBe(502);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });
});
