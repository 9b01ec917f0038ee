import { describe, expect, it } from 'vitest';
import {
  ADDITIONAL_INFO_MAX,
  addDays,
  AUTO_RENEWAL_REASONS,
  REFUND_REASONS,
  isInCoolingOff,
  isListedSubscription,
  manageOffer,
  showsExpirationAlert,
  subscriptionExpiry,
} from './subscription.ts';

const TODAY = '2026-11-25';

describe('subscription expiry (account §4: expired when past, expiring within 62 days)', () => {
  it.each([
    ['yesterday', addDays(TODAY, -1), { expired: true, isExpiring: false }],
    ['today (runs to the end of the day)', TODAY, { expired: false, isExpiring: true }],
    ['in 30 days', addDays(TODAY, 30), { expired: false, isExpiring: true }],
    ['in 62 days', addDays(TODAY, 62), { expired: false, isExpiring: true }],
    ['in 63 days', addDays(TODAY, 63), { expired: false, isExpiring: false }],
    ['in 300 days', addDays(TODAY, 300), { expired: false, isExpiring: false }],
  ])('when the expiry date is %s, then %o', (_, expiry, expected) => {
    expect(subscriptionExpiry(expiry, TODAY)).toEqual(expected);
  });
});

describe('listed subscriptions (account §2: Installed and In progress only)', () => {
  it.each([
    ['Installed', true],
    ['In progress', true],
    ['Refund requested', false],
    ['Cancelled', false],
    ['Pending', false],
    [null, false],
  ])('%s → %s', (status, listed) => expect(isListedSubscription(status)).toBe(listed));
});

describe('cooling-off period', () => {
  it.each([
    [null, false],
    [addDays(TODAY, 9), true],
    [TODAY, true],
    [addDays(TODAY, -1), false],
  ])('ends %s → refundable %s', (end, refundable) => expect(isInCoolingOff(end, TODAY)).toBe(refundable));
});

describe("expiration alert (account §2: expiring, auto-renewal not active, region doesn't show auto-renewal)", () => {
  it.each([
    [true, false, false, true],
    [false, false, false, false],
    [true, true, false, false],
    [true, false, true, false],
  ])('expiring %s, auto-renewal %s, region shows it %s → %s', (isExpiring, autoRenewalActive, showAutoRenewal, alert) =>
    expect(showsExpirationAlert({ isExpiring, autoRenewalActive, showAutoRenewal })).toBe(alert),
  );
});

describe('manage modal, step one (account §2)', () => {
  it.each([
    [{ inProgress: true, inCoolingOff: true, isExpiring: false }, 'processing'],
    [{ inProgress: false, inCoolingOff: true, isExpiring: true }, 'refund'],
    [{ inProgress: false, inCoolingOff: false, isExpiring: true }, 'renew'],
    [{ inProgress: false, inCoolingOff: false, isExpiring: false }, 'noRefund'],
  ])('%o → %s', (facts, offer) => expect(manageOffer(facts)).toBe(offer));
});

describe('cancellation reasons and additional information (account §5, §9)', () => {
  it('when the reasons are listed, then those of §5 in its order, Other last', () => {
    expect(REFUND_REASONS).toEqual([
      'Service did not meet expectations',
      'Service is too expensive',
      'Not using the service enough',
      'Technical issues with the service',
      'Dissatisfied with customer support',
      'Service is no longer needed',
      'Purchased by mistake',
      'Other',
    ]);
    expect(AUTO_RENEWAL_REASONS).toEqual([
      'Planning to assess benefits of service before renewal',
      'More control over the renewal process',
      'Planning to sell vehicle before renewal',
      'Other',
    ]);
  });

  it('when the additional information is bounded, then at 150 characters (§9)', () => {
    expect(ADDITIONAL_INFO_MAX).toBe(150);
  });
});
