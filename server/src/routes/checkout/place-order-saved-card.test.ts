/**
 * The saved card at checkout through the proxy against the in-process sandbox (storefront §6
 * "Registered customers get saved addresses and saved payment methods"; account §1 one saved
 * method, §5 card expiry). The payment setup offers the account's stored card while its provider
 * holds it unexpired; an order that asks for it pays with the stored record's method, never one the
 * browser names: Stripe confirms the checkout's SetupIntent with that PaymentMethod for its customer
 * (docs.stripe.com/api/setup_intents/create), Adyen pays its storedPaymentMethodId as a card-on-file
 * payment (docs.adyen.com/online-payments/tokenization/make-token-payments). Sandbox seed: alex's
 * record holds the Visa ending 4242 of the Stripe stand-in (pm_SandboxVisa4242 of cus_SandboxAlex01);
 * the Adyen stand-in holds a Visa 4242 under his shopperReference; kim has no saved method.
 */
import { describe, expect, it } from 'vitest';
import { ADYEN_SEED, adyenLedger, getPayment } from '../../../../mocks/sandbox/src/upstreams/adyen/store.ts';
import { findPaymentRecord } from '../../../../mocks/sandbox/src/upstreams/som/state.ts';
import { ALEX_PAYMENT_RECORD_ID } from '../../../../mocks/sandbox/src/upstreams/som/seed-data.ts';
import { store as stripeStore, STRIPE_SEED } from '../../../../mocks/sandbox/src/upstreams/stripe/store.ts';
import { FR_ADDRESS, newKey } from '../../testing/payments.ts';
import { ALEX_GB_ADDRESS, guest, putAddress, signedIn, toBillingStep } from '../../testing/checkout-browser.ts';
import type { ShopBrowser } from '../../testing/shop-browser.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';

const { shop } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_PAYMENT: '1000' });

const GB_BILLING = ALEX_GB_ADDRESS;

const IT_ADDRESS = { ...FR_ADDRESS, countryCode: 'IT', address1: 'Via del Corso 1', city: 'Roma', postalCode: '00186' };

/** At the payment step: the basket of `vin` with its shipping and billing addresses. */
async function atPayment(browser: ShopBrowser, vin: string, locale = 'en-GB', email?: string) {
  const address = locale === 'fr-FR' ? FR_ADDRESS : locale === 'it-IT' ? IT_ADDRESS : GB_BILLING;
  await toBillingStep(browser, vin, { locale, address, ...(email ? { email } : {}) });
  const method = await browser.call('setShippingMethod', '/api/basket/shipping-method', {
    method: 'PUT',
    body: JSON.stringify({ id: 'DIGITAL' }),
  });
  expect(method.response.status).toBe(200);
  expect((await putAddress(browser, 'setBillingAddress', address)).response.status).toBe(200);
}

const setupOf = async (browser: ShopBrowser) => {
  const { response, body } = await browser.call('setupPayment', '/api/checkout/payment-setup', {
    method: 'POST',
    body: JSON.stringify({}),
  });
  expect(response.status).toBe(200);
  return body;
};

const placeOrder = (browser: ShopBrowser, body: object) =>
  browser.call('placeOrder', '/api/checkout/orders', {
    method: 'POST',
    headers: { 'idempotency-key': newKey() },
    body: JSON.stringify(body),
  });

const itemCount = async (browser: ShopBrowser) =>
  (await browser.call('getCheckoutState', '/api/checkout')).body.basket.itemCount as number;

