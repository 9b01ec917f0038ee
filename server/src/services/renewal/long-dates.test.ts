import { describe, expect, it } from 'vitest';
import { LONG_DATES_KEPT, longDate } from './long-dates.ts';

// Storefront §2 Renewal page: the expiry date in the active locale (§9); kept per locale and date.
describe('longDate', () => {
  it('when a date was formatted before, then each locale still reads its own, also past the kept number', () => {
    expect(longDate('2026-12-22', 'en-GB')).toBe('22 December 2026');
    expect(longDate('2026-12-22T08:00:00Z', 'fr-FR')).toBe('22 décembre 2026');
    expect(longDate('2026-12-22', 'en-GB')).toBe('22 December 2026');
    for (let day = 0; day <= LONG_DATES_KEPT; day += 1) {
      longDate(new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10), 'de-DE');
    }
    expect(longDate('2026-12-22', 'en-GB')).toBe('22 December 2026');
    expect(longDate('2039-09-09', 'de-DE')).toBe('9. September 2039');
    expect(longDate('2026-12-22', 'fr-FR')).toBe('22 décembre 2026');
  });
});
