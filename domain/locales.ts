/**
 * The markets the shop sells in and their locales (DESIGN.md "Markets"; storefront §2 locale-prefixed
 * paths, §9 locales and the en-XB pseudo-locale): currency, payment provider, locales with their
 * aliases, VAT display, payment methods and allowed countries; the catalogue languages; the default
 * locale; and the one parser of a path's locale prefix (issue 33: the server's request edge, the
 * server render and the browser's router all read a path with `parseLocalePath`). The region's custom
 * preferences come from the commerce platform, not from here.
 */
import type { components } from '../generated/proxy/types.ts';

type Schemas = components['schemas'];

export interface Market {
  country: string;
  currency: string;
  provider: Schemas['PaymentProvider'];
  geoRegion: 'EU' | 'NA';
  locales: Array<{ id: LocaleId; alias: string }>;
  pricesIncludeVat: boolean;
  paymentMethods: Schemas['PaymentMethodType'][];
  allowedCountries: Schemas['CountryCode'][];
}

const CARDS_AND_WALLETS: Schemas['PaymentMethodType'][] = ['CREDIT_CARD', 'GOOGLE_PAY', 'APPLE_PAY'];

function market(
  country: string,
  currency: string,
  provider: Schemas['PaymentProvider'],
  locales: Array<[id: LocaleId, alias: string]>,
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

/** The sixteen locales of storefront §9, in the order of the spec's list. */
export const LOCALES = [
  'pt-PT',
  'it-IT',
  'de-DE',
  'fr-FR',
  'nl-NL',
  'fr-BE',
  'de-AT',
  'cs-CZ',
  'es-ES',
  'en-GB',
  'en-CA',
  'en-US',
  'fr-CA',
  'nl-BE',
  'fr-LU',
  'en-XB',
] as const;
export type LocaleId = (typeof LOCALES)[number];

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
  // The Slovak market's locale is the pseudo-locale (storefront §9): its region XB is no country.
  market('SK', 'EUR', 'adyen', [['en-XB', 'sk']]),
];

export const DEFAULT_LOCALE: LocaleId = 'en-GB';

/** The languages with a catalogue file (catalogues/). */
export const LANGUAGES = ['en', 'fr', 'de', 'it', 'es', 'pt', 'nl', 'cs'] as const;
/**
 * The pseudo-locale of storefront §9: its catalogue is the English one pseudo-localised at build
 * time (client/pseudo-locale.ts), loaded as chunks of its own like any other language.
 */
export const PSEUDO_LOCALE = 'en-XB' satisfies LocaleId;
export type Language = (typeof LANGUAGES)[number] | typeof PSEUDO_LOCALE;

export function isLocale(value: string | undefined | null): value is LocaleId {
  return (LOCALES as readonly string[]).includes(value ?? '');
}

/** The market whose locales include `locale` (en-GB -> GB). */
export function marketOfLocale(locale: string): Market | undefined {
  return MARKETS.find((m) => m.locales.some((l) => l.id === locale));
}

/** The catalogue language of a locale; the en-XB pseudo-locale reads its own, English's pseudo-localised. */
export function languageOf(locale: LocaleId): Language {
  if (locale === PSEUDO_LOCALE) return PSEUDO_LOCALE;
  const language = locale.slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
}

/** The language a page declares (`<html lang>`) and formats numbers and words in: the pseudo-locale's is English. */
export const htmlLang = (locale: string): string => (locale === PSEUDO_LOCALE ? 'en' : locale);

/** A path's locale prefix, shaped like a locale (`/xx-XX/…`) whether or not a market has it. */
const LOCALE_PREFIX = /^\/([a-z]{2}-[A-Z]{2})(?=\/|$)/;

export interface LocalePath {
  /** The first segment when it is shaped like a locale (`/xx-XX/…`), a market's or not. */
  prefix: string | undefined;
  /** The prefix when a market has it. */
  locale: LocaleId | undefined;
  /** The path after the prefix (`/` when nothing follows it). */
  rest: string;
}

/** Splits a path's locale prefix off: `/fr-FR/checkout` -> `{ prefix: 'fr-FR', locale: 'fr-FR', rest: '/checkout' }`. */
export function parseLocalePath(pathname: string): LocalePath {
  const prefix = LOCALE_PREFIX.exec(pathname)?.[1];
  if (!prefix) return { prefix: undefined, locale: undefined, rest: pathname || '/' };
  return { prefix, locale: isLocale(prefix) ? prefix : undefined, rest: pathname.slice(prefix.length + 1) || '/' };
}

/** A path under the given locale prefix (no prefix when the locale was not in the URL). */
export function localePath(prefix: string | undefined, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return prefix ? `/${prefix}${clean === '/' ? '' : clean}` : clean;
}
