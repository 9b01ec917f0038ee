import { describe, expect, it } from 'vitest';
import { walletRecurringPayment, type WalletBasket } from './wallet.ts';

const basket: WalletBasket = { basketId: 'bk1', total: 149, duration: 1, durationType: 'year' };
const ORIGIN = 'https://shop.example';

describe('wallet recurring-payment request (storefront §9)', () => {
  it('when a yearly plan is paid, then label Subscription, type final, timing recurring, the basket in the description, /payment-confirmation', () => {
    expect(walletRecurringPayment(basket, ORIGIN, '/en-GB/payment-confirmation')).toEqual({
      label: 'Subscription',
      type: 'final',
      paymentTiming: 'recurring',
      amount: 14900,
      paymentDescription: 'Payment for basket n. bk1',
      managementURL: 'https://shop.example/en-GB/payment-confirmation',
      intervalUnit: 'year',
      intervalCount: 1,
    });
  });

  it.each([
    [
      'a 24-month plan recurs every 24 months',
      { duration: 24, durationType: 'month' },
      { intervalUnit: 'month', intervalCount: 24 },
    ],
    [
      'a 3-year plan recurs every 3 years',
      { duration: 3, durationType: 'year' },
      { intervalUnit: 'year', intervalCount: 3 },
    ],
    ['decimals become minor units', { total: 99.99 }, { amount: 9999 }],
    [
      'without a locale path, /payment-confirmation',
      {},
      { managementURL: 'https://shop.example/payment-confirmation' },
    ],
  ] as const)('when %s', (_, change, expected) => {
    expect(walletRecurringPayment({ ...basket, ...change }, ORIGIN)).toMatchObject(expected);
  });

  it.each([
    ['a one-time fee', { durationType: 'once' }],
    ['a term of zero', { duration: 0 }],
    ['a total of zero', { total: 0 }],
    ['a total that is not a number', { total: Number.NaN }],
  ] as const)('when the basket has %s, then nothing recurs', (_, change) => {
    expect(walletRecurringPayment({ ...basket, ...change } as WalletBasket, ORIGIN)).toBeUndefined();
  });
});
