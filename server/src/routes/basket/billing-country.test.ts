/**
 * The checkout's billing address keeps to the market's allowed countries (storefront §5 Address form:
 * countryCode "required; default from the locale's country part; options from an allowed country
 * list", message "Please select your country."), the list the country select offers (GET /api/site
 * allowedCountries). The session's locale chooses the market; the proxy refuses a country outside
 * it with a 400 field error on /countryCode and writes nothing to the basket.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { GUEST_ADDRESS, TestShopper } from '../../testing/shop-client.ts';

const { url } = useSandboxServer();

const ADDRESSES: Record<string, Record<string, string>> = {
  GB: { ...GUEST_ADDRESS },
  JE: { ...GUEST_ADDRESS, countryCode: 'JE', city: 'St Helier', postalCode: 'JE2 3AB' },
  FR: { ...GUEST_ADDRESS, countryCode: 'FR', city: 'Paris', address1: '1 rue de Rivoli', postalCode: '75001' },
  DE: { ...GUEST_ADDRESS, countryCode: 'DE', city: 'Berlin', address1: 'Unter den Linden 1', postalCode: '10117' },
  SK: { ...GUEST_ADDRESS, countryCode: 'SK', city: 'Bratislava', address1: 'Hlavné námestie 1', postalCode: '811 01' },
  US: { ...GUEST_ADDRESS, countryCode: 'US', stateCode: 'NY', city: 'New York', postalCode: '10001' },
};

async function shopperWithItem(locale: string): Promise<TestShopper> {
  const shopper = await new TestShopper(url).start(`?locale=${locale}`);
  const renewed = await shopper.call('renewItem', 'POST', '/api/basket/items', {
    productId: 'cn-connected-navigation',
    variantId: 'cn-connected-navigation-12m',
  });
  expect(renewed.response.status).toBe(200);
  return shopper;
}

/** A basket in the `locale`'s market billed to an address in `country`. */
async function billing(locale: string, country: string) {
  const shopper = await shopperWithItem(locale);
  const answer = await shopper.call('setBillingAddress', 'PUT', '/api/basket/billing-address', ADDRESSES[country]);
  return { shopper, ...answer };
}

describe("the billing address's country (storefront §5 Address form: the allowed country list)", () => {
  it.each([
    ['en-GB', 'GB'],
    ['en-GB', 'JE'],
    ['fr-FR', 'FR'],
    ['de-DE', 'DE'],
    ['en-XB', 'SK'],
    ['en-US', 'US'],
  ])(
    'when the %s market bills a %s address (allowed there), then 200 and the basket holds it',
    async (locale, country) => {
      const { response, body } = await billing(locale, country);
      expect(response.status).toBe(200);
      expect(body.billingAddress).toMatchObject({ countryCode: country });
    },
  );

  it.each([
    ['en-GB', 'FR'],
    ['en-GB', 'US'],
    ['fr-FR', 'GB'],
    ['de-DE', 'SK'],
    ['en-XB', 'DE'],
    ['en-XB', 'US'],
    ['en-US', 'GB'],
  ])(
    'when the %s market bills a %s address (not in its list), then 400 "Please select your country." on /countryCode and nothing written',
    async (locale, country) => {
      const { shopper, response, body } = await billing(locale, country);
      expect(response.status).toBe(400);
      expect(body).toMatchObject({ type: 'https://shop.example/problems/validation-error', status: 400 });
      // The client reads its words from the field error's code (issue 14, client/src/lib/problem-text.ts).
      expect(body.errors).toEqual([
        { field: '/countryCode', message: 'Please select your country.', code: 'country_not_supported' },
      ]);
      const basket = (await shopper.call('getBasket', 'GET', '/api/basket')).body;
      expect(basket.billingAddress ?? null).toBeNull();
    },
  );

  it('when a refused country follows an allowed one, then the basket keeps the allowed address', async () => {
    const shopper = await shopperWithItem('en-GB');
    const allowed = await shopper.call('setBillingAddress', 'PUT', '/api/basket/billing-address', ADDRESSES.GB);
    expect(allowed.response.status).toBe(200);
    const refused = await shopper.call('setBillingAddress', 'PUT', '/api/basket/billing-address', ADDRESSES.DE);
    expect(refused.response.status).toBe(400);
    const basket = (await shopper.call('getBasket', 'GET', '/api/basket')).body;
    expect(basket.billingAddress).toMatchObject({ countryCode: 'GB', city: 'London', postalCode: 'SW1A 1AA' });
  });
});
