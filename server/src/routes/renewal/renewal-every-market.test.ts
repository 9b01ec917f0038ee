/**
 * A renewal works in every market of the spec (storefront §2 Renewal page, §4 Renewal page load;
 * issue 14: "The sandbox has a renewable vehicle in every market of the spec"): for each market of
 * domain/locales.ts, a sandbox vehicle of that market opens its renewal page in each of the
 * market's locales with a plan to buy, priced in the market's currency.
 */
import { describe, expect, it } from 'vitest';
import { MARKETS } from '../../../../domain/locales.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { TestShopper } from '../../testing/shop-client.ts';

const { url } = useSandboxServer();

/** The renewable vehicle of each market (DESIGN.md's and mocks/sandbox/README.md's VINs). */
const VIN_OF_MARKET: Record<string, string> = {
  GB: 'ZAAAA1000AA000001',
  FR: 'ZAAAA1000AA000004',
  DE: 'ZAAAA1000AA000005',
  US: 'ZAAAA1000AA000007',
  NL: 'ZAAAA1000AA000008',
  BE: 'ZAAAA1000AA000009',
  AT: 'ZAAAA1000AA000010',
  LU: 'ZAAAA1000AA000011',
  CA: 'ZAAAA1000AA000012',
  IT: 'ZAAAA1000AA000013',
  ES: 'ZAAAA1000AA000014',
  PT: 'ZAAAA1000AA000015',
  CZ: 'ZAAAA1000AA000016',
  SK: 'ZAAAA1000AA000017',
};

const cases = MARKETS.flatMap((market) =>
  market.locales.map((locale) => [market.country, locale.id, market.currency] as const),
);

describe('a renewal in every market', () => {
  it('every market of the spec has a sandbox vehicle', () => {
    expect(Object.keys(VIN_OF_MARKET).sort()).toEqual(MARKETS.map((m) => m.country).sort());
  });

  it.each(cases)('when the %s vehicle is opened in %s, then a plan to buy in %s', async (country, locale, currency) => {
    const shopper = await new TestShopper(url).start();
    const vin = VIN_OF_MARKET[country]!;
    const { response, body } = await shopper.call(
      'getRenewalPage',
      'GET',
      `/api/renewal/cn-connected-navigation?carvin=${vin}&locale=${locale}`,
    );
    expect(response.status).toBe(200);
    expect(body.vehicle).toMatchObject({ vin, market: country });
    expect(body.upToDate).toBe(false);
    expect(body.variants.length).toBeGreaterThan(0);
    expect(body.variants[0].price).toMatchObject({ currency });
    expect(body.variants[0].price.value).toBeGreaterThan(0);
  });
});
