import { describe, expect, it } from 'vitest';
import { zWalletTypes } from '../generated/proxy/zod-mini/zod.gen.ts';
import { isCardExpired, paymentMethodType, providerMethodType, WALLET_TYPES, walletOf } from './payment-method.ts';

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
    ['googlepay', 'GOOGLE_PAY'],
    ['paywithgoogle', 'GOOGLE_PAY'],
    ['applepay', 'APPLE_PAY'],
    ['bcmc', 'BANCONTACT'],
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

describe("a method's type as its provider holds it (issue 15: the order records the provider's type)", () => {
  it.each([
    ['a Stripe card', { type: 'card' }, 'CREDIT_CARD'],
    [
      'a Stripe card from Google Pay (card.wallet.type google_pay)',
      { type: 'card', wallet: walletOf('google_pay') },
      'GOOGLE_PAY',
    ],
    ['a Stripe card from Apple Pay', { type: 'card', wallet: walletOf('apple_pay') }, 'APPLE_PAY'],
    [
      'a Stripe card from another wallet (Samsung Pay): a card',
      { type: 'card', wallet: walletOf('samsung_pay') },
      'CREDIT_CARD',
    ],
    ["Adyen's googlepay", { type: 'googlepay', wallet: walletOf('googlepay') }, 'GOOGLE_PAY'],
    ["Adyen's scheme", { type: 'scheme' }, 'CREDIT_CARD'],
    ['iDEAL', { type: 'ideal' }, 'IDEAL'],
    ['a type the shop does not know', { type: 'klarna' }, undefined],
  ])('%s → %s', (_, method, type) => expect(providerMethodType(method)).toBe(type));
});

describe('wallets (storefront §7: the digital wallets a market may offer)', () => {
  it("when compared with the contract's WalletTypes, then the wallets are its enum, in its order", () => {
    expect(WALLET_TYPES).toEqual(zWalletTypes.def.element.options);
  });
});
