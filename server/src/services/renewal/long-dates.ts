/**
 * The renewal page's expiry date as the locale writes it (domain/time.ts formatLongDate), formatted
 * once per locale and date: a server formats the same few dates in the same locales for every
 * shopper, and Intl's formatting costs more than the rest of the answer's dates (issue 16). Kept
 * here, not in domain/time.ts, so the browser's first route carries none of it.
 */
import { formatLongDate } from '../../../../domain/time.ts';

const formatted = new Map<string, string>();
/** At most this many dates are kept; the next one starts the list again. */
export const LONG_DATES_KEPT = 4096;

export function longDate(isoDate: string, locale: string): string {
  const key = `${locale}|${isoDate.slice(0, 10)}`;
  let text = formatted.get(key);
  if (text === undefined) {
    if (formatted.size >= LONG_DATES_KEPT) formatted.clear();
    text = formatLongDate(isoDate, locale);
    formatted.set(key, text);
  }
  return text;
}
