/**
 * Issue 31 (docs/decisions/020): every Adyen checkout keeps a reusable method for the renewals and
 * hands Adyen the component's whole state.data. Through the proxy against the in-process sandbox:
 * /payments carries `storePaymentMethod: true`, the customer's `shopperReference` (the commerce
 * customer id), Subscription and Ecommerce; the order records the token Adyen answers
 * (c_SNP_OMS_paymentMethodToken) with its shopperReference (c_SNP_OMS_adyenShopperReference), also
 * when only the RECURRING_CONTRACT webhook tells it; a renewal's ContAuth payment on that token and
 * shopperReference, sent straight to the sandbox's Adyen as the order-management system sends it, is
 * authorised. Storefront §3 Order fields, §4 "On payment".
 */
import { describe, expect, it, vi } from 'vitest';
import { CREDENTIALS } from '../../../../mocks/sandbox/src/seed.ts';
import { adyenHmacSignature } from '../../../../mocks/sandbox/src/upstreams/adyen/notifications.ts';
import { ADYEN_SEED, getStoredPaymentMethods, store } from '../../../../mocks/sandbox/src/upstreams/adyen/store.ts';
import { state } from '../../../../mocks/sandbox/src/upstreams/commerce/state.ts';
import { findPaymentRecord } from '../../../../mocks/sandbox/src/upstreams/som/state.ts';
import { ALEX_PAYMENT_RECORD_ID } from '../../../../mocks/sandbox/src/upstreams/som/seed-data.ts';
import { signedIn, toBillingStep, putAddress } from '../../testing/checkout-browser.ts';
import {
  ADYEN_BROWSER_INFO,
  adyenCardOf,
  challenge,
  FR_ADDRESS,
  newKey,
  payAdyen,
  token,
} from '../../testing/payments.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { readyBasket, TestShopper } from '../../testing/shop-client.ts';

const { url, shop, sandboxUrl } = useSandboxServer({ RATE_LIMIT_PAYMENT: '1000', RATE_LIMIT_LOGIN: '1000' });

async function frShopper(address: Record<string, unknown> = FR_ADDRESS) {
  const shopper = await new TestShopper(url).start('?locale=fr-FR');
  await readyBasket(shopper, { vin: 'ZAAAA1000AA000004', locale: 'fr-FR', address });
  return shopper;
}

/** The bodies the proxy sent to Adyen's /payments during `run`. */
async function paymentsSent<T>(run: () => Promise<T>): Promise<{ result: T; bodies: Record<string, unknown>[] }> {
  const post = vi.spyOn(shop.server.context.upstreams.adyen, 'POST');
  try {
    const result = await run();
    const calls = post.mock.calls as unknown as Array<[string, { body: Record<string, unknown> }]>;
    return { result, bodies: calls.filter(([path]) => path === '/payments').map(([, init]) => init.body) };
  } finally {
    post.mockRestore();
  }
}

/** The order's custom attributes as the commerce platform holds them. */
const orderFields = (orderNo: string) => state.orders.get(orderNo)!.custom;

