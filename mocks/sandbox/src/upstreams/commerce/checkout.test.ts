import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALEX_LOGIN_ID,
  baskets,
  call,
  customers,
  login,
  orders,
  products,
  registeredLogin,
  site,
  startCommerce,
} from './test-helpers.ts';
import { onOrderPlaced } from './index.ts';
import { statusChangeRefused } from './classic.ts';

const { sandbox, base, start } = startCommerce();
beforeAll(start);
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${base().replace(/\/commerce$/, '')}/__sandbox/reset`, { method: 'POST' });
});

const address = {
  firstName: 'Alex',
  lastName: 'Owner',
  address1: '10 Downing Street',
  city: 'London',
  postalCode: 'SW1A 2AA',
  countryCode: 'GB',
};
const card = {
  amount: 99,
  paymentMethodId: 'CREDIT_CARD',
  paymentCard: {
    cardType: 'Visa',
    holder: 'Alex Owner',
    maskedNumber: '************4242',
    expirationMonth: 12,
    expirationYear: 2030,
  },
};

describe('commerce checkout', () => {
  it('when a guest fills a basket and orders, then the order is created, readable and placed by the classic update', async () => {
    const placed: string[] = [];
    const stop = onOrderPlaced((order) => placed.push(order.orderNo ?? ''));
    const t = (await login(base())).access_token;
    const basket = await call(base(), t, 'POST', `${baskets}?${site}`, {});
    expect(basket.status).toBe(200);
    expect(basket.body).toMatchObject({ currency: 'GBP', productItems: [], shipments: [{ shipmentId: 'me' }] });
    const id = basket.body.basketId as string;
    const withItem = await call(base(), t, 'POST', `${baskets}/${id}/items?${site}&locale=en-GB`, [
      { productId: 'cn-connected-navigation-12m', quantity: 1, price: 99, c_SNP_OMS_ExpirationDate: '2027-12-22' },
    ]);
    expect(withItem.body.productItems[0]).toMatchObject({
      price: 99,
      c_purchaseMode: 'Subscription',
      c_SNP_OMS_ExpirationDate: '2027-12-22',
    });
    expect(withItem.body).toMatchObject({ productSubTotal: 99, orderTotal: 99, taxTotal: 16.5, taxation: 'gross' });
    await call(base(), t, 'PUT', `${baskets}/${id}/shipments/me/shipping-address?${site}&useAsBilling=false`, address);
    const methods = await call(base(), t, 'GET', `${baskets}/${id}/shipments/me/shipping-methods?${site}`);
    expect(methods.body).toEqual({
      applicableShippingMethods: [{ id: 'DIGITAL', name: 'Digital delivery', price: 0 }],
      defaultShippingMethodId: 'DIGITAL',
    });
    await call(base(), t, 'PUT', `${baskets}/${id}/shipments/me/shipping-method?${site}`, { id: 'DIGITAL' });
    await call(base(), t, 'PUT', `${baskets}/${id}/billing-address?${site}`, address);
    await call(base(), t, 'PUT', `${baskets}/${id}/customer?${site}`, { email: 'alex.owner@example.com' });
    const payment = await call(base(), t, 'GET', `${baskets}/${id}/payment-methods?${site}`);
    expect(payment.body.applicablePaymentMethods.map((m: { id: string }) => m.id)).toEqual([
      'CREDIT_CARD',
      'GOOGLE_PAY',
      'APPLE_PAY',
    ]);
    const ready = await call(base(), t, 'POST', `${baskets}/${id}/payment-instruments?${site}`, card);
    expect(ready.body.paymentInstruments[0].paymentCard.numberLastDigits).toBe('4242');

    const created = await call(base(), t, 'POST', `${orders}?${site}`, { basketId: id });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ status: 'created', orderTotal: 99 });
    const orderNo = created.body.orderNo as string;
    expect((await call(base(), t, 'GET', `${baskets}/${id}?${site}`)).status).toBe(404);
    const read = await call(base(), t, 'GET', `${orders}/${orderNo}?${site}`);
    expect(read.body).toMatchObject({ orderNo, status: 'created', paymentStatus: 'not_paid' });

    const updated = await call(base(), t, 'PATCH', `/s/aurora/dw/shop/v24_5/orders/${orderNo}`, {
      status: 'new',
      c_stripe_status: 'succeeded',
      c_last4: '4242',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      _type: 'order',
      order_no: orderNo,
      status: 'new',
      c_stripe_status: 'succeeded',
      order_total: 99,
    });
    expect((await call(base(), t, 'GET', `${orders}/${orderNo}?${site}`)).body).toMatchObject({
      status: 'new',
      paymentStatus: 'paid',
    });
    expect(placed).toEqual([orderNo]);
    // A placed order cannot be failed (Salesforce's order status rules): refused, still new.
    const failed = await call(base(), t, 'PATCH', `/s/aurora/dw/shop/v24_5/orders/${orderNo}`, { status: 'failed' });
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({ fault: { type: 'InvalidOrderStatusException' } });
    expect((await call(base(), t, 'GET', `${orders}/${orderNo}?${site}`)).body).toMatchObject({ status: 'new' });
    stop();
  });

  it('when a second payment instrument is added, then it replaces the first', async () => {
    const t = (await login(base())).access_token;
    const id = (await call(base(), t, 'POST', `${baskets}?${site}`, {})).body.basketId as string;
    await call(base(), t, 'POST', `${baskets}/${id}/payment-instruments?${site}`, card);
    const second = await call(base(), t, 'POST', `${baskets}/${id}/payment-instruments?${site}`, {
      ...card,
      paymentCard: { ...card.paymentCard, maskedNumber: '************0002' },
    });
    expect(second.body.paymentInstruments).toHaveLength(1);
    expect(second.body.paymentInstruments[0].paymentCard.numberLastDigits).toBe('0002');
  });

  it('when the basket lacks addresses or a payment instrument, then the order is refused with a problem', async () => {
    const t = (await login(base())).access_token;
    const id = (await call(base(), t, 'POST', `${baskets}?${site}`, {})).body.basketId as string;
    await call(base(), t, 'POST', `${baskets}/${id}/items?${site}`, [
      { productId: 'vcs-online-pack-12m', quantity: 1 },
    ]);
    const refused = await call(base(), t, 'POST', `${orders}?${site}`, { basketId: id });
    expect(refused.status).toBe(400);
    expect(refused.body.title).toBe('Order Creation Failed');
    expect(refused.body.detail).toContain('no payment instrument');
  });

  it('when RENEW10 is added, then 10% comes off; an unknown coupon is refused', async () => {
    const t = (await login(base())).access_token;
    const id = (await call(base(), t, 'POST', `${baskets}?${site}`, {})).body.basketId as string;
    await call(base(), t, 'POST', `${baskets}/${id}/items?${site}`, [
      { productId: 'cn-connected-navigation-12m', quantity: 1 },
    ]);
    const coupon = await call(base(), t, 'POST', `${baskets}/${id}/coupons?${site}`, { code: 'RENEW10' });
    expect(coupon.body).toMatchObject({ productTotal: 89.1, orderTotal: 89.1, taxTotal: 14.85 });
    const unknown = await call(base(), t, 'POST', `${baskets}/${id}/coupons?${site}`, { code: 'NOPE' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.title).toBe('Invalid Coupon Code');
  });

  it('when the basket switches to EUR with an NL billing address, then prices, VAT and iDEAL follow the market', async () => {
    const t = (await login(base())).access_token;
    const id = (await call(base(), t, 'POST', `${baskets}?${site}`, {})).body.basketId as string;
    await call(base(), t, 'POST', `${baskets}/${id}/items?${site}`, [
      { productId: 'cn-connected-navigation-12m', quantity: 1 },
    ]);
    await call(base(), t, 'PATCH', `${baskets}/${id}?${site}`, { currency: 'EUR' });
    const nl = await call(base(), t, 'PUT', `${baskets}/${id}/billing-address?${site}`, {
      ...address,
      countryCode: 'NL',
      city: 'Amsterdam',
    });
    expect(nl.body).toMatchObject({ currency: 'EUR', productSubTotal: 119, taxTotal: 20.65 });
    const methods = await call(base(), t, 'GET', `${baskets}/${id}/payment-methods?${site}`);
    expect(methods.body.applicablePaymentMethods.map((m: { id: string }) => m.id)).toEqual([
      'CREDIT_CARD',
      'GOOGLE_PAY',
      'APPLE_PAY',
      'IDEAL',
    ]);
    expect((await call(base(), t, 'PATCH', `${baskets}/${id}?${site}`, { currency: 'JPY' })).status).toBe(400);
  });

  it('when a product with variants is read in two currencies, then the variants carry the prices of each', async () => {
    const t = (await login(base())).access_token;
    const gbp = await call(base(), t, 'GET', `${products}/products/cn-connected-navigation?${site}&allImages=true`);
    expect(gbp.status).toBe(200);
    expect(gbp.body).toMatchObject({
      id: 'cn-connected-navigation',
      currency: 'GBP',
      price: 0,
      priceMax: 249,
      type: { master: true },
    });
    expect(gbp.body.variants.map((v: { price: number }) => v.price)).toEqual([99, 179, 249, 0]);
    expect(gbp.body.imageGroups[0].images[0].link).toMatch(/^http:\/\/localhost:\d+\/commerce\/images\/cn-1\.jpg$/);
    expect(gbp.body.c_benefitTitle1).toBe('Live traffic');
    const eur = await call(base(), t, 'GET', `${products}/products/cn-connected-navigation?${site}&currency=EUR`);
    expect(eur.body.variants[0]).toMatchObject({ productId: 'cn-connected-navigation-12m', price: 119 });
    const image = await fetch(gbp.body.imageGroups[0].images[0].link);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    const category = await call(base(), t, 'GET', `${products}/categories/connected-services?${site}&levels=1`);
    expect(category.body).toMatchObject({ id: 'connected-services', parentCategoryId: 'root' });
    const missing = await call(base(), t, 'GET', `${products}/products/cn-unknown?${site}`);
    expect(missing.status).toBe(404);
    expect(missing.body.title).toBe('Product Not Found');
  });

  it('when alex reads his orders and manages addresses and cards, then the customer API keeps them', async () => {
    const t = (await registeredLogin(base(), ALEX_LOGIN_ID)).access_token;
    const list = await call(base(), t, 'GET', `${customers}/abcAlexOwner0001/orders?${site}&offset=0&limit=10`);
    expect(list.body).toMatchObject({ limit: 10, offset: 0, total: 4 });
    const saved = await call(base(), t, 'POST', `${customers}/abcAlexOwner0001/addresses?${site}`, {
      ...address,
      addressId: 'office',
    });
    expect(saved.status).toBe(200);
    expect((await call(base(), t, 'DELETE', `${customers}/abcAlexOwner0001/addresses/office?${site}`)).status).toBe(
      204,
    );
    expect(
      (await call(base(), t, 'DELETE', `${customers}/abcAlexOwner0001/payment-instruments/cpi-4242a1b2c3?${site}`))
        .status,
    ).toBe(204);
    const other = await call(base(), t, 'GET', `${customers}/abcKimDriver0002?${site}`);
    expect(other.status).toBe(404);
    const wrong = await call(base(), t, 'PUT', `${customers}/abcAlexOwner0001/password?${site}`, {
      currentPassword: 'x',
      password: 'Sandbox-Pass-2',
    });
    expect(wrong.body.title).toBe('Invalid Customer Credentials');
  });
});

/** A guest's basket ready to be ordered: an item, shipping, billing, e-mail and a card. */
async function readyBasket(t: string): Promise<string> {
  const id = (await call(base(), t, 'POST', `${baskets}?${site}`, {})).body.basketId as string;
  await call(base(), t, 'POST', `${baskets}/${id}/items?${site}`, [
    { productId: 'cn-connected-navigation-12m', quantity: 1 },
  ]);
  await call(base(), t, 'PUT', `${baskets}/${id}/shipments/me/shipping-address?${site}&useAsBilling=false`, address);
  await call(base(), t, 'PUT', `${baskets}/${id}/shipments/me/shipping-method?${site}`, { id: 'DIGITAL' });
  await call(base(), t, 'PUT', `${baskets}/${id}/billing-address?${site}`, address);
  await call(base(), t, 'PUT', `${baskets}/${id}/customer?${site}`, { email: 'alex.owner@example.com' });
  await call(base(), t, 'POST', `${baskets}/${id}/payment-instruments?${site}`, card);
  return id;
}

describe('the order’s custom attributes (storefront §3 Order; docs/decisions/031)', () => {
  const FIELDS = {
    c_SNP_OMS_vehicleId: '5f2b0c1e-0000-4000-8000-000000000001',
    c_SNP_OMS_storefrontType: 'B2C',
    c_useVcs11Response: false,
    c_ipAddress: '203.0.113.7',
    c_SNP_OMS_termsAndConditionsLink: 'https://shop.example/en-GB/terms-conditions',
  };

  it('when an order is created with them, then they are ignored: "the only considered value from the request body is basketId"', async () => {
    const t = (await login(base())).access_token;
    const id = await readyBasket(t);
    const created = await call(base(), t, 'POST', `${orders}?${site}`, { basketId: id, ...FIELDS, note: 'ignored' });
    expect(created.status).toBe(200);
    for (const key of [...Object.keys(FIELDS), 'note']) expect(created.body).not.toHaveProperty(key);
  });

  it('when the classic update writes them, then they are kept as sent, each of its own type; another type is refused and nothing changes', async () => {
    const t = (await login(base())).access_token;
    const orderNo = (await call(base(), t, 'POST', `${orders}?${site}`, { basketId: await readyBasket(t) })).body
      .orderNo as string;
    const path = `/s/aurora/dw/shop/v24_5/orders/${orderNo}`;
    const refused = await call(base(), t, 'PATCH', path, { ...FIELDS, c_useVcs11Response: 'false' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('c_useVcs11Response');
    expect((await call(base(), t, 'GET', `${orders}/${orderNo}?${site}`)).body).not.toHaveProperty('c_ipAddress');
    const written = await call(base(), t, 'PATCH', path, { status: 'new', ...FIELDS });
    expect(written.status).toBe(200);
    expect((await call(base(), t, 'GET', `${orders}/${orderNo}?${site}`)).body).toMatchObject({
      status: 'new',
      ...FIELDS,
    });
  });

  it('when the classic update names a property that is neither the status nor custom, then it is refused and nothing changes', async () => {
    const t = (await login(base())).access_token;
    const orderNo = (await call(base(), t, 'POST', `${orders}?${site}`, { basketId: await readyBasket(t) })).body
      .orderNo as string;
    const path = `/s/aurora/dw/shop/v24_5/orders/${orderNo}`;
    const refused = await call(base(), t, 'PATCH', path, {
      status: 'failed',
      c_ipAddress: '203.0.113.7',
      ipAddress: 'x',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      fault: { type: 'InvalidRequestException', arguments: { properties: ['ipAddress'] } },
    });
    expect((await call(base(), t, 'GET', `${orders}/${orderNo}?${site}`)).body).toMatchObject({ status: 'created' });
    const kept = await call(base(), t, 'PATCH', path, { c_SNP_OMS_FirstName: 'Alex', c_useVcs11Response: true });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ c_SNP_OMS_FirstName: 'Alex', c_useVcs11Response: true });
  });
});

describe('order status changes (Salesforce order status rules)', () => {
  it.each([
    ['created', 'new', undefined],
    ['created', 'failed', undefined],
    ['failed', 'created', undefined],
    ['new', 'completed', undefined],
    ['new', 'cancelled', undefined],
    ['new', 'failed', "An order in status 'new' cannot be failed."],
    ['completed', 'created', "A placed order cannot go back to status 'created'."],
    ['failed', 'new', "A failed order can only go back to status 'created'."],
  ] as const)('from %s to %s: %s', (from, to, refusal) => {
    expect(statusChangeRefused(from, to)).toBe(refusal);
  });
});
