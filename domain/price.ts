// Price formatting and plan periods: storefront §2 Renewal page "Prices", storefront §5 "Other rules",
// storefront §3 Product variant, account §9 plan periods and prices.

/** One-time fee label (storefront §2). */
export const ONE_TIME_FEE_LABEL = '/ one-time fee';
export const PRICES_INCLUDE_VAT_TEXT = 'All prices include VAT';
export const SUBTOTAL_EXCL_VAT_LABEL = 'Subtotal excl. VAT';
export const VAT_LABEL = 'VAT';

export interface FormatPriceOptions {
  /** Prices are shown without zero decimals by default; pass false to keep them. */
  dropZeroDecimals?: boolean;
}

/** Currency formatters per locale, currency and decimals, made once: building one costs far more than using it. */
const CURRENCY_FORMATS = new Map<string, Intl.NumberFormat>();

/**
 * Formats a price for a locale and currency. Returns undefined (nothing shown) when the number, currency or
 * locale is missing. 99 → "£99", 99.5 → "£99.50" (en-GB, GBP).
 */
export function formatPrice(
  value: number | null | undefined,
  currency: string | null | undefined,
  locale: string | null | undefined,
  options: FormatPriceOptions = {},
): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || !currency || !locale) return undefined;
  const dropZeroDecimals = options.dropZeroDecimals ?? true;
  const whole = Math.round(value * 100) % 100 === 0;
  const bare = dropZeroDecimals && whole;
  const key = `${locale}|${currency}|${bare}`;
  let format = CURRENCY_FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      locale,
      bare
        ? { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 }
        : { style: 'currency', currency },
    );
    CURRENCY_FORMATS.set(key, format);
  }
  return format.format(value);
}

export interface VatLines {
  subtotalExclVat: number;
  vat: number;
}

export type PeriodUnit = 'year' | 'month';

/** Variant subscriptionDurationType: 'y' means year, otherwise month (storefront §3). */
export function periodUnit(durationType: string | null | undefined): PeriodUnit {
  return durationType === 'y' ? 'year' : 'month';
}

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} hundred`);
  if (rest > 0 || hundreds === 0) {
    if (rest < 20) parts.push(ONES[rest] ?? '');
    else parts.push(rest % 10 === 0 ? (TENS[rest / 10] ?? '') : `${TENS[Math.floor(rest / 10)]}-${ONES[rest % 10]}`);
  }
  return parts.join(' ');
}

/** English number words; accepts only non-negative integers of up to nine digits (storefront §5). */
export function numberToWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999_999_999) {
    throw new RangeError(`numberToWords accepts only integers of up to nine digits, got ${n}`);
  }
  if (n === 0) return 'zero';
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions > 0) parts.push(`${belowThousand(millions)} million`);
  if (thousands > 0) parts.push(`${belowThousand(thousands)} thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * Plan period words for a numeric period: (1, 'y') → "one-year plan", (6, 'm') → "six-month plan"
 * (account §9). Returns undefined when the period is not numeric.
 */
export function planPeriodWords(
  duration: number | string | null | undefined,
  durationType: string | null | undefined,
): string | undefined {
  const n = typeof duration === 'string' && duration.trim() !== '' ? Number(duration) : duration;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) return undefined;
  return `${numberToWords(n)}-${periodUnit(durationType)} plan`;
}
