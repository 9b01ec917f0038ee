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

  it('when a date was formatted before, then each locale still reads its own, also after thousands of other dates', () => {
    expect(formatLongDate('2026-12-22', 'en-GB')).toBe('22 December 2026');
    expect(formatLongDate('2026-12-22T08:00:00Z', 'fr-FR')).toBe('22 décembre 2026');
    for (let day = 0; day < 5000; day += 1) {
      const date = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
      formatLongDate(date, 'de-DE');
    }
    expect(formatLongDate('2026-12-22', 'en-GB')).toBe('22 December 2026');
    expect(formatLongDate('2039-09-09', 'de-DE')).toBe('9. September 2039');
  });
});
