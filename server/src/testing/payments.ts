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

export async function token(shopper: TestShopper, number: string, provider: 'stripe' | 'adyen' = 'stripe') {
  const { response, body } = await shopper.call('tokenizeSandboxCard', 'POST', '/api/sandbox/card-tokens', {
    provider,
    number,
    expMonth: 12,
    expYear: 30,
    cvc: '123',
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

export async function payAdyen(shopper: TestShopper, number: string, key = newKey()) {
  const card = await token(shopper, number, 'adyen');
  return shopper.call(
    'placeOrder',
    'POST',
    '/api/checkout/orders',
    {
      provider: 'adyen',
      paymentMethodType: 'CREDIT_CARD',
      adyenPaymentMethod: {
        type: 'scheme',
        encryptedCardNumber: card.encryptedCardNumber,
        encryptedExpiryMonth: card.encryptedExpiryMonth,
        encryptedExpiryYear: card.encryptedExpiryYear,
        encryptedSecurityCode: card.encryptedSecurityCode,
      },
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
