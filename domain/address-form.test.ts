import { describe, expect, it } from 'vitest';
import {
  ADDRESS_FORM_LABELS,
  ADDRESS_LIMITS,
  ADDRESS_LOOKUP_HINT,
  addressLookupOutcome,
  defaultCountryFromLocale,
  joinAddressLines,
  normalizeCountryCode,
  shouldSearchAddressLookup,
  splitAddressLines,
  type AddressLookupResult,
} from './address-form.ts';
import { addressFormSchema } from './address-form-schema.ts';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  countryCode: 'GB',
  address1: '1 Analytical Row',
  city: 'London',
  postalCode: 'N1 9GU',
};

function firstIssue(input: Record<string, unknown>, options = {}) {
  const result = addressFormSchema(options).safeParse(input);
  return result.success
    ? undefined
    : { path: result.error.issues[0]?.path.join('.'), message: result.error.issues[0]?.message };
}

describe('addressFormSchema', () => {
  it.each<[string, Record<string, unknown>, { path: string; message: string } | undefined]>([
    ['all required fields are valid', valid, undefined],
    // storefront §5 Address form: firstName required, not blank, max 100
    [
      'firstName is missing',
      { ...valid, firstName: undefined },
      { path: 'firstName', message: 'Please enter a first name.' },
    ],
    [
      'firstName is blank',
      { ...valid, firstName: '   ' },
      { path: 'firstName', message: 'Please enter a first name.' },
    ],
    [
      'firstName has 101 characters',
      { ...valid, firstName: 'a'.repeat(101) },
      { path: 'firstName', message: expect.any(String) },
    ],
    ['firstName has 100 characters', { ...valid, firstName: 'a'.repeat(100) }, undefined],
    // storefront §5 Address form: lastName required, not blank, max 100
    ['lastName is blank', { ...valid, lastName: '' }, { path: 'lastName', message: 'Please enter your last name.' }],
    // storefront §5 Address form: countryCode required, options from an allowed list
    [
      'countryCode is missing',
      { ...valid, countryCode: undefined },
      { path: 'countryCode', message: 'Please select your country.' },
    ],
    [
      'countryCode is not allowed',
      { ...valid, countryCode: 'CH' },
      { path: 'countryCode', message: 'Please select your country.' },
    ],
    // storefront §5 Address form: address1 required, max 100
    ['address1 is empty', { ...valid, address1: '' }, { path: 'address1', message: 'Please enter your address.' }],
    [
      'address1 has 101 characters',
      { ...valid, address1: 'a'.repeat(101) },
      { path: 'address1', message: expect.any(String) },
    ],
    // storefront §5 Address form: address2 optional, max 100
    ['address2 has 100 characters', { ...valid, address2: 'b'.repeat(100) }, undefined],
    [
      'address2 has 101 characters',
      { ...valid, address2: 'b'.repeat(101) },
      { path: 'address2', message: expect.any(String) },
    ],
    // storefront §5 Address form: city required, max 40
    ['city is empty', { ...valid, city: '' }, { path: 'city', message: 'Please enter your town or city.' }],
    ['city has 41 characters', { ...valid, city: 'c'.repeat(41) }, { path: 'city', message: expect.any(String) }],
    // storefront §5 Address form: state required for US and CA only, max 2
    [
      'state is missing for US',
      { ...valid, countryCode: 'US' },
      { path: 'stateCode', message: 'Please select a state.' },
    ],
    [
      'state is missing for CA',
      { ...valid, countryCode: 'CA' },
      { path: 'stateCode', message: 'Please select a state.' },
    ],
    ['state is given for US', { ...valid, countryCode: 'US', stateCode: 'NY' }, undefined],
    [
      'state has 3 characters',
      { ...valid, countryCode: 'US', stateCode: 'NYC' },
      { path: 'stateCode', message: 'Please select a state.' },
    ],
    ['state is missing for GB', valid, undefined],
    // storefront §5 Address form: postalCode required, max 11
    [
      'postalCode is empty',
      { ...valid, postalCode: '' },
      { path: 'postalCode', message: 'Please enter a postal code.' },
    ],
    [
      'postalCode has 12 characters',
      { ...valid, postalCode: '1'.repeat(12) },
      { path: 'postalCode', message: expect.any(String) },
    ],
    ['postalCode has 11 characters', { ...valid, postalCode: '1'.repeat(11) }, undefined],
  ])('when %s, then the first issue is %o', (_label, input, expected) => {
    expect(firstIssue(input)).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, { path: string; message: string } | undefined]>([
    // storefront §5 Address form: addressLookup required "Please select a billing address."
    ['no lookup selection', valid, { path: 'addressLookup', message: 'Please select a billing address.' }],
    ['a lookup selection', { ...valid, addressLookup: 'GB|RM|A|123' }, undefined],
  ])('when in lookup mode with %s, then the first issue is %o', (_label, input, expected) => {
    expect(firstIssue(input, { lookupMode: true })).toEqual(expected);
  });
});

describe('limits', () => {
  it("when the inputs' limits are read off the contract, then they are storefront §5's", () => {
    // storefront §5 Address form: names max 100, address lines max 100, city max 40, postalCode max 11
    expect(ADDRESS_LIMITS).toEqual({ name: 100, addressLine: 100, city: 40, postalCode: 11 });
  });
});

describe('labels and lookup', () => {
  it('when the labels are read, then they match storefront §5', () => {
    // storefront §5 Address form labels
    expect(Object.values(ADDRESS_FORM_LABELS)).toEqual([
      'First name',
      'Last name',
      'Country',
      'Address line 1',
      'Address line 2 (Optional)',
      'Town or city',
      'State',
      'Postal code',
    ]);
    expect(ADDRESS_LOOKUP_HINT).toBe('Enter full address or postcode.');
  });

  it.each<[string | undefined, boolean]>([
    // storefront §5: "Lookup text triggers a search only at 3 or more characters"
    ['ab', false],
    ['  ab ', false],
    ['abc', true],
    ['SW1A 1AA', true],
    [undefined, false],
  ])('when the lookup text is "%s", then search is %s', (text, expected) => {
    expect(shouldSearchAddressLookup(text)).toBe(expected);
  });

  it.each<[string, AddressLookupResult, string]>([
    // storefront §5 Lookup errors: codes 400 to 599 → unavailable
    ['code 400', { errorCode: 400 }, 'unavailable'],
    ['code 503', { errorCode: 503 }, 'unavailable'],
    ['code 599', { errorCode: 599 }, 'unavailable'],
    // codes above 1008 → unavailable
    ['code 1009', { errorCode: 1009 }, 'unavailable'],
    ['code "2000"', { errorCode: '2000' }, 'unavailable'],
    // a network error → unavailable
    ['a network error', { networkError: true }, 'unavailable'],
    // codes 1001 to 1008 → not found
    ['code 1001', { errorCode: 1001 }, 'notFound'],
    ['code 1008', { errorCode: 1008 }, 'notFound'],
    // an empty result → not found
    ['an empty result', { itemCount: 0 }, 'notFound'],
    ['items found', { itemCount: 4 }, 'ok'],
  ])('when the lookup returns %s, then the outcome is %s', (_label, result, expected) => {
    expect(addressLookupOutcome(result)).toBe(expected);
  });
});

describe('address storage', () => {
  it.each<[string, string | undefined, string]>([
    // storefront §3 Saved address: "For storage, address2 is joined to address1 with a pipe"
    ['1 Road', 'Flat 2', '1 Road|Flat 2'],
    ['1 Road', '', '1 Road'],
    ['1 Road', undefined, '1 Road'],
  ])('when address1 is "%s" and address2 is "%s", then the stored street is "%s"', (a1, a2, expected) => {
    expect(joinAddressLines(a1, a2)).toBe(expected);
  });

  it.each([
    // account §3 Billing address: "address1 may hold two lines separated by a pipe"
    ['1 Road|Flat 2', { address1: '1 Road', address2: 'Flat 2' }],
    ['1 Road', { address1: '1 Road', address2: '' }],
    ['1 Road|Flat 2|Block B', { address1: '1 Road', address2: 'Flat 2|Block B' }],
    [null, { address1: '', address2: '' }],
  ])('when the stored street is %s, then it splits into %o', (street, expected) => {
    expect(splitAddressLines(street)).toEqual(expected);
  });

  it.each<[string | { value?: string } | null, string]>([
    // storefront §3 / account §3: "countryCode may arrive as an object with a value"
    ['GB', 'GB'],
    [{ value: 'de' }, 'DE'],
    [{}, ''],
    [null, ''],
  ])('when the country code is %o, then it normalises to "%s"', (value, expected) => {
    expect(normalizeCountryCode(value)).toBe(expected);
  });

  it.each([
    // storefront §5 Address form: countryCode "default from the locale's country part"
    ['en-GB', 'GB'],
    ['fr-BE', 'BE'],
    ['de', undefined],
    // issue 14: en-XB is the Slovak market's pseudo-locale (storefront §9), not a country XB
    ['en-XB', 'SK'],
  ])('when the locale is %s, then the default country is %s', (locale, expected) => {
    expect(defaultCountryFromLocale(locale)).toBe(expected);
  });
});
