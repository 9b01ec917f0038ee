// Subscriptions in the account area: account §2 (My Subscriptions, Manage modal), §4 (Subscription expiry and
// auto-renewal), §5 (cancellation reasons and additional information), §9 (limits). Days are calendar days
// in UTC, as the order-management system writes its dates (YYYY-MM-DD); the clock is never read here.

import { maxLengths } from '../generated/proxy/max-lengths.ts';
import { autoRenewalReasonValues, refundReasonValues } from '../generated/proxy/types.ts';
import { RENEWAL_WINDOW_DAYS } from './expiry.ts';
import { toMillis, type Instant } from './time.ts';

/** Only these service statuses appear on My Subscriptions (account §2). */
export const LISTED_SERVICE_STATUSES = ['Installed', 'In progress'] as const;

export function isListedSubscription(serviceStatus: string | null | undefined): boolean {
  return (LISTED_SERVICE_STATUSES as readonly string[]).includes(serviceStatus ?? '');
}

export function isInProgress(serviceStatus: string | null | undefined): boolean {
  return serviceStatus === 'In progress';
}

/** The calendar day (YYYY-MM-DD, UTC) of an instant. */
export function dayOf(now: Instant): string {
  return new Date(toMillis(now)).toISOString().slice(0, 10);
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return dayOf(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + days * 864e5);
}

/** Whole calendar days from `today` to `day` (negative when past). */
export function daysUntil(day: string, today: string): number {
  return Math.round((Date.parse(`${day.slice(0, 10)}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 864e5);
}

export interface SubscriptionExpiry {
  /** The date is past: the service ran until the end of its expiry day. */
  expired: boolean;
  /** Renewable: within 62 days before expiry and not expired (account §4). */
  isExpiring: boolean;
}

export function subscriptionExpiry(expiryDate: string, today: string): SubscriptionExpiry {
  const expired = expiryDate.slice(0, 10) < today;
  return { expired, isExpiring: !expired && daysUntil(expiryDate, today) <= RENEWAL_WINDOW_DAYS };
}

/** A full refund can be requested up to and including the cooling-off period's last day. */
export function isInCoolingOff(coolingOffEndDate: string | null | undefined, today: string): boolean {
  return Boolean(coolingOffEndDate) && today <= coolingOffEndDate!.slice(0, 10);
}

/**
 * The 'Subscription expires soon' alert with Renew now appears when all three hold (account §2): the service
 * is expiring, auto-renewal is not active, and the region does not show auto-renewal.
 */
export function showsExpirationAlert(facts: {
  isExpiring: boolean;
  autoRenewalActive: boolean;
  showAutoRenewal: boolean;
}): boolean {
  return facts.isExpiring && !facts.autoRenewalActive && !facts.showAutoRenewal;
}

/** Reasons offered when requesting a refund (account §5), in the document's order: the contract's enum. */
export const REFUND_REASONS = refundReasonValues;

/** Reasons offered when turning auto-renewal off (account §5): the contract's enum. */
export const AUTO_RENEWAL_REASONS = autoRenewalReasonValues;

/** The reason that reveals the free-text box. */
export const OTHER_REASON = 'Other';
/** Additional information: at most 150 characters, debounced by 200 ms (account §5, §9). */
export const ADDITIONAL_INFO_MAX = maxLengths.RefundRequest.additionalInfo;
export const ADDITIONAL_INFO_DEBOUNCE_MS = 200;

/**
 * The toast texts of the manage modal (account §2, Manage modal step two): the proxy's `message` of a
 * subscription action. The client shows the catalogues' words in the shopper's language instead, the
 * English ones equal to these (client/src/app/routes/account/subscriptions-page.test.tsx); how long a
 * toast lasts (5000 ms, §9) is the client's TOAST_DURATION_MS.
 */
export const SUBSCRIPTION_TOASTS = {
  refunded: 'You have cancelled your subscription and we are processing your refund.',
  autoRenewalOff: (service: string) => `Auto-renewal turned off for ${service}`,
  autoRenewalOn: (service: string) => `Auto-renewal turned on for ${service}`,
} as const;

/**
 * What the manage modal offers in step one (account §2), in the document's order of precedence: while the
 * order is in progress only the processing notice; inside the cooling-off period a refund (disabled when a
 * refund request is already stored); outside it, Renew now when expiring, else the contact-us text.
 */
export type ManageOffer = 'processing' | 'refund' | 'renew' | 'noRefund';

export function manageOffer(facts: { inProgress: boolean; inCoolingOff: boolean; isExpiring: boolean }): ManageOffer {
  if (facts.inProgress) return 'processing';
  if (facts.inCoolingOff) return 'refund';
  return facts.isExpiring ? 'renew' : 'noRefund';
}
