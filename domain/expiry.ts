// Expiry windows: storefront §4 "Renewal page load" (expiry logic, orderable), storefront §3 session values,
// storefront §4 Authentication (token margin), storefront §9 and account §4 "Subscription expiry and auto-renewal".
import type { components } from '../generated/proxy/types.ts';
import { toMillis, type Instant } from './time.ts';

export const DAY_MS = 864e5;
/** Renewal window: 62 days before expiry (storefront §9, account §9). */
export const RENEWAL_WINDOW_DAYS = 62;
export const RENEWAL_WINDOW_MS = RENEWAL_WINDOW_DAYS * DAY_MS;
/** An item counts as orderable 24 hours after its ordered date (storefront §4). */
export const ORDERABLE_AFTER_MS = 864e5;
/** Stored vehicle data expires after 10 days (storefront §3, §9). */
export const STORED_VEHICLE_DATA_TTL_MS = 864e6;
/** A token is valid only while unexpired with a 60-second margin (storefront §4). */
export const TOKEN_MARGIN_MS = 60_000;
/** The refresh-token cookie lives 90 days (storefront §4). */
export const REFRESH_TOKEN_COOKIE_DAYS = 90;

/** The contract's ExpiryState. */
export type ExpiryState = components['schemas']['ExpiryState'];

export const EXPIRED_TEXT = 'This service has expired';
export const EXPIRES_SOON_TEXT = 'expires soon';

/**
 * Expired when the date is past; expiring (renewable) when within 62 days before expiry and not expired;
 * active otherwise. An unreadable date counts as expired so that the renewal path is offered.
 */
export function expiryState(expiryDate: Instant, now: Instant): ExpiryState {
  const expiry = toMillis(expiryDate);
  const at = toMillis(now);
  if (Number.isNaN(expiry) || expiry < at) return 'expired';
  if (expiry - at <= RENEWAL_WINDOW_MS) return 'expiring';
  return 'active';
}

/** Expired or within the renewal window. */
export function isRenewable(expiryDate: Instant, now: Instant): boolean {
  return expiryState(expiryDate, now) !== 'active';
}

export type ExpiryNotice = { text: typeof EXPIRED_TEXT } | { text: typeof EXPIRES_SOON_TEXT; renewalDate: Instant };

/** An item counts as orderable 24 hours (864e5 ms) after its ordered date. */
export function isOrderable(orderedDate: Instant, now: Instant): boolean {
  const ordered = toMillis(orderedDate);
  if (Number.isNaN(ordered)) return false;
  return toMillis(now) - ordered >= ORDERABLE_AFTER_MS;
}

/** A stored value is rejected once its lifetime (default: vehicle data, 10 days) has passed. */
export function isStoredValueExpired(
  storedAt: Instant,
  now: Instant,
  lifetimeMs: number = STORED_VEHICLE_DATA_TTL_MS,
): boolean {
  const stored = toMillis(storedAt);
  if (Number.isNaN(stored)) return true;
  return toMillis(now) - stored >= lifetimeMs;
}

/** A token is valid only while `now` is more than 60 s before its expiry. */
export function isTokenValid(expiresAt: Instant | undefined, now: Instant): boolean {
  if (expiresAt === undefined) return false;
  const expiry = toMillis(expiresAt);
  if (Number.isNaN(expiry)) return false;
  return toMillis(now) < expiry - TOKEN_MARGIN_MS;
}

/** A plan's term unit: the contract's DurationType. */
export type TermUnit = components['schemas']['DurationType'];

/**
 * The expiry a renewal gives, which is also the next payment date where auto-renewal is on
 * (storefront §2 Confirmation "next-payment message"): the term runs on from the current expiry
 * while that is still ahead, otherwise from today (an expired service starts again now). Months
 * are calendar months; a day the target month lacks falls back to its last day (31 Jan + 1 month
 * is 28 or 29 Feb). A one-time fee, or a term of no length, has none. ISO dates, UTC.
 */
export function expiryAfterRenewal(
  currentExpiry: string | null | undefined,
  now: Instant,
  duration: number,
  unit: TermUnit,
): string | null {
  if (unit === 'once' || !Number.isInteger(duration) || duration <= 0) return null;
  const today = new Date(toMillis(now)).toISOString().slice(0, 10);
  const current =
    currentExpiry && !Number.isNaN(Date.parse(`${currentExpiry.slice(0, 10)}T00:00:00Z`))
      ? currentExpiry.slice(0, 10)
      : null;
  const start = current && current > today ? current : today;
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const months = month - 1 + (unit === 'year' ? duration * 12 : duration);
  const lastDay = new Date(Date.UTC(year, months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, months, Math.min(day, lastDay))).toISOString().slice(0, 10);
}
