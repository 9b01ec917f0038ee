/**
 * Adyen's card component in live mode, against a stand-in for @adyen/adyen-web v6 that records
 * what Adyen's library requires (docs.adyen.com/online-payments/build-your-integration/advanced-flow,
 * "Web Components" v6): AdyenCheckout({ clientKey, environment, locale, countryCode, amount,
 * paymentMethodsResponse, onSubmit }), then `new Card(checkout, options).mount(element)`; onSubmit
 * gets (state, component, actions) and must send state.data to the server and settle with
 * actions.resolve({ resultCode }) or, when the server answers Adyen's action, actions.resolve({
 * resultCode, action }) so the component handles it; onAdditionalDetails(state, component,
 * actions) sends state.data (details with threeDSResult) to the server, or actions.reject().
 */
import { render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdyenPaymentSetup } from '../api/setup-payment.ts';

const adyen = vi.hoisted(() => ({
  options: undefined as Record<string, any> | undefined,
  checkout: undefined as object | undefined,
  card: vi.fn(),
  mounted: vi.fn(),
}));
vi.mock('@adyen/adyen-web/styles/adyen.css', () => ({}));
vi.mock('@adyen/adyen-web', () => ({
  AdyenCheckout: async (options: Record<string, any>) => {
    adyen.options = options;
    adyen.checkout = { options };
    return adyen.checkout;
  },
  Card: class {
    constructor(checkout: object, options: object) {
      adyen.card(checkout, options);
    }
    mount(element: HTMLElement) {
      adyen.mounted(element);
    }
    unmount() {}
  },
}));

const { AdyenForm } = await import('./adyen-form.tsx');

beforeEach(() => {
  vi.clearAllMocks();
  adyen.options = undefined;
});

const setup: AdyenPaymentSetup = {
  provider: 'adyen',
  clientKey: 'live_CLIENTKEY',
  environment: 'live-us',
  paymentMethods: [{ type: 'scheme', name: 'Cards', brands: ['visa', 'mc'] }],
  amount: { value: 149.5, currency: 'EUR', formatted: '149,50 €' },
  sandbox: false,
};

/**
 * A card component's state.data as Adyen Web v6 hands it to onSubmit (BaseElement `data`: the risk
 * module's `riskData.clientData`, the card's formatData with the `checkoutAttemptId` and `sdkData` it
 * adds to the method, browserInfo, origin, and `clientStateDataIndicator: true`).
 */
const stateData = {
  riskData: {
    clientData: 'eyJ2ZXJzaW9uIjoiMS4wLjAiLCJkZXZpY2VGaW5nZXJwcmludCI6IjFCMk0yWThBc2cwMDAwMDAwMDAwMDAwMDAwIn0=',
  },
  paymentMethod: {
    type: 'scheme',
    encryptedCardNumber: 'adyenjs_0_1_25$number',
    encryptedExpiryMonth: 'adyenjs_0_1_25$month',
    encryptedExpiryYear: 'adyenjs_0_1_25$year',
    encryptedSecurityCode: 'adyenjs_0_1_25$cvc',
    holderName: 'Alex Owner',
    brand: 'visa',
    checkoutAttemptId: '6a0a9b2c-2b9e-4d47-9d39-1f5c8e3f0b1a1700000000000ABCDEF',
    sdkData: 'eyJzY2hlbWFWZXJzaW9uIjoxLCJjcmVhdGVkQXQiOjE3MDAwMDAwMDAwMDB9',
  },
  browserInfo: {
    acceptHeader: '*/*',
    colorDepth: 24,
    language: 'fr-FR',
    javaEnabled: false,
    screenHeight: 900,
    screenWidth: 1440,
    userAgent: 'Mozilla/5.0',
    timeZoneOffset: -60,
  },
  origin: 'https://shop.aurora.example',
  clientStateDataIndicator: true,
};

