/**
 * Live mode's provider components (storefront §4 "On payment"): what the shop does with what
 * Stripe's Payment Element and Adyen's card component hand back. The providers' libraries load
 * from their servers in the browser, so here they are replaced by stand-ins with their API.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WalletRecurringPayment } from '../../../../domain/wallet.ts';
import type { PaymentMethodInput } from './payment-method-input.ts';
import type { AdyenPaymentSetup } from '../../lib/api/setup-payment.ts';

const stripe = vi.hoisted(() => ({
  submit: vi.fn(),
  createPaymentMethod: vi.fn(),
  loadStripe: vi.fn(),
  elementOptions: undefined as unknown,
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  PaymentElement: ({ options }: { options?: unknown }) => {
    stripe.elementOptions = options;
    return <div data-testid="payment-element" />;
  },
  useStripe: () => ({ createPaymentMethod: stripe.createPaymentMethod }),
  useElements: () => ({ submit: stripe.submit }),
}));

const adyen = vi.hoisted(() => ({ options: undefined as Record<string, any> | undefined, mounted: vi.fn() }));
vi.mock('@adyen/adyen-web/styles/adyen.css', () => ({}));
vi.mock('@adyen/adyen-web', () => ({
  AdyenCheckout: async (options: Record<string, any>) => {
    adyen.options = options;
    return { options };
  },
  Card: class {
    mount(element: HTMLElement) {
      adyen.mounted(element);
    }
    unmount() {}
  },
}));

const { StripeForm } = await import('./stripe-form.tsx');
const { walletRecurringPayment } = await import('../../../../domain/wallet.ts');
const { AdyenForm } = await import('./adyen-form.tsx');

beforeEach(() => {
  vi.clearAllMocks();
  adyen.options = undefined;
});

describe('Stripe Payment Element (live mode)', () => {
  function renderStripe(onPay: (request: PaymentMethodInput) => Promise<void>, wallet?: WalletRecurringPayment) {
    render(
      <StripeForm
        publishableKey="pk_live_x"
        clientSecret="seti_x_secret"
        locale="nl-NL"
        submitLabel="Pay £149"
        disabled={false}
        wallet={wallet}
        onPay={onPay}
      />,
    );
  }

  it.each([
    ['card', 'CREDIT_CARD'],
    ['ideal', 'IDEAL'],
    ['bancontact', 'BANCONTACT'],
  ])('when the element creates a %s payment method, then the order is placed with it as %s', async (type, expected) => {
    stripe.submit.mockResolvedValue({});
    stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_live_1', type } });
    const onPay = vi.fn().mockResolvedValue(undefined);
    renderStripe(onPay);
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_live_x', { locale: 'nl-NL' });
    await userEvent.click(screen.getByRole('button', { name: 'Pay £149' }));
    await waitFor(() =>
      expect(onPay).toHaveBeenCalledWith({
        provider: 'stripe',
        paymentMethodType: expected,
        stripePaymentMethodId: 'pm_live_1',
      }),
    );
  });

  it('when the plan recurs, then Apple Pay is told: Subscription, its amount and term, the basket, /payment-confirmation (§9)', () => {
    const wallet = walletRecurringPayment(
      { basketId: 'bk42', total: 149, duration: 1, durationType: 'year' },
      'https://shop.example',
      '/nl-NL/payment-confirmation',
    );
    renderStripe(vi.fn(), wallet);
    expect(stripe.elementOptions).toEqual({
      applePay: {
        recurringPaymentRequest: {
          paymentDescription: 'Payment for basket n. bk42',
          managementURL: 'https://shop.example/nl-NL/payment-confirmation',
          regularBilling: {
            label: 'Subscription',
            amount: 14900,
            recurringPaymentIntervalUnit: 'year',
            recurringPaymentIntervalCount: 1,
          },
        },
      },
    });
  });

  it('when nothing recurs (a one-time fee), then the element gets no recurring request', () => {
    renderStripe(vi.fn());
    expect(stripe.elementOptions).toEqual({});
  });

  it("when the element finds the card incomplete, then Stripe's message shows and nothing is paid", async () => {
    stripe.submit.mockResolvedValue({ error: { message: 'Your card number is incomplete.' } });
    const onPay = vi.fn();
    renderStripe(onPay);
    await userEvent.click(screen.getByRole('button', { name: 'Pay £149' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card number is incomplete.');
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(onPay).not.toHaveBeenCalled();
  });

  it('when Stripe refuses to create the payment method, then its message shows and nothing is paid', async () => {
    stripe.submit.mockResolvedValue({});
    stripe.createPaymentMethod.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    const onPay = vi.fn();
    renderStripe(onPay);
    await userEvent.click(screen.getByRole('button', { name: 'Pay £149' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(onPay).not.toHaveBeenCalled();
  });
});

describe("Adyen's card component (live mode)", () => {
  const setup: AdyenPaymentSetup = {
    provider: 'adyen',
    clientKey: 'live_CLIENTKEY',
    environment: 'live',
    paymentMethods: [{ type: 'scheme', name: 'Cards', brands: ['visa', 'mc'] }],
    amount: { value: 149.5, currency: 'EUR', formatted: '149,50 €' },
    sandbox: false,
  };

  it('when it mounts, then it is configured with the client key, locale, country and the amount in minor units', async () => {
    render(<AdyenForm setup={setup} locale="fr-FR" country="FR" onPay={vi.fn()} />);
    await waitFor(() => expect(adyen.mounted).toHaveBeenCalled());
    expect(adyen.options).toMatchObject({
      clientKey: 'live_CLIENTKEY',
      environment: 'live',
      locale: 'fr-FR',
      countryCode: 'FR',
      amount: { value: 14950, currency: 'EUR' },
    });
  });

  it('when the shopper submits, then the encrypted card goes to the order and the component is told the outcome', async () => {
    const onPay = vi.fn().mockResolvedValue(undefined);
    render(<AdyenForm setup={setup} locale="fr-FR" country="FR" onPay={onPay} />);
    await waitFor(() => expect(adyen.options).toBeDefined());
    const paymentMethod = { type: 'scheme', encryptedCardNumber: 'adyenjs_x', encryptedSecurityCode: 'adyenjs_y' };
    const actions = { resolve: vi.fn(), reject: vi.fn() };
    await adyen.options!.onSubmit({ data: { paymentMethod } }, {}, actions);
    expect(onPay).toHaveBeenCalledWith({
      provider: 'adyen',
      paymentMethodType: 'CREDIT_CARD',
      adyenPaymentMethod: paymentMethod,
    });
    expect(actions.resolve).toHaveBeenCalledWith({ resultCode: 'Authorised' });

    onPay.mockRejectedValueOnce(new Error('refused'));
    await adyen.options!.onSubmit({ data: { paymentMethod } }, {}, actions);
    expect(actions.reject).toHaveBeenCalled();
  });
});
