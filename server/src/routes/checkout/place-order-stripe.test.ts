/**
 * Placing and paying orders with Stripe (GB, DE) against the in-process sandbox (storefront §4 "On
 * payment", §8 payment errors; DESIGN.md test cards and provider per market): one order per
 * Idempotency-Key, 3-D Secure, the billing-mismatch control. Every answer is checked against proxy.yaml.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { challenge, confirmStripeReturn, newKey, payStripe, token } from '../../testing/payments.ts';
import { GUEST_ADDRESS, readyBasket, TestShopper } from '../../testing/shop-client.ts';

const { url } = useSandboxServer({ RATE_LIMIT_PAYMENT: '1000' });

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
    // Another key for the basket that became the order (another tab, a lost answer): that order, not a second one (issue 17).
    expect(other.response.status).toBe(201);
    expect(other.body).toEqual(a.body);
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
    const confirmed = await confirmStripeReturn(shopper, back);
    expect(confirmed.response.status).toBe(200);
    expect(confirmed.body).toMatchObject({ outcome: 'orderPlaced', orderNo: first.body.orderNo, status: 'new' });
  });

  it('when the 3-D Secure challenge fails, then 402 card_authorisation_error and the basket is back', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const first = await payStripe(shopper, '4000002760003184');
    const back = await challenge(first.body.redirectUrl, 'fail');
    const confirmed = await confirmStripeReturn(shopper, back);
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