describe("Adyen's card component (live mode)", () => {
  it('when it mounts, then AdyenCheckout gets the configured environment, client key, locale, country, amount and handlers', async () => {
    const { container } = render(<AdyenForm setup={setup} locale="fr-FR" country="FR" onPay={vi.fn()} />);
    await waitFor(() => expect(adyen.mounted).toHaveBeenCalled());
    expect(adyen.options).toMatchObject({
      clientKey: 'live_CLIENTKEY',
      // ADYEN_ENVIRONMENT through the payment set-up, with its region (not derived from NODE_ENV).
      environment: 'live-us',
      locale: 'fr-FR',
      countryCode: 'FR',
      amount: { value: 14950, currency: 'EUR' },
      paymentMethodsResponse: { paymentMethods: [{ type: 'scheme', name: 'Cards', brands: ['visa', 'mc'] }] },
    });
    expect(adyen.options!.onSubmit).toBeTypeOf('function');
    // The Card is created on that checkout instance and mounted in the form's element.
    expect(adyen.card).toHaveBeenCalledWith(adyen.checkout, { hasHolderName: true, holderNameRequired: true });
    expect(adyen.mounted).toHaveBeenCalledWith(container.querySelector('.adyen-card'));
  });

  it('when the shopper submits, then the whole state.data goes to the order, riskData and clientStateDataIndicator too (issue 31), and the component is resolved', async () => {
    const onPay = vi.fn().mockResolvedValue(undefined);
    render(<AdyenForm setup={setup} locale="fr-FR" country="FR" onPay={onPay} />);
    await waitFor(() => expect(adyen.options).toBeDefined());
    const actions = { resolve: vi.fn(), reject: vi.fn() };
    await adyen.options!.onSubmit({ data: structuredClone(stateData), isValid: true }, {}, actions);
    // Every field as the component gave it; the proxy adds amount, reference, shopperReference... itself.
    expect(onPay).toHaveBeenCalledWith({
      provider: 'adyen',
      paymentMethodType: 'CREDIT_CARD',
      adyenStateData: stateData,
    });
    expect(actions.resolve).toHaveBeenCalledWith({ resultCode: 'Authorised' });
    expect(actions.reject).not.toHaveBeenCalled();
  });

  it('when the component collected a billing address, then it goes with the state.data as given', async () => {
    const onPay = vi.fn().mockResolvedValue(undefined);
    render(<AdyenForm setup={setup} locale="fr-FR" country="FR" onPay={onPay} />);
    await waitFor(() => expect(adyen.options).toBeDefined());
    const billingAddress = {
      street: 'Rue de Rivoli',
      houseNumberOrName: '8',
      postalCode: '75004',
      city: 'Paris',
      stateOrProvince: 'N/A',
      country: 'FR',
    };
    const data = { ...structuredClone(stateData), billingAddress };
    await adyen.options!.onSubmit({ data, isValid: true }, {}, { resolve: vi.fn(), reject: vi.fn() });
    expect(onPay.mock.calls[0]![0].adyenStateData).toEqual({ ...stateData, billingAddress });
  });

  it('when the order fails, then the component is rejected and not resolved', async () => {
    const onPay = vi.fn().mockRejectedValue(new Error('refused'));
    render(<AdyenForm setup={setup} locale="fr-FR" country="FR" onPay={onPay} />);
    await waitFor(() => expect(adyen.options).toBeDefined());
    const actions = { resolve: vi.fn(), reject: vi.fn() };
    await adyen.options!.onSubmit({ data: stateData, isValid: true }, {}, actions);
    expect(actions.reject).toHaveBeenCalled();
    expect(actions.resolve).not.toHaveBeenCalled();
  });

  it('when the order answers an Adyen action, then actions.resolve gets { resultCode, action } as Adyen gave it', async () => {
    const answer = {
      resultCode: 'ChallengeShopper',
      action: {
        type: 'threeDS2',
        subtype: 'challenge',
        paymentMethodType: 'scheme',
        token: 'eyJhY3NUcmFuc0lEIjoiMSJ9',
        authorisationToken: 'auth-token',
      },
    };
    const onPay = vi.fn().mockResolvedValue(answer);
    render(<AdyenForm setup={setup} locale="fr-FR" country="FR" onPay={onPay} />);
    await waitFor(() => expect(adyen.options).toBeDefined());
    const actions = { resolve: vi.fn(), reject: vi.fn() };
    await adyen.options!.onSubmit({ data: stateData, isValid: true }, {}, actions);
    // The component handles the action itself (advanced flow): nothing is resolved as Authorised.
    expect(actions.resolve).toHaveBeenCalledTimes(1);
    expect(actions.resolve).toHaveBeenCalledWith(answer);
    expect(actions.reject).not.toHaveBeenCalled();
  });

  it('when a POST redirect is answered, then the action with its method and data goes to actions.resolve', async () => {
    const answer = {
      resultCode: 'RedirectShopper',
      action: {
        type: 'redirect',
        method: 'POST',
        paymentMethodType: 'scheme',
        url: 'https://issuer.example/3ds',
        data: { MD: 'md', PaReq: 'pareq', TermUrl: 'https://shop.aurora.example/fr-FR/payment-confirmation' },
      },
    };
    render(<AdyenForm setup={setup} locale="fr-FR" country="FR" onPay={vi.fn().mockResolvedValue(answer)} />);
    await waitFor(() => expect(adyen.options).toBeDefined());
    const actions = { resolve: vi.fn(), reject: vi.fn() };
    await adyen.options!.onSubmit({ data: stateData, isValid: true }, {}, actions);
    expect(actions.resolve).toHaveBeenCalledWith(answer);
  });

  it('when the component has additional details, then onAdditionalDetails posts state.data and resolves', async () => {
    const onDetails = vi.fn().mockResolvedValue(undefined);
    render(<AdyenForm setup={setup} locale="fr-FR" country="FR" onPay={vi.fn()} onDetails={onDetails} />);
    await waitFor(() => expect(adyen.options).toBeDefined());
    const actions = { resolve: vi.fn(), reject: vi.fn() };
    await adyen.options!.onAdditionalDetails(
      { data: { details: { threeDSResult: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ==' } } },
      {},
      actions,
    );
    expect(onDetails).toHaveBeenCalledWith({ details: { threeDSResult: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ==' } });
    expect(actions.resolve).toHaveBeenCalledWith({ resultCode: 'Authorised' });
    expect(actions.reject).not.toHaveBeenCalled();
  });

  it('when the details are answered another action, then actions.resolve gets it (a challenge after the fingerprint)', async () => {
    const next = {
      resultCode: 'ChallengeShopper',
      action: {
        type: 'threeDS2',
        subtype: 'challenge',
        paymentMethodType: 'scheme',
        token: 'tok',
        authorisationToken: 'a',
      },
    };
    render(
      <AdyenForm
        setup={setup}
        locale="fr-FR"
        country="FR"
        onPay={vi.fn()}
        onDetails={vi.fn().mockResolvedValue(next)}
      />,
    );
    await waitFor(() => expect(adyen.options).toBeDefined());
    const actions = { resolve: vi.fn(), reject: vi.fn() };
    await adyen.options!.onAdditionalDetails({ data: { details: { threeDSResult: 'fingerprint' } } }, {}, actions);
    expect(actions.resolve).toHaveBeenCalledWith(next);
  });

  it('when the details are refused, then onAdditionalDetails rejects the component', async () => {
    const onDetails = vi.fn().mockRejectedValue(new Error('refused'));
    render(<AdyenForm setup={setup} locale="fr-FR" country="FR" onPay={vi.fn()} onDetails={onDetails} />);
    await waitFor(() => expect(adyen.options).toBeDefined());
    const actions = { resolve: vi.fn(), reject: vi.fn() };
    await adyen.options!.onAdditionalDetails({ data: { details: { threeDSResult: 'x' } } }, {}, actions);
    expect(actions.reject).toHaveBeenCalled();
    expect(actions.resolve).not.toHaveBeenCalled();
  });
});