describe('the saved card offered at the payment step (storefront §6)', () => {
  it('when alex reaches payment in GB, then his saved Visa ending 4242 is offered with its expiry', async () => {
    const alex = await signedIn(shop, 'alex');
    await atPayment(alex, 'ZAAAA1000AA000001');
    expect((await setupOf(alex)).savedPaymentMethod).toMatchObject({
      type: 'CREDIT_CARD',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      expired: false,
    });
  });

  it('when a guest or kim (no saved method) reaches payment, then no saved card is offered', async () => {
    const browser = await guest(shop);
    await atPayment(browser, 'ZAAAA1000AA000001', 'en-GB', 'gus.guest@example.com');
    expect((await setupOf(browser)).savedPaymentMethod).toBeNull();
    const kim = await signedIn(shop, 'kim');
    await atPayment(kim, 'ZAAAA1000AA000013', 'it-IT');
    expect((await setupOf(kim)).savedPaymentMethod).toBeNull();
  });

  it('when the saved card has expired at the provider, then it is not offered and an order asking for it gets 422', async () => {
    const expired = await fetch(`${shop.root}/__sandbox/payment-methods/${STRIPE_SEED.alexPaymentMethodId}/expiry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expMonth: 1, expYear: 2024 }),
    });
    expect(expired.status).toBe(200);
    const alex = await signedIn(shop, 'alex');
    await atPayment(alex, 'ZAAAA1000AA000001');
    expect((await setupOf(alex)).savedPaymentMethod).toBeNull();
    const { response, body } = await placeOrder(alex, {
      provider: 'stripe',
      paymentMethodType: 'CREDIT_CARD',
      useSavedPaymentMethod: true,
    });
    expect(response.status).toBe(422);
    expect(body).toMatchObject({
      type: 'https://shop.example/problems/saved-payment-method-unavailable',
      paymentErrorKind: 'validation_error',
    });
    expect(await itemCount(alex)).toBe(1);
  });

  it("when alex is in an Adyen market while his record holds a Stripe card, then none is offered: Adyen doesn't hold it", async () => {
    const alex = await signedIn(shop, 'alex');
    await atPayment(alex, 'ZAAAA1000AA000004', 'fr-FR');
    expect((await setupOf(alex)).savedPaymentMethod).toBeNull();
  });
});

describe('placing an order with the saved card (storefront §4 "On payment", §6)', () => {
  it("when alex pays with his saved card (Stripe), then the checkout's SetupIntent is confirmed with his stored PaymentMethod for his customer and the order is new", async () => {
    const alex = await signedIn(shop, 'alex');
    await atPayment(alex, 'ZAAAA1000AA000001');
    const before = new Set(stripeStore.setupIntents.keys());
    const { response, body } = await placeOrder(alex, {
      provider: 'stripe',
      paymentMethodType: 'CREDIT_CARD',
      useSavedPaymentMethod: true,
    });
    expect(response.status).toBe(201);
    expect(body).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
    const created = [...stripeStore.setupIntents.values()].filter((i) => !before.has(i.object.id));
    expect(created).toHaveLength(1);
    expect(created[0]!.object).toMatchObject({
      customer: STRIPE_SEED.alexCustomerId,
      payment_method: STRIPE_SEED.alexPaymentMethodId,
      status: 'succeeded',
      usage: 'off_session',
    });
    const confirmation = await alex.call('getOrderConfirmation', `/api/checkout/confirmation/${body.orderNo}`);
    expect(confirmation.body.paymentMethod).toMatchObject({ last4: '4242' });
  });

  it('when a guest asks for the saved card, then 422 and nothing is written: no order, the basket kept', async () => {
    const browser = await guest(shop);
    await atPayment(browser, 'ZAAAA1000AA000001', 'en-GB', 'gus.guest@example.com');
    const intents = stripeStore.setupIntents.size;
    const { response, body } = await placeOrder(browser, {
      provider: 'stripe',
      paymentMethodType: 'CREDIT_CARD',
      useSavedPaymentMethod: true,
    });
    expect(response.status).toBe(422);
    expect(body.type).toBe('https://shop.example/problems/saved-payment-method-unavailable');
    expect(stripeStore.setupIntents.size).toBe(intents);
    expect(await itemCount(browser)).toBe(1);
  });

  it('when an order names the saved card and another method, then 400: one method per order', async () => {
    const alex = await signedIn(shop, 'alex');
    await atPayment(alex, 'ZAAAA1000AA000001');
    const { response, body } = await placeOrder(alex, {
      provider: 'stripe',
      paymentMethodType: 'CREDIT_CARD',
      useSavedPaymentMethod: true,
      stripePaymentMethodId: 'pm_SomeoneElsesCard',
    });
    expect(response.status).toBe(400);
    expect(body.errors[0]).toMatchObject({ field: '/useSavedPaymentMethod' });
    expect(await itemCount(alex)).toBe(1);
  });

  it("when alex's record holds his Adyen card and he pays with it in FR, then Adyen gets the token as a card-on-file payment of his shopperReference", async () => {
    findPaymentRecord(ALEX_PAYMENT_RECORD_ID)!.token = ADYEN_SEED.alexStoredPaymentMethodId;
    const alex = await signedIn(shop, 'alex');
    await atPayment(alex, 'ZAAAA1000AA000004', 'fr-FR');
    expect((await setupOf(alex)).savedPaymentMethod).toMatchObject({ last4: '4242', expired: false });
    const { response, body } = await placeOrder(alex, {
      provider: 'adyen',
      paymentMethodType: 'CREDIT_CARD',
      useSavedPaymentMethod: true,
    });
    expect(response.status).toBe(201);
    expect(body).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
    const charge = adyenLedger().find((c) => c.merchantReference === body.orderNo)!;
    expect(getPayment(charge.pspReference)).toMatchObject({
      storedPaymentMethodId: ADYEN_SEED.alexStoredPaymentMethodId,
      shopperReference: ADYEN_SEED.alexShopperReference,
      shopperInteraction: 'ContAuth',
      recurringProcessingModel: 'CardOnFile',
      storePaymentMethod: false,
    });
  });
});
