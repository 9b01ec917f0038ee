/**
 * Test-only: every market of DESIGN.md with what a guest's checkout there needs against the sandbox:
 * its payment provider, its renewable sandbox vehicle (mocks/sandbox/src/seed.ts), a locale of the
 * market and a billing address the market's rules accept. Shared by the renewal-charge tests of both
 * providers and the storefront §3 order-field tests.
 */
import { readyBasket, TestShopper } from './shop-client.ts';

/** A guest's billing address (Gus Guest). */
export const guestAddress = (
  countryCode: string,
  address1: string,
  city: string,
  postalCode: string,
  stateCode?: string,
) => ({
  firstName: 'Gus',
  lastName: 'Guest',
  countryCode,
  address1,
  city,
  postalCode,
  ...(stateCode ? { stateCode } : {}),
});

export interface MarketCheckout {
  provider: 'stripe' | 'adyen';
  vin: string;
  locale: string;
  address: ReturnType<typeof guestAddress>;
}

const stripe = (vin: string, locale: string, address: MarketCheckout['address']): MarketCheckout => ({
  provider: 'stripe',
  vin,
  locale,
  address,
});
const adyen = (vin: string, locale: string, address: MarketCheckout['address']): MarketCheckout => ({
  provider: 'adyen',
  vin,
  locale,
  address,
});

export const MARKET_CHECKOUTS = {
  GB: stripe('ZAAAA1000AA000001', 'en-GB', guestAddress('GB', '1 High Street', 'London', 'SW1A 1AA')),
  DE: stripe('ZAAAA1000AA000005', 'de-DE', guestAddress('DE', 'Unter den Linden 1', 'Berlin', '10117')),
  AT: stripe('ZAAAA1000AA000010', 'de-AT', guestAddress('AT', 'Stephansplatz 1', 'Wien', '1010')),
  NL: stripe('ZAAAA1000AA000008', 'nl-NL', guestAddress('NL', 'Damrak 1', 'Amsterdam', '1012 LG')),
  BE: stripe('ZAAAA1000AA000009', 'nl-BE', guestAddress('BE', 'Grote Markt 1', 'Brussel', '1000')),
  LU: stripe('ZAAAA1000AA000011', 'fr-LU', guestAddress('LU', '1 Rue du Fort', 'Luxembourg', '1111')),
  US: stripe('ZAAAA1000AA000007', 'en-US', guestAddress('US', '1 Main Street', 'Springfield', '62701', 'IL')),
  CA: stripe('ZAAAA1000AA000012', 'en-CA', guestAddress('CA', '1 King Street W', 'Toronto', 'M5H 1A1', 'ON')),
  FR: adyen('ZAAAA1000AA000004', 'fr-FR', guestAddress('FR', '8 Rue de Rivoli', 'Paris', '75004')),
  IT: adyen('ZAAAA1000AA000013', 'it-IT', guestAddress('IT', 'Via Roma 12', 'Roma', '00184')),
  ES: adyen('ZAAAA1000AA000014', 'es-ES', guestAddress('ES', 'Calle Mayor, 5', 'Madrid', '28013')),
  PT: adyen('ZAAAA1000AA000015', 'pt-PT', guestAddress('PT', 'Rua Augusta 100', 'Lisboa', '1100-053')),
  CZ: adyen('ZAAAA1000AA000016', 'cs-CZ', guestAddress('CZ', 'Václavské náměstí 832/19', 'Praha', '110 00')),
  SK: adyen('ZAAAA1000AA000017', 'en-XB', guestAddress('SK', 'Hlavné námestie 1', 'Bratislava', '81101')),
} as const satisfies Record<string, MarketCheckout>;

export type Market = keyof typeof MARKET_CHECKOUTS;

/** The markets one provider serves. */
export const marketsOf = (provider: MarketCheckout['provider']) =>
  (Object.keys(MARKET_CHECKOUTS) as Market[]).filter((market) => MARKET_CHECKOUTS[market].provider === provider);

/** A guest in `market` whose basket holds the vehicle's renewal, ready for payment. */
export async function guestReadyIn(url: (path: string) => string, market: Market): Promise<TestShopper> {
  const { vin, locale, address } = MARKET_CHECKOUTS[market];
  const shopper = await new TestShopper(url).start(`?locale=${locale}`);
  await readyBasket(shopper, { vin, locale, address });
  return shopper;
}
