/**
 * Adyen's Google Pay and Apple Pay components in live mode (issue 15, docs/decisions/020), against a
 * stand-in for @adyen/adyen-web v6 that records what Adyen's library requires
 * (docs.adyen.com/payment-methods/google-pay/web-component, /apple-pay/web-component): each
 * component is created on the checkout instance with its options, `isAvailable()` resolves before
 * `mount`, a wallet the browser lacks is not mounted, and its state.data (googlepay with
 * googlePayToken, applepay with applePayToken) goes through the checkout's onSubmit typed
 * GOOGLE_PAY or APPLE_PAY. The options carry storefront §9's recurring-payment values.
 */
import { render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { walletRecurringPayment } from '../../../../../domain/wallet.ts';
import type { AdyenPaymentSetup } from '../api/setup-payment.ts';

const adyen = vi.hoisted(() => ({
  options: undefined as Record<string, any> | undefined,
  checkout: undefined as object | undefined,
  created: [] as Array<{ type: string; checkout: object; options: Record<string, any> }>,
  mounted: [] as string[],
  available: { googlepay: true, applepay: true } as Record<string, boolean>,
}));
vi.mock('@adyen/adyen-web/styles/adyen.css', () => ({}));
vi.mock('@adyen/adyen-web', () => {
  const element = (type: string) =>
    class {
      constructor(checkout: object, options: Record<string, any> = {}) {
        adyen.created.push({ type, checkout, options });
      }
      isAvailable() {
        return adyen.available[type] === false ? Promise.reject(new Error('not available')) : Promise.resolve();
      }
      mount() {
        adyen.mounted.push(type);
      }
      unmount() {}
    };
  return {
    AdyenCheckout: async (options: Record<string, any>) => {
      adyen.options = options;
      adyen.checkout = { options };
      return adyen.checkout;
    },
    Card: element('scheme'),
    GooglePay: element('googlepay'),
    ApplePay: element('applepay'),
  };
});

const { AdyenForm } = await import('./adyen-form.tsx');
const { applePayOptions, googlePayOptions } = await import('./adyen-wallets.ts');

const setup: AdyenPaymentSetup = {
  provider: 'adyen',
  clientKey: 'live_CLIENTKEY',
  environment: 'live',
  paymentMethods: [
    { type: 'scheme', name: 'Cards', brands: ['visa', 'mc'] },
    {
      type: 'googlepay',
      name: 'Google Pay',
      brands: [],
      configuration: { merchantId: '1000', gatewayMerchantId: 'ShopECOM' },
    },
    {
      type: 'applepay',
      name: 'Apple Pay',
      brands: [],
      configuration: { merchantId: 'merchant.com.shop', merchantName: 'ShopECOM' },
    },
  ],
  wallets: ['GOOGLE_PAY', 'APPLE_PAY'],
  amount: { value: 149, currency: 'EUR', formatted: '149,00 €' },
  sandbox: false,
};

const recurring = walletRecurringPayment(
  { basketId: 'bk42', total: 149, duration: 1, durationType: 'year' },
  'https://shop.example',
  '/fr-FR/payment-confirmation',
);

beforeEach(() => {
  adyen.options = undefined;
  adyen.created = [];
  adyen.mounted = [];
  adyen.available = { googlepay: true, applepay: true };
});

describe("Adyen's wallet components (live mode)", () => {
  it("when the market offers both wallets, then both are created on the checkout, with the methods' configuration in its payment methods answer", async () => {
    render(<AdyenForm setup={setup} locale="fr-FR" country="FR" wallet={recurring} onPay={vi.fn()} />);
    await waitFor(() => expect(adyen.mounted).toEqual(['scheme', 'googlepay', 'applepay']));
    expect(adyen.created.map((c) => c.type)).toEqual(['scheme', 'googlepay', 'applepay']);
    for (const created of adyen.created) expect(created.checkout).toBe(adyen.checkout);
    expect(adyen.options!.paymentMethodsResponse.paymentMethods[1].configuration).toEqual({
      merchantId: '1000',
      gatewayMerchantId: 'ShopECOM',
    });
  });

  it('when the browser has no Apple Pay, then its button is not mounted', async () => {
    adyen.available.applepay = false;
    render(<AdyenForm setup={setup} locale="fr-FR" country="FR" wallet={recurring} onPay={vi.fn()} />);
    await waitFor(() => expect(adyen.mounted).toContain('googlepay'));
    expect(adyen.mounted).not.toContain('applepay');
  });

  it('when the market offers no wallet, then no wallet component is created', async () => {
    render(<AdyenForm setup={{ ...setup, wallets: [] }} locale="fr-FR" country="FR" onPay={vi.fn()} />);
    await waitFor(() => expect(adyen.mounted).toEqual(['scheme']));
    expect(adyen.created.map((c) => c.type)).toEqual(['scheme']);
  });

  it.each([
    ['googlepay', { type: 'googlepay', googlePayToken: '{"signature":"x"}' }, 'GOOGLE_PAY'],
    ['applepay', { type: 'applepay', applePayToken: 'eyJ2ZXJzaW9uIjoiRUNfdjEifQ==' }, 'APPLE_PAY'],
  ])("when %s submits, then its state.data goes to the order typed %s's wallet", async (_, paymentMethod, type) => {
    const onPay = vi.fn().mockResolvedValue(undefined);
    render(<AdyenForm setup={setup} locale="fr-FR" country="FR" wallet={recurring} onPay={onPay} />);
    await waitFor(() => expect(adyen.options).toBeDefined());
    const actions = { resolve: vi.fn(), reject: vi.fn() };
    await adyen.options!.onSubmit({ data: { paymentMethod }, isValid: true }, {}, actions);
    expect(onPay).toHaveBeenCalledWith({
      provider: 'adyen',
      paymentMethodType: type,
      adyenStateData: { paymentMethod },
    });
    expect(actions.resolve).toHaveBeenCalledWith({ resultCode: 'Authorised' });
  });
});

describe('the wallets are told the recurring payment (storefront §9)', () => {
  it('when the plan recurs, then Apple Pay gets the whole recurring request: Subscription, final, recurring, the basket, the management URL, the amount in the major unit', () => {
    expect(applePayOptions(recurring)).toEqual({
      totalPriceLabel: 'Subscription',
      recurringPaymentRequest: {
        paymentDescription: 'Payment for basket n. bk42',
        managementURL: 'https://shop.example/fr-FR/payment-confirmation',
        regularBilling: {
          label: 'Subscription',
          amount: '149.00',
          type: 'final',
          paymentTiming: 'recurring',
          recurringPaymentIntervalUnit: 'year',
          recurringPaymentIntervalCount: 1,
        },
      },
    });
  });

  it('when the plan recurs, then Google Pay shows a FINAL total labelled Subscription, with the page nonce for its injected styles', () => {
    expect(googlePayOptions(recurring, 'n0nce')).toEqual({
      totalPriceStatus: 'FINAL',
      transactionInfo: { totalPriceLabel: 'Subscription', totalPriceStatus: 'FINAL' },
      nonce: 'n0nce',
    });
  });

  it('when nothing recurs, then neither wallet is told of a recurring payment', () => {
    expect(applePayOptions(undefined)).toEqual({});
    expect(googlePayOptions(undefined, undefined)).toEqual({ totalPriceStatus: 'FINAL' });
  });

  it('when the Apple Pay component is created, then it gets those options', async () => {
    render(<AdyenForm setup={setup} locale="fr-FR" country="FR" wallet={recurring} onPay={vi.fn()} />);
    await waitFor(() => expect(adyen.created.some((c) => c.type === 'applepay')).toBe(true));
    expect(adyen.created.find((c) => c.type === 'applepay')?.options).toEqual(applePayOptions(recurring));
  });
});
