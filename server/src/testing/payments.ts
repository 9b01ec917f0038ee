/**
 * Test-only: paying through the proxy as the checkout does (sandbox card tokens, placeOrder with a
 * fresh Idempotency-Key, the sandbox's 3-D Secure and bank pages). Shared by the checkout's route
 * tests; never imported by app code.
 */
import { expect } from 'vitest';
import type { TestShopper } from './shop-client.ts';

let keys = 0;
export const newKey = () => `test-key-${Date.now()}-${(keys += 1)}`;

export const FR_ADDRESS = {
  firstName: 'Alex',
  lastName: 'Owner',
  countryCode: 'FR',
  address1: '8 Rue de Rivoli',
  city: 'Paris',
  postalCode: '75004',
};

/**
 * The options a Stripe market's Elements group is created with, from the payment setup, as the
 * sandbox card form sends them to stand in for Stripe.js (the sandbox refuses a card without them).
 */
export async function stripeElementsOf(shopper: TestShopper) {
  const setup = await shopper.call('setupPayment', 'POST', '/api/checkout/payment-setup', {
    context: 'accountPaymentMethod',
  });
  expect(setup.response.status).toBe(200);
  return setup.body.elementsOptions;
}

export async function token(shopper: TestShopper, number: string, provider: 'stripe' | 'adyen' = 'stripe') {
  const { response, body } = await shopper.call('tokenizeSandboxCard', 'POST', '/api/sandbox/card-tokens', {
    provider,
    number,
    expMonth: 12,
    expYear: 30,
    cvc: '123',
    ...(provider === 'stripe' ? { stripeElements: await stripeElementsOf(shopper) } : {}),
  });
  expect(response.status).toBe(201);
  return body;
}

export async function payStripe(shopper: TestShopper, number: string, key = newKey()) {
  const card = await token(shopper, number);
  return shopper.call(
    'placeOrder',
    'POST',
    '/api/checkout/orders',
    { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken: card.token },
    { 'idempotency-key': key },
  );
}

/** The browserInfo an Adyen component's state.data carries (as the sandbox card form builds it). */
export const ADYEN_BROWSER_INFO = {
  acceptHeader: '*/*',
  colorDepth: 24,
  javaEnabled: false,
  language: 'fr-FR',
  screenHeight: 900,
  screenWidth: 1440,
  timeZoneOffset: -60,
  userAgent: 'Mozilla/5.0 (proxy test)',
};

/** The Adyen card component's paymentMethod (state.data.paymentMethod) for a sandbox card token. */
export const adyenCardOf = (card: {
  encryptedCardNumber: string;
  encryptedExpiryMonth: string;
  encryptedExpiryYear: string;
  encryptedSecurityCode: string;
}) => ({
  type: 'scheme' as const,
  encryptedCardNumber: card.encryptedCardNumber,
  encryptedExpiryMonth: card.encryptedExpiryMonth,
  encryptedExpiryYear: card.encryptedExpiryYear,
  encryptedSecurityCode: card.encryptedSecurityCode,
});

/** The Adyen card component's state.data for a sandbox card token (3-D Secure 2 needs the browser). */
export const adyenStateDataOf = (card: Parameters<typeof adyenCardOf>[0]) => ({
  paymentMethod: adyenCardOf(card),
  browserInfo: ADYEN_BROWSER_INFO,
  origin: 'http://localhost:3000',
  clientStateDataIndicator: true,
});

/** Pays the basket with an Adyen card; `extra` goes into the body and into the state.data (tampering tests). */
export async function payAdyen(
  shopper: TestShopper,
  number: string,
  key = newKey(),
  extra: Record<string, unknown> = {},
) {
  const card = await token(shopper, number, 'adyen');
  return shopper.call(
    'placeOrder',
    'POST',
    '/api/checkout/orders',
    {
      provider: 'adyen',
      paymentMethodType: 'CREDIT_CARD',
      adyenStateData: { ...adyenStateDataOf(card), ...extra },
      ...extra,
    },
    { 'idempotency-key': key },
  );
}

/** Presses Complete or Fail on the sandbox's 3-D Secure page; answers the return URL's query. */
export async function challenge(redirectUrl: string, outcome: 'complete' | 'fail'): Promise<URLSearchParams> {
  const response = await fetch(redirectUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!).searchParams;
}

/** The browser's return from Stripe's 3-D Secure or bank page, sent on as /payment-confirmation sends it. */
export function confirmStripeReturn(shopper: TestShopper, back: URLSearchParams) {
  return shopper.call('confirmPayment', 'POST', '/api/checkout/payment-confirmation', {
    orderNo: back.get('orderNo'),
    provider: 'stripe',
    setup_intent: back.get('setup_intent'),
    redirect_status: back.get('redirect_status'),
  });
}

/**
 * The order system's spelling of each front-end payment type, as storefront §3 lists them ("Order-system
 * payment types: IDEAL, Credit Card, GooglePay, ApplePay, BANCONTACT"): what an order's c_payment_type holds.
 */
export const ORDER_SYSTEM_TYPE_OF: Record<string, string> = {
  CREDIT_CARD: 'Credit Card',
  IDEAL: 'IDEAL',
  BANCONTACT: 'BANCONTACT',
  GOOGLE_PAY: 'GooglePay',
  APPLE_PAY: 'ApplePay',
};
