import { describe, expect, it } from 'vitest';
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
