import { describe, expect, it } from 'vitest';
import { LANGUAGES, LOCALES } from './locales.ts';
import { SUPPORTED_ADDRESS_COUNTRIES } from './postal-codes.ts';
import { countriesNamed, regionName } from './region-names.ts';

// Issue 35: country names without an Intl object in the browser; each must read exactly as Intl.
describe("regionName in the shop's locales and languages, as Intl.DisplayNames writes them", () => {
  it.each([...LOCALES, ...LANGUAGES])('%s', (locale) => {
    const intl = new Intl.DisplayNames([locale], { type: 'region' });
    for (const code of SUPPORTED_ADDRESS_COUNTRIES) expect(regionName(code, locale), code).toBe(intl.of(code));
  });

  it("names every country of the contract's CountryCode from its tables, and no other", () => {
    expect([...countriesNamed].sort()).toEqual([...SUPPORTED_ADDRESS_COUNTRIES].sort());
  });

  it('another country or locale is named by Intl; an unknown code stays as it is', () => {
    expect(regionName('SE', 'en-GB')).toBe('Sweden');
    expect(regionName('GB', 'sv-SE')).toBe('Storbritannien');
    expect(regionName('not a code', 'en-GB')).toBe('not a code');
  });
});
