/** Orders placed through the commerce stand-in, and the sandbox's controls: advance, fail, a customer disabled. */
import { describe, expect, it } from 'vitest';
import { ALEX_SAVED_CARD } from '../../seed.ts';
import { recordPlacedOrder } from './index.ts';
import { alex, kim, sam, somSandbox, TOKEN } from './test-helpers.ts';

const { base, call, history, subscriptions } = somSandbox();

describe('orders placed through commerce and the advance control', () => {
  const placed = () =>
    recordPlacedOrder({
      orderNo: '00002001',
      userId: alex.customerId,
      vin: 'ZAAAA1000AA000002',
      currency: 'GBP',
      lines: [{ productId: 'cn-connected-navigation-12m', price: 99 }],
      // alex's billing address as the seed holds it.
      billingAddress: ALEX_SAVED_CARD.billingAddress,
      payment: { type: 'Credit Card', cardType: 'Visa', last4: '4242' },
    });

  it('when an order is recorded, then it is first in the history and its details can be read', async () => {
    const { Id } = placed();
    const first = (await history()).body.orders.records[0];
    expect(first).toMatchObject({ OrderNumber: '00002001', Status: 'Payment Pending', Id });
    const details = await call('Details', { userId: alex.uid, orderId: Id });
    expect(details.body.records).toHaveLength(1);
  });

  it('when an order is advanced step by step, then it ends Installed and the subscription has its new expiry', async () => {
    const { Id } = placed();
    const before = (await subscriptions()).find((s) => s.vin === 'ZAAAA1000AA000002');
    expect(before.expiryDate < new Date().toISOString().slice(0, 10)).toBe(true);
    const seen: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await fetch(`${base()}/__sandbox/orders/00002001/advance`, { method: 'POST' });
      expect(res.status).toBe(200);
      seen.push(((await res.json()) as { status: string }).status);
    }
    expect(seen).toEqual(['Ready for export', 'Exported', 'Triggered Download', 'Ready for download', 'Installed']);
    expect((await fetch(`${base()}/__sandbox/orders/00002001/advance`, { method: 'POST' })).status).toBe(409);
    const details = (await call('Details', { orderId: Id })).body.records;
    expect(details[1]).toMatchObject({ attributes: { type: 'FulfillmentOrder' }, Status: 'Installed' });
    expect(details[0].SNPOMSZuoraInvoice_R.type).toBe('Invoice');
    const after = (await subscriptions()).find((s) => s.vin === 'ZAAAA1000AA000002');
    const expected = new Date();
    expected.setUTCMonth(expected.getUTCMonth() + 12);
    expect(after).toMatchObject({ serviceStatus: 'Installed', expiryDate: expected.toISOString().slice(0, 10) });
    expect(after.CoolingOffPeriodEndDate > new Date().toISOString().slice(0, 10)).toBe(true);
    const lookup = await fetch(
      `${base()}/vehicles/v12/vehicles?service=VCS&vin=ZAAAA1000AA000002&consolidateConNav=true`,
      {
        headers: { authorization: `Bearer ${TOKEN}` },
      },
    );
    const vehicle = ((await lookup.json()) as any).result[0];
    expect(vehicle.subscriptions).toEqual([{ productId: 'cn-connected-navigation', expiryDate: after.expiryDate }]);
  });

  it('when an unknown order is advanced, then 404', async () => {
    expect((await fetch(`${base()}/__sandbox/orders/00009999/advance`, { method: 'POST' })).status).toBe(404);
  });

  const post = (path: string, body: unknown) =>
    fetch(`${base()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it.each(['Export Error', 'Failed Installation', 'Payment Error'])(
    'when installed order 00001046 is failed with %s, then Details shows it on the order and its fulfillment',
    async (status) => {
      const res = await post('/__sandbox/orders/00001046/fail', { status });
      expect(await res.json()).toEqual({ orderNo: '00001046', status });
      const details = await call('Details', { orderId: '1OsSB0000000046AAA', userId: alex.uid });
      const summary = details.body.records.find((r: any) => r.attributes.type === 'OrderSummary');
      expect(summary.Status).toBe(status);
      if (status !== 'Payment Error') {
        const fulfillment = details.body.records.find((r: any) => r.attributes.type === 'FulfillmentOrder');
        expect(fulfillment.Status).toBe(status);
      }
    },
  );

  it('when a refund is failed, then its refund record is in Error; an unknown status is 400', async () => {
    expect((await post('/__sandbox/orders/00001014/fail', { status: 'Refund error' })).status).toBe(200);
    const details = await call('Details', { orderId: '1OsSB0000000014AAA', userId: alex.uid });
    const summary = details.body.records.find((r: any) => r.attributes.type === 'OrderSummary');
    expect(summary.OrderPaymentSummaries.records[0].Refunds.records[0].Status).toBe('Error');
    expect((await post('/__sandbox/orders/00001014/fail', { status: 'Broken' })).status).toBe(400);
  });

  it('when kim is disabled, then isCustomerEnabled is false until the reset; sam has no account to disable', async () => {
    expect((await post(`/__sandbox/customers/${kim.email}/enabled`, { enabled: false })).status).toBe(200);
    expect((await call('SubscriptionList', { userId: kim.uid })).body.isCustomerEnabled).toBe(false);
    expect((await post(`/__sandbox/customers/${sam.email}/enabled`, { enabled: false })).status).toBe(404);
    await fetch(`${base()}/__sandbox/reset`, { method: 'POST' });
    expect((await call('SubscriptionList', { userId: kim.uid })).body.isCustomerEnabled).toBe(true);
  });
});
