import { describe, expect, it } from 'vitest';
import {
  expiryAfterRenewal,
  expiryState,
  isOrderable,
  isRenewable,
  isStoredValueExpired,
  isTokenValid,
  type ExpiryState,
} from './expiry.ts';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const DAY = 864e5;

describe('expiryState', () => {
  it.each<[string, number | string, ExpiryState]>([
    // storefront §4 Renewal page load: "expired when the date is past"; account §4 Subscription expiry
    ['one millisecond in the past', NOW - 1, 'expired'],
    ['one year in the past', NOW - 365 * DAY, 'expired'],
    // storefront §4: "renewable/expiring when within 62 days before expiry and not expired"
    ['exactly now', NOW, 'expiring'],
    ['in 1 day', NOW + DAY, 'expiring'],
    ['in exactly 62 days', NOW + 62 * DAY, 'expiring'],
    // storefront §4: "active otherwise"
    ['62 days and 1 ms ahead', NOW + 62 * DAY + 1, 'active'],
    ['in 1 year', NOW + 365 * DAY, 'active'],
    // storefront §3 Subscription expiryDate given as an ISO string
    ['an ISO date string 10 days ahead', '2025-06-11T12:00:00Z', 'expiring'],
    ['an unreadable date', 'not a date', 'expired'],
  ])('when the expiry date is %s, then the state is %s', (_label, expiry, expected) => {
    expect(expiryState(expiry, NOW)).toBe(expected);
  });

  it.each<[string, number, boolean]>([
    // storefront §4 expiry logic: renewal detail for expired and expiring, thank-you for active
    ['expired', NOW - DAY, true],
    ['expiring', NOW + 30 * DAY, true],
    ['active', NOW + 90 * DAY, false],
  ])('when the service is %s, then isRenewable is %s', (_label, expiry, expected) => {
    expect(isRenewable(expiry, NOW)).toBe(expected);
  });
});

describe('isOrderable', () => {
  it.each<[string, number | string, boolean]>([
    // storefront §4 Renewal page load: "orderable 24 hours (864e5 ms) after its ordered date"
    ['ordered just now', NOW, false],
    ['ordered 23h59m59.999s ago', NOW - DAY + 1, false],
    ['ordered exactly 24 hours ago', NOW - DAY, true],
    ['ordered 3 days ago', NOW - 3 * DAY, true],
    ['an unreadable order date', 'nope', false],
  ])('when %s, then orderable is %s', (_label, ordered, expected) => {
    expect(isOrderable(ordered, NOW)).toBe(expected);
  });
});

describe('isStoredValueExpired', () => {
  it.each<[string, number, number | undefined, boolean]>([
    // storefront §3 / §9: "Stored vehicle data expires after 10 days" (864e6 ms)
    ['stored 9 days ago', NOW - 9 * DAY, undefined, false],
    ['stored just under 10 days ago', NOW - 864e6 + 1, undefined, false],
    ['stored exactly 10 days ago', NOW - 864e6, undefined, true],
    ['stored 11 days ago', NOW - 11 * DAY, undefined, true],
    // storefront §3: "Stored values are rejected and removed once expired" (custom lifetime)
    ['stored 2 s ago with a 1 s lifetime', NOW - 2000, 1000, true],
  ])('when %s, then expired is %s', (_label, storedAt, lifetime, expected) => {
    expect(isStoredValueExpired(storedAt, NOW, lifetime)).toBe(expected);
  });
});

describe('isTokenValid', () => {
  it.each<[string, number | undefined, boolean]>([
    // storefront §4 Authentication: "valid only while unexpired with a 60-second margin"
    ['the token expires in 1 hour', NOW + 3_600_000, true],
    ['the token expires in 60.001 s', NOW + 60_001, true],
    ['the token expires in exactly 60 s', NOW + 60_000, false],
    ['the token expires in 30 s', NOW + 30_000, false],
    ['the token has expired', NOW - 1, false],
    ['there is no token expiry', undefined, false],
  ])('when %s, then valid is %s', (_label, expiresAt, expected) => {
    expect(isTokenValid(expiresAt, NOW)).toBe(expected);
  });
});

describe('expiryAfterRenewal (storefront §2 Confirmation: next payment; the term runs on from a future expiry)', () => {
  const NOW = '2026-11-23T10:00:00Z';
  it.each([
    ['a future expiry, 12 months', '2026-12-23', 12, 'month', '2027-12-23'],
    ['a future expiry, 24 months', '2027-01-15', 24, 'month', '2029-01-15'],
    ['a future expiry, 1 year', '2026-12-23', 1, 'year', '2027-12-23'],
    ['an expired service starts today', '2026-11-13', 12, 'month', '2027-11-23'],
    ['an expiry of today starts today', '2026-11-23', 36, 'month', '2029-11-23'],
    ['no known expiry starts today', null, 12, 'month', '2027-11-23'],
    ['an unreadable expiry starts today', 'soon', 12, 'month', '2027-11-23'],
    ['31 January + 1 month is the last day of February', '2027-01-31', 1, 'month', '2027-02-28'],
    ['29 February + 1 year is 28 February', '2028-02-29', 1, 'year', '2029-02-28'],
    ['a timestamp counts by its date', '2026-12-23T18:30:00Z', 12, 'month', '2027-12-23'],
    ['a one-time fee has none', '2026-12-23', 0, 'once', null],
    ['a term of no length has none', '2026-12-23', 0, 'month', null],
  ] as const)('when %s: from %s plus %i %s gives %s', (_case, current, duration, unit, expected) => {
    expect(expiryAfterRenewal(current, NOW, duration, unit)).toBe(expected);
  });
});
