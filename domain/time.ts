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

type LongDate = (day: number, month: string, year: number) => string;
const dayMonthYear: LongDate = (d, m, y) => `${d} ${m} ${y}`;
const germanic: LongDate = (d, m, y) => `${d}. ${m} ${y}`;
const iberian: LongDate = (d, m, y) => `${d} de ${m} de ${y}`;
const american: LongDate = (d, m, y) => `${m} ${d}, ${y}`;
const months = (names: string) => names.split(' ');
const ENGLISH = months('January February March April May June July August September October November December');
const FRENCH = months('janvier février mars avril mai juin juillet août septembre octobre novembre décembre');
const GERMAN = months('Januar Februar März April Mai Juni Juli August September Oktober November Dezember');
const DUTCH = months('januari februari maart april mei juni juli augustus september oktober november december');

/**
 * The shop's locales (§9) as CLDR writes a long date in them, month names and order, so that the
 * browser makes no Intl formatter for it: the first one a page makes loads the locale's ICU data, a
 * long task of about 100 ms on this machine's Chromium in the middle of hydration (issue 35).
 * time.test.ts holds every locale and month to Intl's own output; another locale goes to Intl.
 */
const SHOP_LONG_DATES: Record<string, [string[], LongDate]> = {
  'en-GB': [ENGLISH, dayMonthYear],
  'en-US': [ENGLISH, american],
  'en-CA': [ENGLISH, american],
  'en-XB': [ENGLISH, american],
  'fr-FR': [FRENCH, dayMonthYear],
  'fr-BE': [FRENCH, dayMonthYear],
  'fr-CA': [FRENCH, dayMonthYear],
  'fr-LU': [FRENCH, dayMonthYear],
  'de-DE': [GERMAN, germanic],
  'de-AT': [['Jänner', ...GERMAN.slice(1)], germanic],
  'nl-NL': [DUTCH, dayMonthYear],
  'nl-BE': [DUTCH, dayMonthYear],
  'it-IT': [
    months('gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre'),
    dayMonthYear,
  ],
  'es-ES': [
    months('enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'),
    iberian,
  ],
  'pt-PT': [
    months('janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro'),
    iberian,
  ],
  // The genitive, as a date names its month in Czech.
  'cs-CZ': [months('ledna února března dubna května června července srpna září října listopadu prosince'), germanic],
};

/**
 * A calendar date (YYYY-MM-DD) as the locale writes it with the month's name: "22 December 2026"
 * (en-GB), "22 décembre 2026" (fr-FR), "December 22, 2026" (en-US). Read in UTC, so the day never moves.
 */
export function formatLongDate(isoDate: string, locale: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  const shop = SHOP_LONG_DATES[locale];
  if (shop && !Number.isNaN(date.getTime())) {
    const [names, write] = shop;
    return write(date.getUTCDate(), names[date.getUTCMonth()]!, date.getUTCFullYear());
  }
  let format = LONG_DATES.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    LONG_DATES.set(locale, format);
  }
  return format.format(date);
}
