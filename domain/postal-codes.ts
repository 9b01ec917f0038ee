// Postal-code exclusions and supported countries: storefront §5 "Postal codes where shipping is not allowed",
// "Supported address countries", address form table (postalCode), storefront §9 extra markets.
import { countryCodeValues } from '../generated/proxy/types.ts';

/** Shipping-excluded postal codes per country (spaces are stripped before matching). */
export const SHIPPING_EXCLUDED_POSTAL_CODES: Readonly<Record<string, RegExp>> = {
  // FR: prefixes 975, 984, 986, 987, 988, 977, 971, 972, 973, 976, 978 followed by two digits
  FR: /^(?:975|984|986|987|988|977|971|972|973|976|978)\d{2}$/,
  // DE: exactly 27498 and 78266
  DE: /^(?:27498|78266)$/,
  // IT: exactly 23041 and 22061
  IT: /^(?:23041|22061)$/,
  // PT: prefix 9 in the form three digits, hyphen, three digits
  PT: /^9\d{2}-\d{3}$/,
  // ES: prefixes 51, 52, 35, 38 followed by three digits
  ES: /^(?:51|52|35|38)\d{3}$/,
};

/** Extra markets (storefront §9): Slovakia, Canada, USA. */
export const EXTRA_MARKETS = ['SK', 'CA', 'US'] as const;

/** Countries still allowed when the storefront is an extra or special market. */
export const EXTRA_MARKET_ALLOWED_COUNTRIES = ['US', 'CA'] as const;

export interface ShippingCheckOptions {
  /** The storefront is an extra or special market. */
  extraMarket?: boolean;
  /** The storefront's own country: the extra-market rule never blocks its addresses (Slovakia's, in en-XB). */
  marketCountry?: string;
}

/**
 * True when shipping is not allowed to this postal code. For extra or special markets every country except
 * US and CA is blocked, but for the market's own country (issue 14: no market rule blocks the addresses of
 * the Slovak market, whose locale is the en-XB pseudo-locale).
 */
export function isShippingNotAllowed(
  countryCode: string | null | undefined,
  postalCode: string | null | undefined,
  options: ShippingCheckOptions = {},
): boolean {
  const country = (countryCode ?? '').trim().toUpperCase();
  const allowed = [...EXTRA_MARKET_ALLOWED_COUNTRIES, options.marketCountry?.toUpperCase()];
  if (options.extraMarket && !allowed.includes(country)) return true;
  const pattern = SHIPPING_EXCLUDED_POSTAL_CODES[country];
  if (!pattern) return false;
  return pattern.test((postalCode ?? '').replace(/\s+/g, ''));
}

/**
 * Supported address countries, in the order of storefront §5: the contract's CountryCode enum
 * (openapi/proxy.yaml), as openapi-typescript writes its values, never a copy; without Zod, which
 * the checkout's forms load only when they first validate (issue 35).
 */
export const SUPPORTED_ADDRESS_COUNTRIES = countryCodeValues;
export type SupportedAddressCountry = (typeof SUPPORTED_ADDRESS_COUNTRIES)[number];

export function isSupportedAddressCountry(code: string | null | undefined): code is SupportedAddressCountry {
  return (SUPPORTED_ADDRESS_COUNTRIES as readonly string[]).includes(code ?? '');
}

/** Countries that get a state list (CA provinces, US states). */
export const STATE_COUNTRIES = ['US', 'CA'] as const;

export function hasStateField(code: string | null | undefined): boolean {
  return (STATE_COUNTRIES as readonly string[]).includes((code ?? '').toUpperCase());
}

/** Postal code input: characters other than letters, digits, spaces and hyphens are stripped as typed. */
export function sanitizePostalCode(input: string): string {
  return input.replace(/[^\p{L}\p{N} -]/gu, '');
}

/**
 * A market's restricted-region rule for billing addresses (account §5: country and postal code,
 * "exact rule not shown"; docs/decisions/008): the countries a billing address may be in, and per
 * country the postal codes (patterns, spaces stripped) it may not have.
 */
export interface BillingRegionRule {
  countries: readonly string[];
  excludedPostalCodes: Readonly<Record<string, RegExp>>;
}

/**
 * The default rule of a market, as the storefront draws its regions: the supported address countries
 * (for an extra market the US, Canada and its own country) without the postal codes the storefront excludes.
 */
export function defaultBillingRegionRule(marketCountry: string): BillingRegionRule {
  const extraMarket = (EXTRA_MARKETS as readonly string[]).includes(marketCountry);
  const own = marketCountry.toUpperCase();
  return {
    countries: extraMarket
      ? [...new Set<string>([...EXTRA_MARKET_ALLOWED_COUNTRIES, own])]
      : [...SUPPORTED_ADDRESS_COUNTRIES],
    excludedPostalCodes: SHIPPING_EXCLUDED_POSTAL_CODES,
  };
}

/** Whether a billing address falls outside its market's rule. */
export function isRestrictedBillingRegion(
  rule: BillingRegionRule,
  countryCode: string | null | undefined,
  postalCode: string | null | undefined,
): boolean {
  const country = (countryCode ?? '').trim().toUpperCase();
  if (!rule.countries.includes(country)) return true;
  return rule.excludedPostalCodes[country]?.test((postalCode ?? '').replace(/\s+/g, '')) ?? false;
}

export const REGION_NOT_SUPPORTED_MESSAGE =
  'We are unable to complete transactions for the region of your billing address.';
