// Instants as accepted by the domain rules: a Date, an ISO date string or epoch milliseconds.
// The clock is never read here; callers pass `now`.
export type Instant = Date | string | number;

/** Epoch milliseconds of an instant, or NaN when it cannot be read. */
export function toMillis(value: Instant): number {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  return Date.parse(value);
}

/** Long-date formatters per locale, made once: building an Intl formatter costs far more than using one. */
const LONG_DATES = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar date (YYYY-MM-DD) as the locale writes it with the month's name: "22 December 2026"
 * (en-GB), "22 décembre 2026" (fr-FR), "December 22, 2026" (en-US). Read in UTC, so the day never moves.
 */
export function formatLongDate(isoDate: string, locale: string): string {
  let format = LONG_DATES.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    LONG_DATES.set(locale, format);
  }
  return format.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}
