/**
 * Extra markets (storefront §5 "The vehicle market must equal the current country or the extra
 * market, else 'Market Error'"; §9 "Extra markets: Slovakia, Canada, USA"; issue 31). The region's
 * extra market is site configuration: its custom preferences' `c_extraMarket` (the sandbox's: SK
 * for CZ, CA for US, US for CA). A vehicle of the extra market renews, through payment; one of
 * any other market is a Market Error. Through the proxy against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { expectConforms } from '../../testing/conformance.ts';
import { payAdyen, payStripe } from '../../testing/payments.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { readyBasket, TestShopper } from '../../testing/shop-client.ts';

const { url } = useSandboxServer({ RATE_LIMIT_PAYMENT: '1000' });

const CZ_ADDRESS = {
  firstName: 'Kim',
  lastName: 'Driver',
  countryCode: 'CZ',
  address1: 'Václavské náměstí 1',
  city: 'Praha',
  postalCode: '110 00',
};
const US_ADDRESS = {
  firstName: 'Alex',
  lastName: 'Owner',
  countryCode: 'US',
  address1: '1 Main Street',
  city: 'Springfield',
  stateCode: 'IL',
  postalCode: '62701',
};

const lookUp = (shopper: TestShopper, vin: string, locale: string) =>
  shopper.call('lookupVehicle', 'GET', `/api/vehicles/lookup?carvin=${vin}&locale=${locale}`);

describe('extra markets (storefront §5, §9)', () => {
  it.each([
    ['cs-CZ', ['SK']],
    ['en-US', ['CA']],
    ['en-CA', ['US']],
    ['en-GB', []],
  ])('when the %s site configuration is read, then its extra markets are %j', async (locale, extraMarkets) => {
    const response = await fetch(url(`/api/site?site=aurora&locale=${locale}`));
    const body = await response.json();
    expectConforms('getSiteConfig', response, body);
    expect(body.extraMarkets).toEqual(extraMarkets);
  });

  it('when the Czech shop renews a Slovak vehicle (its extra market), then the lookup succeeds and the renewal is paid and placed', async () => {
    const shopper = await new TestShopper(url).start('?locale=cs-CZ');
    const lookup = await lookUp(shopper, 'ZAAAA1000AA000017', 'cs-CZ');
    expect(lookup.response.status).toBe(200);
    expect(lookup.body.vehicle.market).toBe('SK');
    await readyBasket(shopper, { vin: 'ZAAAA1000AA000017', locale: 'cs-CZ', address: CZ_ADDRESS });
    const { response, body } = await payAdyen(shopper, '4242424242424242');
    expect(response.status).toBe(201);
    expect(body.status).toBe('new');
  });

  it('when the US shop renews a Canadian vehicle, then it is paid and placed in dollars', async () => {
    const shopper = await new TestShopper(url).start('?locale=en-US');
    await readyBasket(shopper, { vin: 'ZAAAA1000AA000012', locale: 'en-US', address: US_ADDRESS });
    const { response, body } = await payStripe(shopper, '4242424242424242');
    expect(response.status).toBe(201);
    expect(body.status).toBe('new');
  });

  it.each([
    ['cs-CZ', 'ZAAAA1000AA000005', 'DE', 'CZ or SK'],
    ['en-US', 'ZAAAA1000AA000001', 'GB', 'US or CA'],
    ['en-GB', 'ZAAAA1000AA000017', 'SK', 'GB'],
    ['fr-FR', 'ZAAAA1000AA000017', 'SK', 'FR'],
  ])(
    'when the %s shop looks up %s (%s), then Market Error to /invalid-market-vin',
    async (locale, vin, market, where) => {
      const shopper = await new TestShopper(url).start(`?locale=${locale}`);
      const { response, body } = await lookUp(shopper, vin, locale);
      expect(response.status).toBe(409);
      expect(body).toMatchObject({
        type: 'https://shop.example/problems/invalid-market-vin',
        title: 'Market Error',
        redirectUrl: '/invalid-market-vin',
        vehicle: { vin, market },
      });
      expect(body.detail).toBe(`The vehicle ${vin} is registered in ${market}, not in ${where}.`);
      // Nor can it be put in the basket past the lookup.
      const page = await shopper.call(
        'getRenewalPage',
        'GET',
        `/api/renewal/cn-connected-navigation?carvin=${vin}&locale=${locale}`,
      );
      expect(page.response.status).toBe(409);
    },
  );
});
