import { describe, expect, it } from 'vitest';
import { formatPrice, numberToWords, ONE_TIME_FEE_LABEL, periodUnit, planPeriodWords } from './price.ts';

const nbsp = (s: string | undefined) => s?.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice', () => {
  it.each<[string, number | null | undefined, string | null, string | null, string | undefined]>([
    // storefront §2 Prices: "shown without zero decimals by default"
    ['99.00 GBP in en-GB', 99, 'GBP', 'en-GB', '£99'],
    ['99.5 GBP in en-GB', 99.5, 'GBP', 'en-GB', '£99.50'],
    ['99.99 EUR in de-DE', 99.99, 'EUR', 'de-DE', '99,99 €'],
    ['149 EUR in fr-FR', 149, 'EUR', 'fr-FR', '149 €'],
    ['1299 USD in en-US', 1299, 'USD', 'en-US', '$1,299'],
    ['0 EUR in nl-NL', 0, 'EUR', 'nl-NL', '€ 0'],
    ['99.001 GBP in en-GB (rounds to whole)', 99.001, 'GBP', 'en-GB', '£99'],
    // storefront §5 Other rules: "Price formatting needs a number, currency and locale, else nothing is shown"
    ['no number', undefined, 'GBP', 'en-GB', undefined],
    ['a null number', null, 'GBP', 'en-GB', undefined],
    ['NaN', Number.NaN, 'GBP', 'en-GB', undefined],
    ['no currency', 99, null, 'en-GB', undefined],
    ['no locale', 99, 'GBP', null, undefined],
  ])('when formatting %s, then it shows %s', (_label, value, currency, locale, expected) => {
    expect(nbsp(formatPrice(value, currency, locale))).toBe(expected);
  });

  it('when zero decimals are kept explicitly, then 99 shows as £99.00', () => {
    // storefront §5 Other rules: "A trailing zero decimal can be removed" (optional)
    expect(formatPrice(99, 'GBP', 'en-GB', { dropZeroDecimals: false })).toBe('£99.00');
  });

  it('when the one-time fee label is used, then it reads "/ one-time fee"', () => {
    // storefront §2 Prices: One-time fee label is "/ one-time fee"
    expect(ONE_TIME_FEE_LABEL).toBe('/ one-time fee');
  });
});

describe('plan periods', () => {
  it.each([
    // storefront §3 Variant: "'y' means year, otherwise month"
    ['y', 'year'],
    ['m', 'month'],
    ['Y', 'month'],
    [undefined, 'month'],
  ] as const)('when the duration type is %s, then the unit is %s', (type, expected) => {
    expect(periodUnit(type)).toBe(expected);
  });

  it.each<[number | string | undefined, string | undefined, string | undefined]>([
    // account §9: "Plan periods with a numeric value are spelled as words (for example 'one-year plan')"
    [1, 'y', 'one-year plan'],
    [2, 'y', 'two-year plan'],
    [3, 'y', 'three-year plan'],
    [12, 'm', 'twelve-month plan'],
    ['24', 'm', 'twenty-four-month plan'],
    ['annual', 'y', undefined],
    [undefined, 'y', undefined],
    [1.5, 'y', undefined],
  ])('when the period is %s %s, then the words are %s', (duration, type, expected) => {
    expect(planPeriodWords(duration, type)).toBe(expected);
  });
});

describe('numberToWords', () => {
  it.each([
    // storefront §5 Other rules: "Number-to-words accepts only integers of up to nine digits"
    [0, 'zero'],
    [7, 'seven'],
    [19, 'nineteen'],
    [40, 'forty'],
    [99, 'ninety-nine'],
    [100, 'one hundred'],
    [305, 'three hundred five'],
    [1000, 'one thousand'],
    [1_000_001, 'one million one'],
    [999_999_999, 'nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine'],
  ])('when the number is %d, then the words are "%s"', (n, expected) => {
    expect(numberToWords(n)).toBe(expected);
  });

  it.each([
    // storefront §5 Other rules: only integers of up to nine digits, else error
    [1_000_000_000],
    [1.5],
    [-1],
    [Number.NaN],
  ])('when the number is %d, then it throws', (n) => {
    expect(() => numberToWords(n)).toThrow(RangeError);
  });
});
