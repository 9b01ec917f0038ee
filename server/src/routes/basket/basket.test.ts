/**
 * The basket and checkout-state operations against the in-process sandbox; every answer is checked
 * against proxy.yaml. Storefront §4 Renew action and Checkout, §5 postal codes and countries.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { GUEST_ADDRESS, readyBasket, TestShopper } from '../../testing/shop-client.ts';

const { url } = useSandboxServer();

const renew = (shopper: TestShopper, variantId: string, productId = 'cn-connected-navigation') =>
  shopper.call('renewItem', 'POST', '/api/basket/items', { productId, variantId });

describe('renew action (storefront §4)', () => {
  it('when a plan is renewed, then the basket holds one item of quantity 1 at the variant price', async () => {
    const shopper = await new TestShopper(url).start();
    const { response, body } = await renew(shopper, 'cn-connected-navigation-24m');
    expect(response.status).toBe(200);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      productId: 'cn-connected-navigation-24m',
      masterProductId: 'cn-connected-navigation',
      quantity: 1,
      price: { value: 179, currency: 'GBP', formatted: '£179' },
    });
    expect(body.pricesIncludeVat).toBe(true);
    expect(body.subtotalExclVat.value + body.vat.value).toBeCloseTo(179, 2);
  });

  it('when another plan of the same product is chosen, then the same item is updated in place', async () => {
    const shopper = await new TestShopper(url).start();
    const first = await renew(shopper, 'cn-connected-navigation-24m');
    const second = await renew(shopper, 'cn-connected-navigation-12m');
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0].itemId).toBe(first.body.items[0].itemId);
    expect(second.body.items[0].productId).toBe('cn-connected-navigation-12m');
    const session = await shopper.call('getSession', 'GET', '/api/session');
    expect(session.body.basketItemCount).toBe(1);
  });

  it('when the session does not know the vehicle yet, then the VIN sent with the plan is looked up and kept', async () => {
    const shopper = await new TestShopper(url).start();
    const { response } = await shopper.call('renewItem', 'POST', '/api/basket/items', {
      productId: 'cn-connected-navigation',
      variantId: 'cn-connected-navigation-12m',
      vin: 'ZAAAA1000AA000001',
    });
    expect(response.status).toBe(200);
    expect((await shopper.call('getSession', 'GET', '/api/session')).body.vehicle.vin).toBe('ZAAAA1000AA000001');
    const foreign = await shopper.call('renewItem', 'POST', '/api/basket/items', {
      productId: 'cn-connected-navigation',
      variantId: 'cn-connected-navigation-12m',
      vin: 'ZAAAA1000AA000004',
    });
    expect(foreign.response.status).toBe(422);
  });

  it('when a variant of another product is sent, then 422 "Plan selector error"', async () => {
    const shopper = await new TestShopper(url).start();
    const { response, body } = await renew(shopper, 'vcs-online-pack-12m');
    expect(response.status).toBe(422);
    expect(body.detail).toBe('Plan selector error');
    expect(body.errors[0].field).toBe('/variantId');
  });

  it('storefront §8: when the body is missing, then 400 MissingBody and the basket unchanged', async () => {
    const shopper = await new TestShopper(url).start();
    const { response, body } = await shopper.call('renewItem', 'POST', '/api/basket/items');
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ title: 'MissingBody', code: 'MissingBody', detail: 'A request body is required.' });
    expect((await shopper.call('getBasket', 'GET', '/api/basket')).body.items ?? []).toEqual([]);
  });

  it('when the product is unknown, then 404', async () => {
    const shopper = await new TestShopper(url).start();
    const { response } = await renew(shopper, 'x-12m', 'no-such-product');
    expect(response.status).toBe(404);
  });

  it('when the body is malformed, then 400 with field errors and the basket unchanged', async () => {
    const shopper = await new TestShopper(url).start();
    await renew(shopper, 'cn-connected-navigation-12m');
    const { response, body } = await shopper.call('renewItem', 'POST', '/api/basket/items', { productId: 3 });
    expect(response.status).toBe(400);
    expect(body.errors.length).toBeGreaterThan(0);
    const basket = await shopper.call('getBasket', 'GET', '/api/basket');
    expect(basket.body.items[0].productId).toBe('cn-connected-navigation-12m');
  });

  it('when the CSRF token is missing, then 403 and nothing is added', async () => {
    const shopper = await new TestShopper(url).start();
    const { response } = await shopper.call(
      'renewItem',
      'POST',
      '/api/basket/items',
      { productId: 'cn-connected-navigation', variantId: 'cn-connected-navigation-12m' },
      { 'x-csrf-token': '' },
    );
    expect(response.status).toBe(403);
    expect((await shopper.call('getBasket', 'GET', '/api/basket')).body.items).toHaveLength(0);
  });

  it('when the item is removed, then the basket is empty', async () => {
    const shopper = await new TestShopper(url).start();
    const { body } = await renew(shopper, 'cn-connected-navigation-12m');
    const removed = await shopper.call('removeItem', 'DELETE', `/api/basket/items/${body.items[0].itemId}`);
    expect(removed.body.items).toEqual([]);
    const unknown = await shopper.call('removeItem', 'DELETE', '/api/basket/items/nope');
    expect(unknown.response.status).toBe(404);
  });
});

describe('checkout state (storefront §4 Checkout: first incomplete step)', () => {
  // A guest checks out the vehicle their session looked up (storefront §6, decision 016).
  const guestWithVehicle = async () => {
    const shopper = await new TestShopper(url).start();
    await shopper.call('getRenewalPage', 'GET', '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001');
    return shopper;
  };

  it('when the basket is empty, then 409 "Basket is empty"', async () => {
    const shopper = await guestWithVehicle();
    const { response, body } = await shopper.call('getCheckoutState', 'GET', '/api/checkout');
    expect(response.status).toBe(409);
    expect(body.detail).toBe('Basket is empty');
  });

  it('when each step is completed in turn, then the step moves login → shipping address → method → billing → payment', async () => {
    const shopper = await guestWithVehicle();
    await renew(shopper, 'cn-connected-navigation-12m');
    const step = async () => (await shopper.call('getCheckoutState', 'GET', '/api/checkout')).body;
    expect(await step()).toMatchObject({ step: 0, stepName: 'login', guestCheckout: false, provider: 'stripe' });
    await shopper.call('setCustomerEmail', 'PUT', '/api/basket/customer', { email: 'gus@example.com' });
    expect(await step()).toMatchObject({ step: 1, stepName: 'shippingAddress', guestCheckout: true });
    await shopper.call('setShippingAddress', 'PUT', '/api/basket/shipping-address', GUEST_ADDRESS);
    expect(await step()).toMatchObject({ step: 2, stepName: 'shippingMethod' });
    const methods = await shopper.call('listShippingMethods', 'GET', '/api/basket/shipping-methods');
    expect(methods.body.methods[0]).toMatchObject({ id: 'DIGITAL', name: 'Digital delivery' });
    await shopper.call('setShippingMethod', 'PUT', '/api/basket/shipping-method', { id: 'DIGITAL' });
    expect(await step()).toMatchObject({ step: 3, stepName: 'billingAddress' });
    await shopper.call('setBillingAddress', 'PUT', '/api/basket/billing-address', GUEST_ADDRESS);
    const ready = await step();
    expect(ready).toMatchObject({ step: 4, stepName: 'payment' });
    expect(ready.basket.shippingAddress).toMatchObject({ city: 'London', postalCode: 'SW1A 1AA' });
  });

  it("when a guest enters the e-mail of the vehicle owner's account, then 409 names the field and the step stays", async () => {
    const shopper = await new TestShopper(url).start();
    await shopper.call(
      'getRenewalPage',
      'GET',
      '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001&locale=en-GB',
    );
    await renew(shopper, 'cn-connected-navigation-12m');
    const linked = await shopper.call('setCustomerEmail', 'PUT', '/api/basket/customer', {
      email: 'Alex.Owner@example.com',
    });
    expect(linked.response.status).toBe(409);
    expect(linked.body).toMatchObject({
      title: 'E-mail linked to an account',
      detail: 'This e-mail address is linked to an account. Please log in to continue.',
      errors: [{ field: '/email', code: 'email_linked' }],
    });
    const state = (await shopper.call('getCheckoutState', 'GET', '/api/checkout')).body;
    expect(state).toMatchObject({ step: 0, stepName: 'login' });
    const other = await shopper.call('setCustomerEmail', 'PUT', '/api/basket/customer', { email: 'gus@example.com' });
    expect(other.response.status).toBe(200);
  });

  it('when the whole basket is prepared, then the shared test helper reaches the payment step', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    expect((await shopper.call('getCheckoutState', 'GET', '/api/checkout')).body.step).toBe(4);
  });
});

describe('addresses (storefront §5)', () => {
  it.each([
    ['FR', '97100'],
    ['DE', '27498'],
    ['IT', '23041'],
    ['PT', '900-123'],
    ['ES', '35001'],
  ])('when shipping to excluded postal code %s %s, then 422 on /postalCode', async (countryCode, postalCode) => {
    const shopper = await new TestShopper(url).start();
    await renew(shopper, 'cn-connected-navigation-12m');
    const { response, body } = await shopper.call('setShippingAddress', 'PUT', '/api/basket/shipping-address', {
      ...GUEST_ADDRESS,
      countryCode,
      postalCode,
    });
    expect(response.status).toBe(422);
    // A stable type and code choose the client's words (issue 14), whatever the detail says.
    expect(body).toMatchObject({
      type: 'https://shop.example/problems/postal-code-excluded',
      code: 'postal_code_excluded',
    });
    expect(body.errors[0]).toMatchObject({ field: '/postalCode', code: 'postal_code_excluded' });
  });

  it('when the Slovak market (en-XB) ships to and bills a Slovak address, then no market rule blocks it (issue 14)', async () => {
    const shopper = await new TestShopper(url).start('?locale=en-XB');
    expect((await renew(shopper, 'cn-connected-navigation-12m')).response.status).toBe(200);
    const address = {
      ...GUEST_ADDRESS,
      countryCode: 'SK',
      city: 'Bratislava',
      address1: 'Hlavné námestie 1',
      postalCode: '811 01',
    };
    const shipping = await shopper.call('setShippingAddress', 'PUT', '/api/basket/shipping-address', address);
    expect(shipping.response.status).toBe(200);
    const billing = await shopper.call('setBillingAddress', 'PUT', '/api/basket/billing-address', address);
    expect(billing.response.status).toBe(200);
    // The extra-market rule still blocks other countries (storefront §5).
    const german = { ...address, countryCode: 'DE', city: 'Berlin', postalCode: '10115' };
    const blocked = await shopper.call('setShippingAddress', 'PUT', '/api/basket/shipping-address', german);
    expect(blocked.response.status).toBe(422);
    expect(blocked.body.code).toBe('postal_code_excluded');
  });

  it('when the country is not supported, then 422 "Please select your country."', async () => {
    const shopper = await new TestShopper(url).start();
    await renew(shopper, 'cn-connected-navigation-12m');
    const { response, body } = await shopper.call('setBillingAddress', 'PUT', '/api/basket/billing-address', {
      ...GUEST_ADDRESS,
      countryCode: 'CH',
    });
    expect([400, 422]).toContain(response.status);
    expect(body.errors.length).toBeGreaterThan(0);
  });

  it('when a US address has no state, then 422 "Please select a state."', async () => {
    // The US market's shopper: a US billing address is outside the GB market's allowed countries.
    const shopper = await new TestShopper(url).start('?locale=en-US');
    await renew(shopper, 'cn-connected-navigation-12m');
    const { response, body } = await shopper.call('setBillingAddress', 'PUT', '/api/basket/billing-address', {
      ...GUEST_ADDRESS,
      countryCode: 'US',
      postalCode: '10001',
    });
    expect(response.status).toBe(422);
    expect(body.errors[0]).toMatchObject({ field: '/stateCode', message: 'Please select a state.' });
  });

  it('when the first name is blank, then 400 naming the field', async () => {
    const shopper = await new TestShopper(url).start();
    await renew(shopper, 'cn-connected-navigation-12m');
    const { response, body } = await shopper.call('setShippingAddress', 'PUT', '/api/basket/shipping-address', {
      ...GUEST_ADDRESS,
      firstName: '   ',
    });
    expect(response.status).toBe(400);
    expect(body.errors.map((e: { field: string }) => e.field)).toContain('/firstName');
  });
});
