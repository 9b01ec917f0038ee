import { helpers, ShopperBaskets, ShopperLogin, ShopperOrders, ShopperProducts } from 'commerce-sdk-isomorphic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT_URI, startCommerce } from './test-helpers.ts';

const { sandbox, base, start } = startCommerce();
beforeAll(start);
afterAll(() => sandbox.stop());

describe("Salesforce's commerce-sdk-isomorphic against the sandbox", () => {
  it('when the official client logs a guest in and checks out, then every step completes', async () => {
    const config = {
      proxy: base(),
      parameters: {
        clientId: 'aurora-storefront',
        organizationId: 'f_ecom_zzzz_001',
        shortCode: 'sandbox',
        siteId: 'aurora',
      },
      throwOnBadResponse: true,
    };
    const login = new ShopperLogin(config);
    const tokens = await helpers.loginGuestUser({ slasClient: login, parameters: { redirectURI: REDIRECT_URI } });
    expect(tokens.customer_id).toBeTruthy();
    const authed = { ...config, headers: { authorization: `Bearer ${tokens.access_token}` } };

    const product = await new ShopperProducts(authed).getProduct({
      parameters: { id: 'cn-connected-navigation', allImages: true },
    });
    expect(product.variants?.length).toBe(4);

    const basketsApi = new ShopperBaskets(authed);
    const basket = await basketsApi.createBasket({ body: {} });
    const basketId = basket.basketId!;
    const variant = product.variants!.find((v) => (v.price ?? 0) > 0)!;
    await basketsApi.addItemToBasket({
      parameters: { basketId },
      body: [{ productId: variant.productId, quantity: 1, price: variant.price }],
    });
    const address = {
      firstName: 'Alex',
      lastName: 'Owner',
      address1: '10 Downing Street',
      city: 'London',
      postalCode: 'SW1A 2AA',
      countryCode: 'GB',
    };
    await basketsApi.updateShippingAddressForShipment({
      parameters: { basketId, shipmentId: 'me', useAsBilling: false },
      body: address,
    });
    await basketsApi.updateBillingAddressForBasket({ parameters: { basketId }, body: address });
    await basketsApi.updateCustomerForBasket({ parameters: { basketId }, body: { email: 'alex.owner@example.com' } });
    const methods = await basketsApi.getShippingMethodsForShipment({ parameters: { basketId, shipmentId: 'me' } });
    await basketsApi.updateShippingMethodForShipment({
      parameters: { basketId, shipmentId: 'me' },
      body: { id: methods.defaultShippingMethodId! },
    });
    const ready = await basketsApi.addPaymentInstrumentToBasket({
      parameters: { basketId },
      body: {
        amount: variant.price,
        paymentMethodId: 'CREDIT_CARD',
        paymentCard: {
          cardType: 'Visa',
          holder: 'Alex Owner',
          maskedNumber: '************4242',
          expirationMonth: 12,
          expirationYear: 2030,
        },
      },
    });
    expect(ready.paymentInstruments).toHaveLength(1);

    const ordersApi = new ShopperOrders(authed);
    const order = await ordersApi.createOrder({ body: { basketId } });
    expect(order.status).toBe('created');
    const read = await ordersApi.getOrder({ parameters: { orderNo: order.orderNo! } });
    expect(read.orderTotal).toBe(variant.price);
  });
});
