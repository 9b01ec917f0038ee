import { describe, expect, it } from 'vitest';
import { isCardExpired, paymentMethodType } from './payment-method.ts';

describe("payment method types (account §3: the order system's values and the others seen)", () => {
  it.each([
    ['Credit Card', 'CREDIT_CARD'],
    ['CREDIT_CARD', 'CREDIT_CARD'],
    ['card', 'CREDIT_CARD'],
    ['scheme', 'CREDIT_CARD'],
    ['IDEAL', 'IDEAL'],
    ['BANCONTACT', 'BANCONTACT'],
    ['GooglePay', 'GOOGLE_PAY'],
    ['google_pay', 'GOOGLE_PAY'],
    ['GOOGLE_PAY', 'GOOGLE_PAY'],
    ['ApplePay', 'APPLE_PAY'],
    ['apple_pay', 'APPLE_PAY'],
    ['DigitalWallet', undefined],
    ['sepa_debit', undefined],
    [null, undefined],
  ])('%s → %s', (value, type) => expect(paymentMethodType(value)).toBe(type));
});

describe('card expiry (account §5: exp_year and exp_month precede now)', () => {
  const now = '2026-11-25T12:00:00Z';
  it.each([
    [2026, 10, true],
    [2026, 11, false],
    [2025, 12, true],
    [2030, 12, false],
    [null, null, false],
  ])('%s/%s → expired %s', (year, month, expired) => expect(isCardExpired(year, month, now)).toBe(expired));
});
