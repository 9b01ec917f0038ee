/**
 * Two tabs, one order, both told (issue 17): one shopper places the same basket from two tabs at
 * once, each tab with its own Idempotency-Key. Exactly one order is made and paid once, and the
 * slower tab is answered with that order instead of a checkout error, so both end on its
 * confirmation; a retry after a lost answer (a new key) does the same. While the order's 3-D Secure
 * step is open in the first tab, the second is told the order is being paid and its confirmation
 * answers 409 until the first tab completes it. A registered shopper signed in in two browsers shares
 * one basket: the same holds across their two sessions. Against the in-process sandbox; every answer
 * is checked against proxy.yaml.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ALEX_GB_ADDRESS, signedIn, toBillingStep, putAddress } from '../../testing/checkout-browser.ts';
import { challenge, confirmStripeReturn, newKey, token } from '../../testing/payments.ts';
import { ProviderState } from '../../testing/provider-state.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import type { ShopBrowser } from '../../testing/shop-browser.ts';
import { readyBasket, TestShopper } from '../../testing/shop-client.ts';

const { url, shop } = useSandboxServer({ RATE_LIMIT_PAYMENT: '1000', RATE_LIMIT_LOGIN: '1000' });

const providers = new ProviderState();
beforeEach(() => providers.mark());

/** A tab's "Pay": a card token of its own and a key of its own, as each tab's payment step makes them. */
async function payFromTab(shopper: TestShopper, card: string) {
  const { token: sandboxCardToken } = await token(shopper, card);
  return () =>
    shopper.call(
      'placeOrder',
      'POST',
      '/api/checkout/orders',
      { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken },
      { 'idempotency-key': newKey() },
    );
}

const confirmationOf = (shopper: TestShopper, orderNo: string) =>
  shopper.call('getOrderConfirmation', 'GET', `/api/checkout/confirmation/${orderNo}`);

describe('two tabs place the same basket at once', () => {
  it('when both pay by card, then one order, one charge, and both tabs are answered with it', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const [tabA, tabB] = await Promise.all([
      payFromTab(shopper, '4242424242424242'),
      payFromTab(shopper, '4242424242424242'),
    ]);
    const [a, b] = await Promise.all([tabA(), tabB()]);
    expect(a.response.status).toBe(201);
    expect(b.response.status).toBe(201);
    expect(a.body).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
    expect(b.body).toEqual(a.body);
    expect(providers.newOrders()).toHaveLength(1);
    expect(providers.charges()).toHaveLength(1);
    expect((await confirmationOf(shopper, a.body.orderNo)).response.status).toBe(200);
  });

  it('when the answer was lost and the tab pays again with a new key, then the same order, not a second charge', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const first = await (await payFromTab(shopper, '4242424242424242'))();
    const retry = await (await payFromTab(shopper, '4242424242424242'))();
    expect(retry.response.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(providers.newOrders()).toHaveLength(1);
    expect(providers.charges()).toHaveLength(1);
  });

  it('when the first tab is at its 3-D Secure step, then the second is told the order is being paid, and its confirmation opens once paid', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const first = await (await payFromTab(shopper, '4000002760003184'))();
    expect(first.response.status).toBe(202);
    const orderNo = first.body.orderNo as string;
    const second = await (await payFromTab(shopper, '4000002760003184'))();
    expect(second.response.status).toBe(200);
    expect(second.body).toEqual({ outcome: 'pending', orderNo, status: 'created' });
    const pending = await confirmationOf(shopper, orderNo);
    expect(pending.response.status).toBe(409);
    expect(pending.body).toMatchObject({ type: 'https://shop.example/problems/order-payment-pending' });
    const back = await challenge(first.body.redirectUrl, 'complete');
    expect((await confirmStripeReturn(shopper, back)).body).toMatchObject({ outcome: 'orderPlaced', orderNo });
    expect((await confirmationOf(shopper, orderNo)).response.status).toBe(200);
    expect(providers.newOrders()).toHaveLength(1);
  });

  it('when the basket is empty and no order of the shopper explains it, then the usual 422', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const basket = await shopper.call('getBasket', 'GET', '/api/basket');
    await shopper.call('removeItem', 'DELETE', `/api/basket/items/${basket.body.items[0].itemId}`);
    const answer = await (await payFromTab(shopper, '4242424242424242'))();
    expect(answer.response.status).toBe(422);
    expect(providers.newOrders()).toHaveLength(0);
  });
});

describe('a registered shopper in two browsers', () => {
  const atPayment = async (browser: ShopBrowser) => {
    const address = ALEX_GB_ADDRESS;
    await toBillingStep(browser, 'ZAAAA1000AA000001', { locale: 'en-GB', address });
    await browser.call('setShippingMethod', '/api/basket/shipping-method', {
      method: 'PUT',
      body: JSON.stringify({ id: 'DIGITAL' }),
    });
    expect((await putAddress(browser, 'setBillingAddress', address)).response.status).toBe(200);
  };
  const payWithSavedCard = (browser: ShopBrowser) =>
    browser.call('placeOrder', '/api/checkout/orders', {
      method: 'POST',
      headers: { 'idempotency-key': newKey() },
      body: JSON.stringify({ provider: 'stripe', paymentMethodType: 'CREDIT_CARD', useSavedPaymentMethod: true }),
    });

  it('when alex pays his basket in both at once, then one order, one charge, and both sessions open its confirmation', async () => {
    const first = await signedIn(shop, 'alex');
    await atPayment(first);
    const second = await signedIn(shop, 'alex');
    const [a, b] = await Promise.all([payWithSavedCard(first), payWithSavedCard(second)]);
    expect([a.response.status, b.response.status]).toEqual([201, 201]);
    expect(b.body.orderNo).toBe(a.body.orderNo);
    expect(providers.newOrders()).toHaveLength(1);
    expect(providers.charges()).toHaveLength(1);
    for (const browser of [first, second]) {
      const confirmation = await browser.call('getOrderConfirmation', `/api/checkout/confirmation/${a.body.orderNo}`);
      expect(confirmation.response.status).toBe(200);
    }
  });
});
