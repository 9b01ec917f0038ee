/**
 * Placing and paying orders against the in-process sandbox (storefront §4 "On payment", §5 Card
 * form, §8 payment errors; DESIGN.md test cards and provider per market). Every answer is checked
 * against proxy.yaml.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { GUEST_ADDRESS, readyBasket, TestShopper } from '../../testing/shop-client.ts';

const { url } = useSandboxServer({ RATE_LIMIT_PAYMENT: '1000' });
let keys = 0;
const newKey = () => `test-key-${Date.now()}-${(keys += 1)}`;

const FR_ADDRESS = {
  firstName: 'Alex',
  lastName: 'Owner',
  countryCode: 'FR',
  address1: '8 Rue de Rivoli',
  city: 'Paris',
  postalCode: '75004',
};

async function token(shopper: TestShopper, number: string, provider: 'stripe' | 'adyen' = 'stripe') {
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

async function payStripe(shopper: TestShopper, number: string, key = newKey()) {
  const card = await token(shopper, number);
  return shopper.call(
    'placeOrder',
    'POST',
    '/api/checkout/orders',
    { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken: card.token },
    { 'idempotency-key': key },
  );
}

async function payAdyen(shopper: TestShopper, number: string, key = newKey()) {
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
async function challenge(redirectUrl: string, outcome: 'complete' | 'fail'): Promise<URLSearchParams> {
  const response = await fetch(redirectUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!).searchParams;
}

describe('sandbox card tokens (storefront §5 Card form messages)', () => {
  it.each([
    ['4242 4242', 12, 30, '123', 'Your card number is incomplete.'],
    ['4242 4242 4242 4241', 12, 30, '123', 'Your card number is invalid'],
    ['4242 4242 4242 4242', 1, 20, '123', 'Your card expiration year is in the past'],
    ['4242 4242 4242 4242', 12, 30, '12', "Your card's security code is incomplete."],
  ])('when %s %s/%s cvc %s is sent, then 400 "%s"', async (number, expMonth, expYear, cvc, message) => {
    const shopper = await new TestShopper(url).start();
    const { response, body } = await shopper.call('tokenizeSandboxCard', 'POST', '/api/sandbox/card-tokens', {
      provider: 'stripe',
      number,
      expMonth,
      expYear,
      cvc,
    });
    expect(response.status).toBe(400);
    expect(body.detail).toBe(message);
  });

  it('when an Adyen card is tokenised, then the test_ encrypted fields', async () => {
    const shopper = await new TestShopper(url).start();
    const body = await token(shopper, '4242 4242 4242 4242', 'adyen');
    expect(body).toMatchObject({ encryptedCardNumber: 'test_4242424242424242', last4: '4242', expYear: 2030 });
  });
});

describe('placeOrder with Stripe (GB)', () => {
  it('when 4242 pays, then the order is new, the basket empty and the confirmation readable', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const setup = await shopper.call('setupPayment', 'POST', '/api/checkout/payment-setup', { context: 'checkout' });
    expect(setup.body).toMatchObject({ provider: 'stripe', sandbox: true, amount: { currency: 'GBP' } });
    const { response, body } = await payStripe(shopper, '4242424242424242');
    expect(response.status).toBe(201);
    expect(body).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
    const confirmation = await shopper.call(
      'getOrderConfirmation',
      'GET',
      `/api/checkout/confirmation/${body.orderNo}`,
    );
    expect(confirmation.body).toMatchObject({
      orderNo: body.orderNo,
      status: 'new',
      paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      vehicle: { vin: 'ZAAAA1000AA000001', autoRenewal: true },
    });
    // Vehicle 1 expires in 30 days: the 12 months run on from that day, the next payment date.
    const expiry = new Date(Date.now() + 30 * 864e5);
    expiry.setUTCMonth(expiry.getUTCMonth() + 12);
    expect(confirmation.body.vehicle.nextPaymentDate).toBe(expiry.toISOString().slice(0, 10));
    expect((await shopper.call('getCheckoutState', 'GET', '/api/checkout')).response.status).toBe(409);
    const stranger = await new TestShopper(url).start();
    expect(
      (await stranger.call('getOrderConfirmation', 'GET', `/api/checkout/confirmation/${body.orderNo}`)).response
        .status,
    ).toBe(404);
  });

  it('when 0002 is declined, then 402 card_error, the order failed, the basket kept, and a retry with 4242 succeeds', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const declined = await payStripe(shopper, '4000000000000002');
    expect(declined.response.status).toBe(402);
    expect(declined.body).toMatchObject({ paymentErrorKind: 'card_error', detail: 'Your card was declined.' });
    const state = await shopper.call('getCheckoutState', 'GET', '/api/checkout');
    expect(state.body).toMatchObject({ step: 4, basket: { itemCount: 1 } });
    const retry = await payStripe(shopper, '4242424242424242');
    expect(retry.response.status).toBe(201);
    expect(retry.body.orderNo).not.toBe(undefined);
  });

  it('when the same Idempotency-Key is sent twice, concurrently, then one order and the same answer', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const card = await token(shopper, '4242424242424242');
    const key = newKey();
    const send = () =>
      shopper.call(
        'placeOrder',
        'POST',
        '/api/checkout/orders',
        { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken: card.token },
        { 'idempotency-key': key },
      );
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.body).toEqual(b.body);
    expect(a.response.status).toBe(201);
    const other = await shopper.call(
      'placeOrder',
      'POST',
      '/api/checkout/orders',
      { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken: card.token },
      { 'idempotency-key': newKey() },
    );
    expect(other.response.status).toBe(422);
  });

  it('when the key is reused with another body, then 409', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const key = newKey();
    await payStripe(shopper, '4242424242424242', key);
    const card = await token(shopper, '4000008260000000');
    const again = await shopper.call(
      'placeOrder',
      'POST',
      '/api/checkout/orders',
      { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken: card.token },
      { 'idempotency-key': key },
    );
    expect(again.response.status).toBe(409);
  });

  it('when 3184 needs 3-D Secure and it is completed, then confirmPayment places the order', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const first = await payStripe(shopper, '4000002760003184');
    expect(first.response.status).toBe(202);
    expect(first.body).toMatchObject({ outcome: 'actionRequired', actionType: 'threeDSecure' });
    const back = await challenge(first.body.redirectUrl, 'complete');
    expect(back.get('orderNo')).toBe(first.body.orderNo);
    const confirmed = await shopper.call('confirmPayment', 'POST', '/api/checkout/payment-confirmation', {
      orderNo: back.get('orderNo'),
      provider: 'stripe',
      setup_intent: back.get('setup_intent'),
      redirect_status: back.get('redirect_status'),
    });
    expect(confirmed.response.status).toBe(200);
    expect(confirmed.body).toMatchObject({ outcome: 'orderPlaced', orderNo: first.body.orderNo, status: 'new' });
  });

  it('when the 3-D Secure challenge fails, then 402 card_authorisation_error and the basket is back', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const first = await payStripe(shopper, '4000002760003184');
    const back = await challenge(first.body.redirectUrl, 'fail');
    const confirmed = await shopper.call('confirmPayment', 'POST', '/api/checkout/payment-confirmation', {
      orderNo: back.get('orderNo'),
      provider: 'stripe',
      setup_intent: back.get('setup_intent'),
      redirect_status: back.get('redirect_status'),
    });
    expect(confirmed.response.status).toBe(402);
    expect(confirmed.body).toMatchObject({
      paymentErrorKind: 'card_authorisation_error',
      detail: 'There was a problem processing your payment approval',
    });
    expect((await shopper.call('getCheckoutState', 'GET', '/api/checkout')).body.basket.itemCount).toBe(1);
  });

  it('when a GB billing address meets an FR card (4000 0025 0000 0003), then 409 billing mismatch and no order', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const { response, body } = await payStripe(shopper, '4000002500000003');
    expect(response.status).toBe(409);
    expect(body.paymentErrorKind).toBe('billing_address_missmatch');
    expect((await shopper.call('getCheckoutState', 'GET', '/api/checkout')).body.basket.itemCount).toBe(1);
  });

  it('when the region has the billing-mismatch control off (DE), then a French card pays with a German address', async () => {
    const shopper = await new TestShopper(url).start('?locale=de-DE');
    await readyBasket(shopper, {
      vin: 'ZAAAA1000AA000005',
      locale: 'de-DE',
      address: {
        firstName: 'Kim',
        lastName: 'Driver',
        countryCode: 'DE',
        address1: 'Unter den Linden 1',
        city: 'Berlin',
        postalCode: '10117',
      },
    });
    const { response, body } = await payStripe(shopper, '4000002500000003');
    expect(response.status).toBe(201);
    expect(body.status).toBe('new');
  });

  it('when the basket has no billing address, then 422 naming it and nothing is written', async () => {
    const shopper = await new TestShopper(url).start();
    await shopper.call('getRenewalPage', 'GET', '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001');
    await shopper.call('renewItem', 'POST', '/api/basket/items', {
      productId: 'cn-connected-navigation',
      variantId: 'cn-connected-navigation-12m',
    });
    await shopper.call('setCustomerEmail', 'PUT', '/api/basket/customer', { email: 'a@example.com' });
    await shopper.call('setShippingAddress', 'PUT', '/api/basket/shipping-address', GUEST_ADDRESS);
    await shopper.call('setShippingMethod', 'PUT', '/api/basket/shipping-method', { id: 'DIGITAL' });
    const { response, body } = await payStripe(shopper, '4242424242424242');
    expect(response.status).toBe(422);
    expect(body.errors[0].field).toBe('/billingAddress');
  });

  it('when the Idempotency-Key header is missing, then 400', async () => {
    const shopper = await new TestShopper(url).start();
    const { response } = await shopper.call('placeOrder', 'POST', '/api/checkout/orders', {
      provider: 'stripe',
      paymentMethodType: 'CREDIT_CARD',
      sandboxCardToken: 'pm_x',
    });
    expect(response.status).toBe(400);
  });
});

describe('placeOrder with Adyen (FR)', () => {
  async function frShopper() {
    const shopper = await new TestShopper(url).start('?locale=fr-FR');
    await readyBasket(shopper, { vin: 'ZAAAA1000AA000004', locale: 'fr-FR', address: FR_ADDRESS });
    return shopper;
  }

  it('when 4242 pays in FR, then Adyen authorises and the order is new', async () => {
    const shopper = await frShopper();
    const setup = await shopper.call('setupPayment', 'POST', '/api/checkout/payment-setup', {});
    expect(setup.body).toMatchObject({ provider: 'adyen', clientKey: 'test_SANDBOXCLIENTKEY' });
    const { response, body } = await payAdyen(shopper, '4242424242424242');
    expect(response.status).toBe(201);
    expect(body.status).toBe('new');
  });

  it('when 0002 is refused by Adyen, then 402 card_error and the basket kept', async () => {
    const shopper = await frShopper();
    const { response, body } = await payAdyen(shopper, '4000000000000002');
    expect(response.status).toBe(402);
    expect(body.paymentErrorKind).toBe('card_error');
    expect((await shopper.call('getCheckoutState', 'GET', '/api/checkout')).body.basket.itemCount).toBe(1);
  });

  it('when 3184 is challenged and completed, then /payments/details authorises it', async () => {
    const shopper = await frShopper();
    const first = await payAdyen(shopper, '4000002760003184');
    expect(first.response.status).toBe(202);
    const response = await fetch(first.body.redirectUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
    });
    const back = new URL(response.headers.get('location')!).searchParams;
    const confirmed = await shopper.call('confirmPayment', 'POST', '/api/checkout/payment-confirmation', {
      orderNo: back.get('orderNo'),
      provider: 'adyen',
      redirectResult: back.get('redirectResult'),
    });
    expect(confirmed.body).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
  });

  it('when a GB card (4000 0082 6000 0000) pays with an FR billing address, then 409 billing mismatch', async () => {
    const shopper = await frShopper();
    const { response, body } = await payAdyen(shopper, '4000008260000000');
    expect(response.status).toBe(409);
    expect(body.paymentErrorKind).toBe('billing_address_missmatch');
  });
});

describe('bank methods in the sandbox (storefront §7 front-end payment types: iDEAL in NL, Bancontact in BE)', () => {
  const NL_ADDRESS = {
    firstName: 'Kim',
    lastName: 'Driver',
    countryCode: 'NL',
    address1: 'Damrak 1',
    city: 'Amsterdam',
    postalCode: '1012 LG',
  };

  async function bankMethod(shopper: TestShopper, paymentMethodType: 'IDEAL' | 'BANCONTACT') {
    return shopper.call('createSandboxBankMethod', 'POST', '/api/sandbox/bank-methods', { paymentMethodType });
  }

  async function nlShopper() {
    const shopper = await new TestShopper(url).start('?locale=nl-NL');
    await readyBasket(shopper, { vin: 'ZAAAA1000AA000008', locale: 'nl-NL', address: NL_ADDRESS });
    return shopper;
  }

  async function payByBank(shopper: TestShopper, outcome: 'complete' | 'fail') {
    const method = await bankMethod(shopper, 'IDEAL');
    expect(method.response.status).toBe(201);
    const first = await shopper.call(
      'placeOrder',
      'POST',
      '/api/checkout/orders',
      { provider: 'stripe', paymentMethodType: 'IDEAL', stripePaymentMethodId: method.body.token },
      { 'idempotency-key': newKey() },
    );
    expect(first.response.status).toBe(202);
    expect(first.body).toMatchObject({ outcome: 'actionRequired', actionType: 'bankRedirect' });
    const back = await challenge(first.body.redirectUrl, outcome);
    expect(back.get('orderNo')).toBe(first.body.orderNo);
    return shopper.call('confirmPayment', 'POST', '/api/checkout/payment-confirmation', {
      orderNo: back.get('orderNo'),
      provider: 'stripe',
      setup_intent: back.get('setup_intent'),
      redirect_status: back.get('redirect_status'),
    });
  }

  it('when the NL payment setup is read, then it offers card and iDEAL', async () => {
    const shopper = await nlShopper();
    const setup = await shopper.call('setupPayment', 'POST', '/api/checkout/payment-setup', {});
    expect(setup.body).toMatchObject({ provider: 'stripe', paymentMethodTypes: ['card', 'ideal'] });
  });

  it('when iDEAL is authorised at the bank, then the order is placed and new', async () => {
    const confirmed = await payByBank(await nlShopper(), 'complete');
    expect(confirmed.response.status).toBe(200);
    expect(confirmed.body).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
  });

  it('when iDEAL fails at the bank, then 402 card_authorisation_error and the basket is back', async () => {
    const shopper = await nlShopper();
    const confirmed = await payByBank(shopper, 'fail');
    expect(confirmed.response.status).toBe(402);
    expect(confirmed.body.paymentErrorKind).toBe('card_authorisation_error');
    expect((await shopper.call('getCheckoutState', 'GET', '/api/checkout')).body.basket.itemCount).toBe(1);
  });

  it.each([
    ['en-GB', 'IDEAL'],
    ['nl-NL', 'BANCONTACT'],
    ['fr-FR', 'IDEAL'],
  ] as const)('when the %s market is asked for %s, then 422 naming the field', async (locale, type) => {
    const shopper = await new TestShopper(url).start(`?locale=${locale}`);
    const { response, body } = await bankMethod(shopper, type);
    expect(response.status).toBe(422);
    expect(body.errors[0]).toMatchObject({ field: '/paymentMethodType', code: 'not_offered' });
  });

  it('when Bancontact is asked for in BE, then a Stripe bancontact method', async () => {
    const shopper = await new TestShopper(url).start('?locale=nl-BE');
    await readyBasket(shopper, {
      vin: 'ZAAAA1000AA000009',
      locale: 'nl-BE',
      address: { ...NL_ADDRESS, countryCode: 'BE', address1: 'Grote Markt 1', city: 'Brussel', postalCode: '1000' },
    });
    const { response, body } = await bankMethod(shopper, 'BANCONTACT');
    expect(response.status).toBe(201);
    expect(body).toMatchObject({ provider: 'stripe', paymentMethodType: 'BANCONTACT' });
    expect(body.token).toMatch(/^pm_/);
  });

  it('when the type is not one of the bank methods, then 400', async () => {
    const shopper = await new TestShopper(url).start('?locale=nl-NL');
    const { response } = await bankMethod(shopper, 'KLARNA' as 'IDEAL');
    expect(response.status).toBe(400);
  });
});
