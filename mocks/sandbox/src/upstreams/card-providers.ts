/**
 * What the two card-provider stand-ins (Stripe and Adyen) share: reading a test card, its brand
 * and outcome (DESIGN.md "Payment test cards"), request fingerprints for idempotency keys, ids,
 * and the accessible sandbox pages (3-D Secure challenge, bank page) a shopper is redirected to.
 */
import { createHash, randomBytes } from 'node:crypto';
import { TEST_CARDS, type CardOutcome } from '../seed.ts';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown';

export interface CardFacts {
  number: string;
  brand: CardBrand;
  last4: string;
  bin: string;
  outcome: CardOutcome;
  /** The issuing country the card itself fixes (test cards 8260 and 0003), if any. */
  fixedCountry: string | undefined;
}

/** Digits only, without spaces or dashes. */
export function normaliseCardNumber(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

/**
 * The facts of a card number, or undefined when the number is not a valid card number. A valid
 * number that is not one of the test cards succeeds like 4242.
 */
export function cardFacts(raw: string): CardFacts | undefined {
  const number = normaliseCardNumber(raw);
  if (!luhnValid(number)) return undefined;
  const outcome: CardOutcome = TEST_CARDS[number] ?? { kind: 'succeeds' };
  return {
    number,
    brand: cardBrand(number),
    last4: number.slice(-4),
    bin: number.slice(0, 6),
    outcome,
    fixedCountry: outcome.kind === 'succeeds' ? outcome.country : undefined,
  };
}

/** True when the expiry month/year lies before the clock's current month. */
export function isExpired(month: number, year: number, now: Date): boolean {
  const fullYear = year < 100 ? 2000 + year : year;
  return fullYear < now.getUTCFullYear() || (fullYear === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random alphanumeric string (ids, secrets, opaque redirect results). */
export function randomId(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

export function randomDigits(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += String(byte % 10);
  return out;
}

/** A stable fingerprint of a request (method, path, parameters) for idempotency-key checks. */
export function requestFingerprint(method: string, path: string, params: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path} ${canonicalJson(params)}`)
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Adds query parameters to a URL that may already have some. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

/** True for an absolute http(s) URL (return URLs the sandbox may redirect to). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface ActionPage {
  /** Page title and heading. */
  title: string;
  /** Who runs the page ("Stripe sandbox", "Adyen sandbox"). */
  provider: string;
  /** Lines of what is being authorised (amount, card, reference). */
  details: Array<[string, string]>;
  /** Where the form posts to. */
  action: string;
  /** The two buttons: value "complete" and value "fail". */
  completeLabel: string;
  failLabel: string;
}

/** The accessible HTML page of a 3-D Secure challenge or bank authorisation. */
export function renderActionPage(page: ActionPage): string {
  const rows = page.details
    .map(([term, value]) => `<div><dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd></div>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} – ${escapeHtml(page.provider)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
dl div{display:flex;gap:1rem}dt{font-weight:600;min-width:8rem}
.actions{display:flex;gap:1rem;margin-top:2rem}
button{font-size:1rem;padding:.75rem 1.5rem;border-radius:.25rem;border:2px solid #1a1a1a;cursor:pointer}
button[value=complete]{background:#1a1a1a;color:#fff}button[value=fail]{background:#fff;color:#1a1a1a}
button:focus-visible{outline:3px solid #0050b3;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.provider)}: this page stands in for the real one. Choose how it ends.</p>
<dl>${rows}</dl>
<form method="post" action="${escapeHtml(page.action)}">
<div class="actions">
<button type="submit" name="outcome" value="complete">${escapeHtml(page.completeLabel)}</button>
<button type="submit" name="outcome" value="fail">${escapeHtml(page.failLabel)}</button>
</div>
</form>
</main>
</body>
</html>`;
}

/** A short HTML page for a challenge that is not open (any more) or has no return URL. */
export function renderMessagePage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body>
</html>`;
}

/** Formats minor units as an amount with currency for the pages ("EUR 99.00"). */
export function formatAmount(value: number, currency: string): string {
  try {
    const digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    return `${currency} ${(value / 10 ** digits).toFixed(digits)}`;
  } catch {
    return `${currency} ${value}`;
  }
}
