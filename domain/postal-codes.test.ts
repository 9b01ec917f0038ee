import { describe, expect, it } from 'vitest';
import {
  defaultBillingRegionRule,
  isRestrictedBillingRegion,
  hasStateField,
  isShippingNotAllowed,
  isSupportedAddressCountry,
  sanitizePostalCode,
  SUPPORTED_ADDRESS_COUNTRIES,
} from './postal-codes.ts';

describe('isShippingNotAllowed', () => {
  it.each<[string, string, boolean]>([
    // storefront §5 postal codes: FR prefixes 975, 984, 986, 987, 988, 977, 971, 972, 973, 976, 978 + two digits
    ...['975', '984', '986', '987', '988', '977', '971', '972', '973', '976', '978'].map(
      (p): [string, string, boolean] => ['FR', `${p}12`, true],
    ),
    ['FR', '97 5 12', true], // storefront §5: spaces are stripped first
    ['FR', '75001', false],
    ['FR', '974 12', false], // 974 (Réunion) is not in the list
    ['FR', '975123', false], // followed by exactly two digits
    ['FR', '9751', false],
    // storefront §5 postal codes: DE exactly 27498 and 78266
    ['DE', '27498', true],
    ['DE', '78266', true],
    ['DE', '27 498', true],
    ['DE', '274981', false],
    ['DE', '10115', false],
    // storefront §5 postal codes: IT exactly 23041 and 22061
    ['IT', '23041', true],
    ['IT', '22061', true],
    ['IT', '00100', false],
    // storefront §5 postal codes: PT prefix 9 in the form three digits, hyphen, three digits
    ['PT', '900-123', true],
    ['PT', '9 50-000', true],
    ['PT', '1000-001', false],
    ['PT', '800-123', false],
    ['PT', '900123', false],
    // storefront §5 postal codes: ES prefixes 51, 52, 35, 38 followed by three digits
    ['ES', '51001', true],
    ['ES', '52001', true],
    ['ES', '35001', true],
    ['ES', '38001', true],
    ['ES', '28001', false],
    ['ES', '3800', false],
    // storefront §5: countries without a row are not excluded
    ['GB', '97512', false],
    ['fr', '97512', true],
  ])('when the country is %s and the postal code is "%s", then blocked is %s', (country, postal, expected) => {
    expect(isShippingNotAllowed(country, postal)).toBe(expected);
  });

  it.each<[string, string, boolean]>([
    // storefront §5: "For extra or special markets the postal check returns blocked for every country except US and CA"
    ['US', '10001', false],
    ['CA', 'K1A 0B1', false],
    ['GB', 'SW1A 1AA', true],
    ['SK', '81101', true],
    ['DE', '10115', true],
  ])('when the market is extra and the country is %s, then blocked is %s', (country, postal, expected) => {
    expect(isShippingNotAllowed(country, postal, { extraMarket: true })).toBe(expected);
  });

  it.each<[string, string, boolean]>([
    // issue 14: no market rule blocks the addresses of the Slovak market (locale en-XB, storefront §9)
    ['SK', '811 01', false],
    ['sk', '81101', false],
    ['US', '10001', false],
    ['DE', '10115', true],
    ['AT', '1010', true],
  ])('when the extra market is SK and the country is %s, then blocked is %s', (country, postal, expected) => {
    expect(isShippingNotAllowed(country, postal, { extraMarket: true, marketCountry: 'SK' })).toBe(expected);
  });

  it('when the Slovak market draws its billing regions, then a Slovak address is not restricted', () => {
    const rule = defaultBillingRegionRule('SK');
    expect(isRestrictedBillingRegion(rule, 'SK', '811 01')).toBe(false);
    expect(isRestrictedBillingRegion(rule, 'US', '10001')).toBe(false);
    expect(isRestrictedBillingRegion(rule, 'DE', '10115')).toBe(true);
  });
});

describe('supported address countries', () => {
  it('when listed, then it holds the 33 countries of storefront §5 in order', () => {
    // storefront §5 Supported address countries
    expect(SUPPORTED_ADDRESS_COUNTRIES.join(',')).toBe(
      'GB,AT,BE,CZ,FR,DE,IT,LU,NL,PT,ES,BG,HR,CY,DK,EE,FI,GR,IE,LV,LT,MT,PL,RO,SE,SK,SI,HU,US,CA,JE,GG,IM',
    );
  });

  it.each<[string, boolean]>([
    // storefront §5 Supported address countries
    ['GB', true],
    ['IM', true],
    ['CH', false],
    ['', false],
  ])('when the country is "%s", then supported is %s', (code, expected) => {
    expect(isSupportedAddressCountry(code)).toBe(expected);
  });

  it.each<[string, boolean]>([
    // storefront §5 address form: state "shown only for US and CA"
    ['US', true],
    ['CA', true],
    ['GB', false],
    ['DE', false],
  ])('when the country is %s, then the state field is shown: %s', (code, expected) => {
    expect(hasStateField(code)).toBe(expected);
  });
});

describe('sanitizePostalCode', () => {
  it.each([
    // storefront §5 address form: postalCode "characters other than letters, digits, spaces and hyphens are stripped"
    ['SW1A 1AA', 'SW1A 1AA'],
    ['1000-001', '1000-001'],
    ['75_001!', '75001'],
    ['K1A.0B1', 'K1A0B1'],
    ['<script>', 'script'],
    ['', ''],
  ])('when the input is "%s", then it becomes "%s"', (input, expected) => {
    expect(sanitizePostalCode(input)).toBe(expected);
  });
});

describe('restricted billing regions (account §5)', () => {
  it.each([
    ['GB', 'SW1A 2AA', false, false],
    ['FR', '97100', false, true],
    ['ES', '35001', false, true],
    ['XX', '12345', false, true],
    ['DE', '10115', true, true],
    ['US', '48226', true, false],
  ])('%s %s (extra market %s) → restricted %s', (country, postal, extraMarket, restricted) =>
    expect(isRestrictedBillingRegion(defaultBillingRegionRule(extraMarket ? 'US' : 'GB'), country, postal)).toBe(
      restricted,
    ),
  );

  it('when a market configures its own rule, then that rule decides', () => {
    const rule = { countries: ['GB'], excludedPostalCodes: { GB: /^(GY|JE)/ } };
    expect(isRestrictedBillingRegion(rule, 'GB', 'JE2 3AB')).toBe(true);
    expect(isRestrictedBillingRegion(rule, 'GB', 'SW1A 2AA')).toBe(false);
    expect(isRestrictedBillingRegion(rule, 'FR', '75004')).toBe(true);
  });
});
