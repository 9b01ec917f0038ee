import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findOrder, resetSom } from '../som/state.ts';
import { orderStore } from '../vehicles/orders.ts';
import { ALEX_LOGIN_ID, baskets, call, orders, registeredLogin, site, startCommerce } from './test-helpers.ts';

const { sandbox, base, start } = startCommerce();
beforeAll(start);
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${base().replace(/\/commerce$/, '')}/__sandbox/reset`, { method: 'POST' });
  // This sandbox has the commerce stand-in alone: its reset leaves the order-management stand-in's
  // state (a module's, one per process) as the last whole sandbox in this worker left it, with an
  // order numbered as the commerce platform's next one (vitest.config.ts: files share modules).
  resetSom();
});

const address = {
  firstName: 'Alex',
  lastName: 'Owner',
  address1: '10 Downing Street',
  city: 'London',
  postalCode: 'SW1A 2AA',
  countryCode: 'GB',
};

describe('commerce orders seen by the other stand-ins', () => {
  it('when the vehicles stand-in fails a created order, then the commerce order is failed and a paid one is left alone', async () => {
    expect(await orderStore().failOrder('00001030', 'Alex Owner')).toMatchObject({
      status: 'failed',
      c_stripe_status: 'error',
    });
    expect(await orderStore().failOrder('00001031', 'Alex Owner')).toMatchObject({
      status: 'new',
      c_stripe_status: 'succeeded',
    });
    expect(await orderStore().getOrder('99999999')).toBeUndefined();
  });

  it('when alex places an order, then the order-management stand-in records it', async () => {
    const t = (await registeredLogin(base(), ALEX_LOGIN_ID)).access_token;
    const id = (await call(base(), t, 'POST', `${baskets}?${site}`, {})).body.basketId as string;
    await call(base(), t, 'POST', `${baskets}/${id}/items?${site}`, [
      { productId: 'cn-connected-navigation-12m', quantity: 1 },
    ]);
    await call(base(), t, 'PUT', `${baskets}/${id}/shipments/me/shipping-address?${site}`, address);
    await call(base(), t, 'PUT', `${baskets}/${id}/billing-address?${site}`, address);
    await call(base(), t, 'POST', `${baskets}/${id}/payment-instruments?${site}`, {
      paymentMethodId: 'CREDIT_CARD',
      paymentCard: { cardType: 'Visa', maskedNumber: '************4242', expirationMonth: 12, expirationYear: 2030 },
    });
    const created = await call(base(), t, 'POST', `${orders}?${site}`, {
      basketId: id,
      c_SNP_OMS_vin: 'ZAAAA1000AA000001',
    });
    const orderNo = created.body.orderNo as string;
    expect(findOrder({ orderNo })).toBeUndefined();
    await call(base(), t, 'PATCH', `/s/aurora/dw/shop/v24_5/orders/${orderNo}`, {
      status: 'new',
      c_stripe_status: 'succeeded',
    });
    expect(findOrder({ orderNo })).toMatchObject({ orderNo, currency: 'GBP', total: 99 });
  });
});
