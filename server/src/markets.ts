/**
 * The markets the shop sells in (DESIGN.md, "Markets"): currency, payment provider, locales and
 * VAT display. The region's custom preferences come from the commerce platform, not from here.
 */
import type { components } from '../../generated/proxy/types.ts';

type Schemas = components['schemas'];

export interface Market {
  country: string;
  currency: string;
  provider: Schemas['PaymentProvider'];
  geoRegion: 'EU' | 'NA';
  locales: Array<{ id: string; alias: string }>;
  pricesIncludeVat: boolean;
  paymentMethods: Schemas['PaymentMethodType'][];
  allowedCountries: Schemas['CountryCode'][];
}

const CARDS_AND_WALLETS: Schemas['PaymentMethodType'][] = ['CREDIT_CARD', 'GOOGLE_PAY', 'APPLE_PAY'];

function market(
  country: string,
  currency: string,
  provider: Schemas['PaymentProvider'],
  locales: Array<[id: string, alias: string]>,
  extra: Partial<Pick<Market, 'paymentMethods' | 'allowedCountries'>> = {},
): Market {
  const northAmerica = country === 'US' || country === 'CA';
  return {
    country,
    currency,
    provider,
    geoRegion: northAmerica ? 'NA' : 'EU',
    locales: locales.map(([id, alias]) => ({ id, alias })),
    pricesIncludeVat: !northAmerica,
    paymentMethods: extra.paymentMethods ?? CARDS_AND_WALLETS,
    allowedCountries: extra.allowedCountries ?? [country as Schemas['CountryCode']],
  };
}

export const MARKETS: readonly Market[] = [
  market('GB', 'GBP', 'stripe', [['en-GB', 'uk']], { allowedCountries: ['GB', 'JE', 'GG', 'IM'] }),
  market('DE', 'EUR', 'stripe', [['de-DE', 'de']]),
  market('AT', 'EUR', 'stripe', [['de-AT', 'at']]),
  market('NL', 'EUR', 'stripe', [['nl-NL', 'nl']], { paymentMethods: [...CARDS_AND_WALLETS, 'IDEAL'] }),
  market(
    'BE',
    'EUR',
    'stripe',
    [
      ['fr-BE', 'be-fr'],
      ['nl-BE', 'be-nl'],
    ],
    { paymentMethods: [...CARDS_AND_WALLETS, 'BANCONTACT'] },
  ),
  market('LU', 'EUR', 'stripe', [['fr-LU', 'lu']]),
  market('US', 'USD', 'stripe', [['en-US', 'us']]),
  market('CA', 'CAD', 'stripe', [
    ['en-CA', 'ca-en'],
    ['fr-CA', 'ca-fr'],
  ]),
  market('FR', 'EUR', 'adyen', [['fr-FR', 'fr']]),
  market('IT', 'EUR', 'adyen', [['it-IT', 'it']]),
  market('ES', 'EUR', 'adyen', [['es-ES', 'es']]),
  market('PT', 'EUR', 'adyen', [['pt-PT', 'pt']]),
  market('CZ', 'CZK', 'adyen', [['cs-CZ', 'cz']]),
  market('SK', 'EUR', 'adyen', [['en-XB', 'sk']]),
];

export const DEFAULT_LOCALE = 'en-GB';

/** The market whose locales include `locale` (en-GB -> GB). */
export function marketOfLocale(locale: string): Market | undefined {
  return MARKETS.find((m) => m.locales.some((l) => l.id === locale));
}

/** A page path's locale prefix (/en-GB/checkout -> en-GB), whether or not a market has it. */
export function localePrefixOf(pathname: string): string | undefined {
  return /^\/([a-z]{2}-[A-Z]{2})(?:\/|$)/.exec(pathname)?.[1];
}
