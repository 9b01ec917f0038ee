/**
 * The sandbox's stand-ins for the providers' browser libraries (storefront §5 Card form, §7
 * front-end payment types; DESIGN.md test cards): card tokens and the iDEAL and Bancontact bank
 * methods, paid through the sandbox's bank page. Every answer is checked against proxy.yaml.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { getSetupIntentMandate } from '../../../../mocks/sandbox/src/upstreams/stripe/store.ts';
import { challenge, confirmStripeReturn, newKey, stripeElementsOf, token } from '../../testing/payments.ts';
import { readyBasket, TestShopper } from '../../testing/shop-client.ts';

const { url } = useSandboxServer({ RATE_LIMIT_PAYMENT: '1000' });

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

  it.each([
    ["created with the SetupIntent's client secret", { clientSecret: 'seti_x_secret_y' }],
    ['without paymentMethodCreation', { mode: 'setup', currency: 'gbp', allowedPaymentMethodTypes: ['card'] }],
    ['with automatic creation', { mode: 'setup', currency: 'gbp', paymentMethodCreation: 'auto' }],
    ['without a currency', { mode: 'setup', paymentMethodCreation: 'manual' }],
    [
      'not allowing cards',
      { mode: 'setup', currency: 'eur', paymentMethodCreation: 'manual', allowedPaymentMethodTypes: ['ideal'] },
    ],
  ])(
    'when the card comes from an Elements group %s, then the sandbox refuses it as Stripe.js does',
    async (_, stripeElements) => {
      const shopper = await new TestShopper(url).start();
      const { response, body } = await shopper.call('tokenizeSandboxCard', 'POST', '/api/sandbox/card-tokens', {
        provider: 'stripe',
        number: '4242424242424242',
        expMonth: 12,
        expYear: 30,
        cvc: '123',
        stripeElements,
      });
      expect(response.status).toBe(400);
      expect(body.errors[0]).toMatchObject({ field: '/stripeElements', code: 'integration_error' });
      expect(body.detail).toMatch(/^IntegrationError: /);
    },
  );

  it("when the card comes from the payment setup's Elements group, then a Stripe PaymentMethod", async () => {
    const shopper = await new TestShopper(url).start();
    expect(await stripeElementsOf(shopper)).toEqual({
      mode: 'setup',
      currency: 'gbp',
      paymentMethodCreation: 'manual',
      allowedPaymentMethodTypes: ['card'],
    });
    expect(await token(shopper, '4242 4242 4242 4242')).toMatchObject({ provider: 'stripe', last4: '4242' });
  });

  it('when an Adyen card is tokenised, then the test_ encrypted fields', async () => {
    const shopper = await new TestShopper(url).start();
    const body = await token(shopper, '4242 4242 4242 4242', 'adyen');
    expect(body).toMatchObject({ encryptedCardNumber: 'test_4242424242424242', last4: '4242', expYear: 2030 });
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
    const stripeElements = await stripeElementsOf(shopper);
    return shopper.call('createSandboxBankMethod', 'POST', '/api/sandbox/bank-methods', {
      paymentMethodType,
      stripeElements,
    });
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
    const confirmed = await confirmStripeReturn(shopper, back);
    return Object.assign(confirmed, {
      setupIntent: back.get('setup_intent') ?? '',
      orderNo: back.get('orderNo') ?? '',
    });
  }

  it('when the NL payment setup is read, then it offers card and iDEAL', async () => {
    const shopper = await nlShopper();
    const setup = await shopper.call('setupPayment', 'POST', '/api/checkout/payment-setup', {});
    expect(setup.body).toMatchObject({
      provider: 'stripe',
      paymentMethodTypes: ['card', 'ideal'],
      elementsOptions: {
        mode: 'setup',
        currency: 'eur',
        paymentMethodCreation: 'manual',
        allowedPaymentMethodTypes: ['card', 'ideal'],
      },
    });
  });

  it('when iDEAL is authorised at the bank, then the order is placed and new, its SEPA mandate accepted online from the browser', async () => {
    const confirmed = await payByBank(await nlShopper(), 'complete');
    expect(confirmed.response.status).toBe(200);
    expect(confirmed.body).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
    const mandate = getSetupIntentMandate(confirmed.setupIntent);
    expect(mandate?.ipAddress).toMatch(/127\.0\.0\.1|::1/);
    expect(mandate?.userAgent).toBeTruthy();
  });

  it('when iDEAL fails at the bank, then 402 iDeal-error (storefront §8), not the card text, and the basket is back', async () => {
    const shopper = await nlShopper();
    const confirmed = await payByBank(shopper, 'fail');
    expect(confirmed.response.status).toBe(402);
    expect(confirmed.body.paymentErrorKind).toBe('iDeal-error');
    expect((await shopper.call('getCheckoutState', 'GET', '/api/checkout')).body.basket.itemCount).toBe(1);
    // A reload of the return page answers from the failed order: still the iDEAL kind.
    const reloaded = await shopper.call('confirmPayment', 'POST', '/api/checkout/payment-confirmation', {
      orderNo: confirmed.orderNo,
      provider: 'stripe',
    });
    expect(reloaded.response.status).toBe(402);
    expect(reloaded.body.paymentErrorKind).toBe('iDeal-error');
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
