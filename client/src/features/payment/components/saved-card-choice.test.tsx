/**
 * The saved card at the payment step (storefront §6 "Registered customers get saved addresses and
 * saved payment methods"): the account's card, as the payment setup offers it, comes chosen; paying
 * with it sends an order that names the saved card and no method of its own (Adyen's with the
 * browser facts 3-D Secure needs); "A new card or payment method" brings the market's form back; a
 * card that cannot be used any more reads its words from the catalogues.
 */
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../catalogues/en.json' with { type: 'json' };
import {
  ADYEN_SANDBOX_SETUP_STUB,
  contractExample,
  SESSION_STUB,
  stripeSandboxSetupStub,
  stubApi,
  type StubHandler,
} from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const ADDRESS = {
  firstName: 'Alex',
  lastName: 'Owner',
  countryCode: 'GB',
  address1: '10 Downing Street',
  address2: null,
  city: 'London',
  stateCode: null,
  postalCode: 'SW1A 2AA',
};

const SAVED_VISA = {
  type: 'CREDIT_CARD',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  bankCode: null,
  expired: false,
};

function checkout(provider: 'stripe' | 'adyen'): StubHandler {
  const basket = contractExample<Record<string, unknown>>('basketWithItem');
  Object.assign(basket, {
    customerEmail: 'alex@example.com',
    shippingAddress: ADDRESS,
    shippingMethodId: 'DIGITAL',
    billingAddress: ADDRESS,
  });
  return [
    'GET',
    /\/api\/checkout$/,
    { body: { step: 4, stepName: 'payment', guestCheckout: false, provider, basket } },
  ];
}

const stripeSetup = (saved: typeof SAVED_VISA | null) => stripeSandboxSetupStub('gbp', saved);

const adyenSetup: StubHandler = [
  ADYEN_SANDBOX_SETUP_STUB[0],
  ADYEN_SANDBOX_SETUP_STUB[1],
  { body: { ...(ADYEN_SANDBOX_SETUP_STUB[2] as { body: object }).body, savedPaymentMethod: SAVED_VISA } },
];

const placed: StubHandler = [
  'POST',
  /\/api\/checkout\/orders$/,
  { status: 201, body: { outcome: 'orderPlaced', orderNo: '00012350', status: 'new' } },
];

const savedRadio = () => screen.findByRole('radio', { name: /^Saved card: visa ending in 4242, expires 12\/2030$/ });

describe('the saved card at the payment step (storefront §6)', () => {
  it('when the account has a saved card, then it comes chosen and paying sends the order naming it and no method of its own', async () => {
    const stub = stubApi([SESSION_STUB, checkout('stripe'), stripeSetup(SAVED_VISA), placed]);
    const { router } = renderApp('/en-GB/checkout');
    expect(((await savedRadio()) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-GB/confirmation/00012350'));
    const order = stub.calls.find((c) => c.path === '/api/checkout/orders');
    expect(order?.body).toEqual({ provider: 'stripe', paymentMethodType: 'CREDIT_CARD', useSavedPaymentMethod: true });
  });

  it('when "A new card or payment method" is chosen, then the card form shows and the saved card is not sent', async () => {
    stubApi([SESSION_STUB, checkout('stripe'), stripeSetup(SAVED_VISA)]);
    renderApp('/en-GB/checkout');
    await savedRadio();
    await userEvent.click(screen.getByRole('radio', { name: en.checkout.payment.newMethod }));
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /^Saved card/ }));
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('when there is no saved card, then no choice: the card form straight away', async () => {
    stubApi([SESSION_STUB, checkout('stripe'), stripeSetup(null)]);
    renderApp('/en-GB/checkout');
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /^Saved card/ })).toBeNull();
  });

  it("when Adyen is the provider, then the saved card's order carries the browser info and origin 3-D Secure needs, and no Adyen method", async () => {
    const stub = stubApi([SESSION_STUB, checkout('adyen'), adyenSetup, placed]);
    renderApp('/fr-FR/checkout');
    await screen.findByRole('radio', { checked: true });
    await userEvent.click(screen.getByRole('button', { name: /^(Pay|Payer)/ }));
    await waitFor(() => expect(stub.calls.some((c) => c.path === '/api/checkout/orders')).toBe(true));
    const body = stub.calls.find((c) => c.path === '/api/checkout/orders')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      provider: 'adyen',
      paymentMethodType: 'CREDIT_CARD',
      useSavedPaymentMethod: true,
      adyenStateData: {
        origin: window.location.origin,
        browserInfo: { userAgent: window.navigator.userAgent, colorDepth: window.screen.colorDepth },
      },
    });
    expect(body.adyenStateData).not.toHaveProperty('paymentMethod');
  });

  it("when the saved card can't be used any more, then the modal says so in the catalogue's words", async () => {
    stubApi([
      SESSION_STUB,
      checkout('stripe'),
      stripeSetup(SAVED_VISA),
      [
        'POST',
        /\/api\/checkout\/orders$/,
        {
          status: 422,
          body: {
            type: 'https://shop.example/problems/saved-payment-method-unavailable',
            title: 'Saved card unavailable',
            status: 422,
            detail: 'The saved card cannot be used. Choose another payment method.',
            paymentErrorKind: 'validation_error',
          },
        },
      ],
    ]);
    renderApp('/en-GB/checkout');
    await savedRadio();
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText(en.problems.type.savedCardUnavailable)).toBeTruthy();
  });
});
