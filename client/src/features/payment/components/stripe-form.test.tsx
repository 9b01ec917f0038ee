/**
 * Live mode's Stripe Payment Element (storefront §4 "On payment", §9 wallet values), finalised on
 * the server as Stripe documents it
 * (https://docs.stripe.com/payments/finalize-payments-on-the-server-legacy?platform=web&type=setup).
 * Stripe.js loads from Stripe's servers, so a stand-in takes its place here; the tests assert what
 * Stripe.js requires of the shop, as its reference states it:
 * - the Elements group is created without an Intent: `mode`, `currency` (lower case) and
 *   `paymentMethodCreation: 'manual'`, never a `clientSecret`
 *   (https://docs.stripe.com/js/elements_object/create_without_intent);
 * - `stripe.createPaymentMethod({elements})` runs only after `elements.submit()` resolved without an
 *   error, with the Elements instance of the Payment Element
 *   (https://docs.stripe.com/js/payment_methods/create_payment_method_elements,
 *   https://docs.stripe.com/js/elements/submit).
 */
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WalletRecurringPayment } from '../../../../../domain/wallet.ts';
import type { components } from '../../../lib/api/client.ts';
import type { PaymentMethodInput } from './payment-method-input.ts';

const stripe = vi.hoisted(() => ({
  /** The Elements instance the Payment Element belongs to (what createPaymentMethod must be given). */
  elements: { submit: vi.fn() },
  createPaymentMethod: vi.fn(),
  loadStripe: vi.fn(() => Promise.resolve({ stripe: 'instance' })),
  groupProps: undefined as { stripe?: unknown; options?: Record<string, unknown> } | undefined,
  elementOptions: undefined as unknown,
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, ...props }: { children: ReactNode; stripe?: unknown; options?: Record<string, unknown> }) => {
    stripe.groupProps = props;
    return <>{children}</>;
  },
  PaymentElement: ({ options }: { options?: unknown }) => {
    stripe.elementOptions = options;
    return <div data-testid="payment-element" />;
  },
  useStripe: () => ({ createPaymentMethod: stripe.createPaymentMethod }),
  useElements: () => stripe.elements,
}));

const { StripeForm, elementsGroupOptions } = await import('./stripe-form.tsx');
const { walletRecurringPayment } = await import('../../../../../domain/wallet.ts');

type StripePaymentSetup = components['schemas']['StripePaymentSetup'];

/** The NL payment setup as the proxy answers it (card and iDEAL, EUR). */
const NL_SETUP: StripePaymentSetup = {
  provider: 'stripe',
  publishableKey: 'pk_live_x',
  paymentMethodTypes: ['card', 'ideal'],
  elementsOptions: {
    mode: 'setup',
    currency: 'eur',
    paymentMethodCreation: 'manual',
    allowedPaymentMethodTypes: ['card', 'ideal'],
  },
  amount: { value: 149, currency: 'EUR', formatted: '€ 149,00' },
  wallets: ['GOOGLE_PAY', 'APPLE_PAY'],
  sandbox: false,
};

beforeEach(() => {
  vi.clearAllMocks();
  stripe.groupProps = undefined;
  stripe.elementOptions = undefined;
});

function renderStripe(
  onPay: (request: PaymentMethodInput) => Promise<void>,
  wallet?: WalletRecurringPayment,
  setup: StripePaymentSetup = NL_SETUP,
) {
  render(
    <StripeForm setup={setup} locale="nl-NL" submitLabel="Pay £149" disabled={false} wallet={wallet} onPay={onPay} />,
  );
}

describe('the Elements group (created without an Intent, finalised on the server)', () => {
  it("when the form renders, then Stripe.js loads with the publishable key and the page's locale", () => {
    renderStripe(vi.fn());
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_live_x', { locale: 'nl-NL' });
    expect(stripe.groupProps?.stripe).toBe(stripe.loadStripe.mock.results[0]?.value);
  });

  it("when the form renders, then the group has setup mode, the currency, manual creation and the SetupIntent's types, and no client secret", () => {
    renderStripe(vi.fn());
    expect(stripe.groupProps?.options).toEqual({
      mode: 'setup',
      currency: 'eur',
      paymentMethodCreation: 'manual',
      allowedPaymentMethodTypes: ['card', 'ideal'],
    });
    expect(stripe.groupProps?.options).not.toHaveProperty('clientSecret');
  });

  it.each([
    [['card'], 'gbp'],
    [['card', 'ideal'], 'eur'],
    [['card', 'bancontact'], 'eur'],
    [['card'], 'usd'],
  ] as const)(
    'when the setup offers %j in %s, then the group offers exactly those, in that currency',
    (types, currency) => {
      expect(
        elementsGroupOptions({
          mode: 'setup',
          currency,
          paymentMethodCreation: 'manual',
          allowedPaymentMethodTypes: [...types],
        }),
      ).toEqual({ mode: 'setup', currency, paymentMethodCreation: 'manual', allowedPaymentMethodTypes: types });
    },
  );
});

