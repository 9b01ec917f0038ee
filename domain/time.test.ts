import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';
import { formatLongDate } from './time.ts';

// Storefront §2 Renewal page: "expires soon" with the renewal date, in the active locale (§9, Intl).
describe('formatLongDate', () => {
  it.each([
    ['2026-12-22', 'en-GB', '22 December 2026'],
    ['2026-12-22', 'en-US', 'December 22, 2026'],
    ['2026-12-22', 'fr-FR', '22 décembre 2026'],
    ['2026-12-22', 'de-DE', '22. Dezember 2026'],
    ['2027-01-01', 'cs-CZ', '1. ledna 2027'],
    ['2027-01-01T23:30:00Z', 'en-GB', '1 January 2027'],
  ])('when %s is shown in %s, then it reads %s', (date, locale, expected) => {
    expect(formatLongDate(date, locale)).toBe(expected);
  });
});

// Issue 35: the shop's locales are written without an Intl formatter in the browser; each must read
// exactly as Intl (CLDR) writes it, every month, a one-digit and a two-digit day, and a year's turn.
describe("formatLongDate in the shop's locales, as Intl writes them", () => {
  const dates = Array.from({ length: 12 }, (_, month) => [
    `2026-${String(month + 1).padStart(2, '0')}-03`,
    `2027-${String(month + 1).padStart(2, '0')}-28`,
  ]).flat();
  it.each([...LOCALES])('%s', (locale) => {
    const intl = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (const date of [...dates, '2026-12-31T23:59:59Z', '2027-01-01']) {
      expect(formatLongDate(date, locale)).toBe(intl.format(new Date(`${date.slice(0, 10)}T00:00:00Z`)));
    }
  });

  it('another locale is written by Intl', () => {
    expect(formatLongDate('2026-12-22', 'sv-SE')).toBe('22 december 2026');
  });
});
