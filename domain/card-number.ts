/**
 * The card-number checksum (Luhn, ISO/IEC 7812), in a module of its own: the card form's check
 * (payment-errors.ts, storefront §5 "Your card number is invalid") and the error reports' scrubbing
 * of card numbers (error-report.ts) use it, and the browser's first route carries it once, without
 * the checkout's payment errors.
 */

/** True when `digits` (digits only) passes the Luhn checksum. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