/** The renewal the order-management system charges: the order's token and shopperReference, no shopper present. */
async function renewalCharge(orderNo: string) {
  const custom = orderFields(orderNo);
  const response = await fetch(`${sandboxUrl()}/adyen/v71/payments`, {
    method: 'POST',
    headers: { 'x-api-key': CREDENTIALS.adyen.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      amount: { currency: 'EUR', value: 4900 },
      merchantAccount: ADYEN_SEED.merchantAccount,
      reference: orderNo,
      returnUrl: 'https://oms.example/adyen-return',
      paymentMethod: { type: 'scheme', storedPaymentMethodId: custom.c_SNP_OMS_paymentMethodToken },
      shopperReference: custom.c_SNP_OMS_adyenShopperReference,
      shopperInteraction: 'ContAuth',
      recurringProcessingModel: 'Subscription',
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const STORED_FOR_RENEWALS = {
  storePaymentMethod: true,
  recurringProcessingModel: 'Subscription',
  shopperInteraction: 'Ecommerce',
};

describe('an Adyen checkout keeps a reusable method (issue 31, decision 020)', () => {
  it('when a guest pays by card in FR, then /payments stores it under the guest customer id and the order records the token and shopperReference, which a ContAuth renewal can charge', async () => {
    const shopper = await frShopper();
    const { result, bodies } = await paymentsSent(() => payAdyen(shopper, '4242424242424242'));
    expect(result.response.status).toBe(201);
    const orderNo = result.body.orderNo as string;
    const customerId = state.orders.get(orderNo)!.customerId;
    expect(bodies).toEqual([expect.objectContaining({ ...STORED_FOR_RENEWALS, shopperReference: customerId })]);
    const custom = orderFields(orderNo);
    const stored = getStoredPaymentMethods(customerId);
    expect(stored).toHaveLength(1);
    expect(custom).toMatchObject({
      c_SNP_OMS_paymentMethodToken: stored[0]!.id,
      c_SNP_OMS_adyenShopperReference: customerId,
    });
    const renewal = await renewalCharge(orderNo);
    expect(renewal).toMatchObject({ status: 200, body: { resultCode: 'Authorised' } });
  });

  it('when a 3-D Secure card (3184) pays in FR and the challenge is completed, then the token comes from /payments/details onto the order', async () => {
    const shopper = await frShopper();
    const { result: first, bodies } = await paymentsSent(() => payAdyen(shopper, '4000002760003184'));
    expect(first.response.status).toBe(202);
    expect(bodies[0]).toMatchObject(STORED_FOR_RENEWALS);
    const back = await challenge(first.body.redirectUrl, 'complete');
    const confirmed = await shopper.call('confirmPayment', 'POST', '/api/checkout/payment-confirmation', {
      orderNo: back.get('orderNo'),
      provider: 'adyen',
      redirectResult: back.get('redirectResult'),
    });
    expect(confirmed.body).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
    const orderNo = confirmed.body.orderNo as string;
    const customerId = state.orders.get(orderNo)!.customerId;
    expect(orderFields(orderNo)).toMatchObject({
      c_SNP_OMS_paymentMethodToken: getStoredPaymentMethods(customerId)[0]!.id,
      c_SNP_OMS_adyenShopperReference: customerId,
    });
    expect((await renewalCharge(orderNo)).body).toMatchObject({ resultCode: 'Authorised' });
  });

  it("when the component's real card state.data is placed, then /payments keeps every field Adyen's PaymentRequest has, and the billing address is whole: house number apart, the second line after the street", async () => {
    const shopper = await frShopper({ ...FR_ADDRESS, address2: 'Bâtiment B' });
    const card = await token(shopper, '4242424242424242', 'adyen');
    // Adyen Web v6's card state.data (client/src/features/payment/components/adyen-form.test.tsx holds the same shape).
    const stateData = {
      riskData: {
        clientData: 'eyJ2ZXJzaW9uIjoiMS4wLjAiLCJkZXZpY2VGaW5nZXJwcmludCI6IjFCMk0yWThBc2cwMDAwMDAwMDAwMDAwMDAwIn0=',
      },
      paymentMethod: {
        ...adyenCardOf(card),
        holderName: 'Alex Owner',
        brand: 'visa',
        checkoutAttemptId: '6a0a9b2c-2b9e-4d47-9d39-1f5c8e3f0b1a1700000000000ABCDEF',
        sdkData: 'eyJzY2hlbWFWZXJzaW9uIjoxLCJjcmVhdGVkQXQiOjE3MDAwMDAwMDAwMDB9',
      },
      browserInfo: ADYEN_BROWSER_INFO,
      origin: 'http://localhost:3000',
      clientStateDataIndicator: true,
    };
    const { result, bodies } = await paymentsSent(() =>
      shopper.call(
        'placeOrder',
        'POST',
        '/api/checkout/orders',
        { provider: 'adyen', paymentMethodType: 'CREDIT_CARD', adyenStateData: stateData },
        { 'idempotency-key': newKey() },
      ),
    );
    expect(result.response.status).toBe(201);
    const [body] = bodies;
    expect(body).toMatchObject({
      paymentMethod: stateData.paymentMethod,
      browserInfo: { ...ADYEN_BROWSER_INFO, javaScriptEnabled: true },
      origin: stateData.origin,
      riskData: stateData.riskData,
      billingAddress: {
        street: 'Rue de Rivoli, Bâtiment B',
        houseNumberOrName: '8',
        postalCode: '75004',
        city: 'Paris',
        country: 'FR',
      },
      shopperName: { firstName: 'Alex', lastName: 'Owner' },
      shopperEmail: 'gus.guest@example.com',
      channel: 'Web',
      ...STORED_FOR_RENEWALS,
    });
    // Adyen Web's own marker is no field of Adyen's v71 PaymentRequest, which refuses unknown fields.
    expect(body).not.toHaveProperty('clientStateDataIndicator');
  });

  it('when the state.data holds a field Adyen Web does not give (a stored method id, a risk profile), then 400 and nothing is paid', async () => {
    const shopper = await frShopper();
    const card = await token(shopper, '4242424242424242', 'adyen');
    for (const stateData of [
      { paymentMethod: { ...adyenCardOf(card), storedPaymentMethodId: ADYEN_SEED.alexStoredPaymentMethodId } },
      { paymentMethod: adyenCardOf(card), riskData: { clientData: 'x', profileReference: 'lenient' } },
      { paymentMethod: adyenCardOf(card), shopperReference: ADYEN_SEED.alexShopperReference },
    ]) {
      const { response } = await shopper.call(
        'placeOrder',
        'POST',
        '/api/checkout/orders',
        { provider: 'adyen', paymentMethodType: 'CREDIT_CARD', adyenStateData: stateData },
        { 'idempotency-key': newKey() },
      );
      expect(response.status).toBe(400);
    }
    expect(store.payments.size).toBe(0);
  });

  it('when only the RECURRING_CONTRACT webhook tells the token, then the order gets it with its shopperReference', async () => {
    const shopper = await frShopper();
    const placed = await payAdyen(shopper, '4242424242424242');
    const orderNo = placed.body.orderNo as string;
    const custom = orderFields(orderNo);
    const tokenAtAdyen = custom.c_SNP_OMS_paymentMethodToken as string;
    const shopperReference = custom.c_SNP_OMS_adyenShopperReference as string;
    // As if the answer had not named it (Adyen's "recurring details" additional data off).
    delete custom.c_SNP_OMS_paymentMethodToken;
    const payment = [...store.payments.values()].find((p) => p.merchantReference === orderNo)!;
    const unsigned = {
      amount: { ...payment.amount },
      eventCode: 'RECURRING_CONTRACT',
      eventDate: '2026-12-01T10:00:00+00:00',
      merchantAccountCode: ADYEN_SEED.merchantAccount,
      merchantReference: orderNo,
      originalReference: payment.pspReference,
      paymentMethod: 'visa',
      pspReference: tokenAtAdyen,
      reason: '',
      success: 'true' as const,
    };
    const item = {
      ...unsigned,
      additionalData: {
        'recurring.recurringDetailReference': tokenAtAdyen,
        'recurring.shopperReference': shopperReference,
        hmacSignature: adyenHmacSignature(unsigned, CREDENTIALS.adyen.hmacKey),
      },
    };
    const response = await fetch(url('/api/webhooks/adyen'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: item }] }),
    });
    expect(response.status).toBe(200);
    expect(orderFields(orderNo)).toMatchObject({
      c_SNP_OMS_paymentMethodToken: tokenAtAdyen,
      c_SNP_OMS_adyenShopperReference: shopperReference,
    });
  });

  it("when alex pays by card in FR, then it is stored under his customer id, and his account's saved method and the checkout's saved card read that token", async () => {
    const alex = await signedIn(shop, 'alex');
    await toBillingStep(alex, 'ZAAAA1000AA000004', { locale: 'fr-FR', address: FR_ADDRESS });
    await alex.call('setShippingMethod', '/api/basket/shipping-method', {
      method: 'PUT',
      body: JSON.stringify({ id: 'DIGITAL' }),
    });
    await putAddress(alex, 'setBillingAddress', FR_ADDRESS);
    const card = await alex.call('tokenizeSandboxCard', '/api/sandbox/card-tokens', {
      method: 'POST',
      body: JSON.stringify({ provider: 'adyen', number: '5555555555554444', expMonth: 11, expYear: 31, cvc: '123' }),
    });
    const { result, bodies } = await paymentsSent(() =>
      alex.call('placeOrder', '/api/checkout/orders', {
        method: 'POST',
        headers: { 'idempotency-key': newKey() },
        body: JSON.stringify({
          provider: 'adyen',
          paymentMethodType: 'CREDIT_CARD',
          adyenStateData: { paymentMethod: adyenCardOf(card.body), browserInfo: ADYEN_BROWSER_INFO },
        }),
      }),
    );
    expect(result.response.status).toBe(201);
    expect(bodies[0]).toMatchObject({ ...STORED_FOR_RENEWALS, shopperReference: ADYEN_SEED.alexShopperReference });
    const custom = orderFields(result.body.orderNo);
    expect(custom.c_SNP_OMS_adyenShopperReference).toBe(ADYEN_SEED.alexShopperReference);
    // The order-management system makes the order's token the account's saved method.
    findPaymentRecord(ALEX_PAYMENT_RECORD_ID)!.token = custom.c_SNP_OMS_paymentMethodToken as string;
    const page = await alex.call('getPaymentMethod', '/api/account/payment-method');
    expect(page.body.paymentMethod).toMatchObject({ expMonth: 11, expYear: 2031 });
    // The expiry is the card's as Adyen holds it under alex's shopperReference (the record's is 12/2030).
    const setup = await alex.call('setupPayment', '/api/checkout/payment-setup', {
      method: 'POST',
      body: JSON.stringify({}),
    });
    expect(setup.body.savedPaymentMethod).toMatchObject({ expMonth: 11, expYear: 2031, expired: false });
  });
});
