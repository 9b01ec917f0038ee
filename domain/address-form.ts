// Address form rules: storefront §5 "Address form" table, labels, lookup rules and errors; storefront §4
// "Address form modes"; storefront §3 Saved address (countryCode object, address2 joined with a pipe);
// storefront §9 address limits and lookup limits; account §3/§5 billing address.
// Without Zod: the form renders with these and loads its schema (address-form-schema.ts, with Zod)
// when it first validates, so that Zod is not evaluated while the checkout hydrates (issue 35).
import { maxLengths } from '../generated/proxy/max-lengths.ts';
import { marketOfLocale } from './locales.ts';

/** The inputs' limits (storefront §5 Address form), read off the contract's Address. */
export const ADDRESS_LIMITS = {
  name: maxLengths.Address.firstName,
  addressLine: maxLengths.Address.address1,
  city: maxLengths.Address.city,
  postalCode: maxLengths.Address.postalCode,
} as const;

export const ADDRESS_FORM_MESSAGES = {
  firstName: 'Please enter a first name.',
  lastName: 'Please enter your last name.',
  countryCode: 'Please select your country.',
  address1: 'Please enter your address.',
  city: 'Please enter your town or city.',
  state: 'Please select a state.',
  postalCode: 'Please enter a postal code.',
  addressLookup: 'Please select a billing address.',
} as const;

export const ADDRESS_FORM_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  countryCode: 'Country',
  address1: 'Address line 1',
  address2: 'Address line 2 (Optional)',
  city: 'Town or city',
  state: 'State',
  postalCode: 'Postal code',
} as const;

export const ADDRESS_LOOKUP_HINT = 'Enter full address or postcode.';
export const ADDRESS_LOOKUP_NOT_FOUND_MESSAGE =
  'Address cannot be found. Please try a different address or add your address manually.';
export const ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE =
  'Address lookup service is unavailable. Please enter your address manually.';
export const ADD_ADDRESS_MANUALLY_LABEL = 'Add address manually';
export const BACK_TO_ADDRESS_LOOKUP_LABEL = 'Back to address lookup';
/** Probe text searched on load to check availability (storefront §4). */
export const ADDRESS_LOOKUP_PROBE_TEXT = 'test';
export const ADDRESS_LOOKUP_MIN_CHARS = 3;
export const ADDRESS_LOOKUP_LIMIT = 10;

/** Lookup text triggers a search only at 3 or more characters. */
export function shouldSearchAddressLookup(text: string | null | undefined): boolean {
  return (text ?? '').trim().length >= ADDRESS_LOOKUP_MIN_CHARS;
}

export type AddressLookupOutcome = 'ok' | 'unavailable' | 'notFound';

export interface AddressLookupResult {
  /** Error code from the lookup service or the HTTP status of a failed call. */
  errorCode?: number | string | null;
  networkError?: boolean;
  itemCount?: number;
}

/**
 * Codes 400-599, codes above 1008 or a network error → unavailable (switch to manual entry);
 * codes 1001-1008 or an empty result → not found (field invalid). Other error codes count as not found.
 */
export function addressLookupOutcome(result: AddressLookupResult): AddressLookupOutcome {
  if (result.networkError) return 'unavailable';
  const hasCode = result.errorCode !== undefined && result.errorCode !== null && result.errorCode !== '';
  if (hasCode) {
    const code = Number(result.errorCode);
    if ((code >= 400 && code <= 599) || code > 1008) return 'unavailable';
    return 'notFound';
  }
  return (result.itemCount ?? 0) > 0 ? 'ok' : 'notFound';
}

export const ADDRESS_LINE_SEPARATOR = '|';

/** For storage, address2 is joined to address1 with a pipe. */
export function joinAddressLines(address1: string, address2?: string | null): string {
  const second = (address2 ?? '').trim();
  return second ? `${address1}${ADDRESS_LINE_SEPARATOR}${second}` : address1;
}

/** Splits a stored street (first pipe) back into address1 and address2. */
export function splitAddressLines(street: string | null | undefined): { address1: string; address2: string } {
  const value = street ?? '';
  const at = value.indexOf(ADDRESS_LINE_SEPARATOR);
  if (at < 0) return { address1: value, address2: '' };
  return { address1: value.slice(0, at), address2: value.slice(at + 1) };
}

/** countryCode may arrive as an object with a value. */
export function normalizeCountryCode(value: string | { value?: string | null } | null | undefined): string {
  const code = typeof value === 'string' ? value : (value?.value ?? '');
  return code.trim().toUpperCase();
}

/**
 * Default country from the locale (storefront §5 "default from the locale's country part"): its
 * market's country, 'en-GB' → 'GB'. The pseudo-locale's region XB is no country: en-XB is the Slovak
 * market's locale (storefront §9, domain/locales.ts), so its addresses default to Slovakia.
 */
export const defaultCountryFromLocale = (locale: string | null | undefined): string | undefined =>
  marketOfLocale(locale ?? '')?.country;