describe('submitting the Payment Element', () => {
  it.each([
    ['card', { type: 'card', card: { wallet: null } }, 'CREDIT_CARD'],
    ['ideal', { type: 'ideal' }, 'IDEAL'],
    ['bancontact', { type: 'bancontact' }, 'BANCONTACT'],
    ['Google Pay', { type: 'card', card: { wallet: { type: 'google_pay' } } }, 'GOOGLE_PAY'],
    ['Apple Pay', { type: 'card', card: { wallet: { type: 'apple_pay' } } }, 'APPLE_PAY'],
  ])(
    'when the element creates a %s payment method, then elements.submit() ran first, createPaymentMethod got the Elements instance, and the order is placed with it as %s',
    async (_name, method, expected) => {
      stripe.elements.submit.mockResolvedValue({});
      stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_live_1', ...method } });
      const onPay = vi.fn().mockResolvedValue(undefined);
      renderStripe(onPay);
      await userEvent.click(screen.getByRole('button', { name: 'Pay £149' }));
      await waitFor(() =>
        expect(onPay).toHaveBeenCalledWith({
          provider: 'stripe',
          paymentMethodType: expected,
          stripePaymentMethodId: 'pm_live_1',
        }),
      );
      expect(stripe.elements.submit).toHaveBeenCalledTimes(1);
      expect(stripe.elements.submit).toHaveBeenCalledWith();
      expect(stripe.createPaymentMethod).toHaveBeenCalledTimes(1);
      const [args] = stripe.createPaymentMethod.mock.calls[0]!;
      expect(args).toEqual({ elements: stripe.elements });
      expect(args.elements).toBe(stripe.elements);
      expect(stripe.elements.submit.mock.invocationCallOrder[0]).toBeLessThan(
        stripe.createPaymentMethod.mock.invocationCallOrder[0]!,
      );
    },
  );

  it("when the element finds the card incomplete, then Stripe's message shows and no payment method is created", async () => {
    stripe.elements.submit.mockResolvedValue({ error: { message: 'Your card number is incomplete.' } });
    const onPay = vi.fn();
    renderStripe(onPay);
    await userEvent.click(screen.getByRole('button', { name: 'Pay £149' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card number is incomplete.');
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(onPay).not.toHaveBeenCalled();
  });

  it('when Stripe refuses to create the payment method, then its message shows and nothing is paid', async () => {
    stripe.elements.submit.mockResolvedValue({});
    stripe.createPaymentMethod.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    const onPay = vi.fn();
    renderStripe(onPay);
    await userEvent.click(screen.getByRole('button', { name: 'Pay £149' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(onPay).not.toHaveBeenCalled();
  });
});

describe('the Payment Element (Apple Pay, storefront §9 wallet values)', () => {
  it('when the plan recurs, then Apple Pay is told: Subscription, its amount and term, the basket, /payment-confirmation (§9)', () => {
    const wallet = walletRecurringPayment(
      { basketId: 'bk42', total: 149, duration: 1, durationType: 'year' },
      'https://shop.example',
      '/nl-NL/payment-confirmation',
    );
    renderStripe(vi.fn(), wallet);
    expect(stripe.elementOptions).toEqual({
      wallets: { googlePay: 'auto', applePay: 'auto' },
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
    expect(stripe.elementOptions).toEqual({ wallets: { googlePay: 'auto', applePay: 'auto' } });
  });

  it('when the market offers no wallet, then the element shows neither Google Pay nor Apple Pay, nor asks Apple Pay to recur', () => {
    const wallet = walletRecurringPayment(
      { basketId: 'bk42', total: 149, duration: 1, durationType: 'year' },
      'https://shop.example',
      '/nl-NL/payment-confirmation',
    );
    renderStripe(vi.fn(), wallet, { ...NL_SETUP, wallets: [] });
    expect(stripe.elementOptions).toEqual({ wallets: { googlePay: 'never', applePay: 'never' } });
  });
});
