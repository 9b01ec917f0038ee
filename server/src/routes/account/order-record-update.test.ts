/**
 * The order-management record of an order the checkout placed (account §7 "Update order-management
 * record (UpdateOmsRecord): recordId, table, isRecordToBeUpdated"), through the proxy against the
 * in-process sandbox: alex, registered, pays his GB renewal with his saved card; the order placed
 * reaches the order-management stand-in (its History), and the proxy flags that record for update.
 */
import { describe, expect, it } from 'vitest';
import { state as somState } from '../../../../mocks/sandbox/src/upstreams/som/state.ts';
import { newKey } from '../../testing/payments.ts';
import { ALEX_GB_ADDRESS, putAddress, signedIn, toBillingStep } from '../../testing/checkout-browser.ts';
import type { ShopBrowser } from '../../testing/shop-browser.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';

const { shop, sandboxUrl } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_PAYMENT: '1000' });

/** alex at the payment step of vehicle 1's renewal (GB, Stripe), billing to his GB address. */
async function atPayment(browser: ShopBrowser) {
  await toBillingStep(browser, 'ZAAAA1000AA000001', { address: ALEX_GB_ADDRESS });
  const method = await browser.call('setShippingMethod', '/api/basket/shipping-method', {
    method: 'PUT',
    body: JSON.stringify({ id: 'DIGITAL' }),
  });
  expect(method.response.status).toBe(200);
  expect((await putAddress(browser, 'setBillingAddress', ALEX_GB_ADDRESS)).response.status).toBe(200);
}

/** The order system's calls of `method` since the reset, with the bodies the proxy sent (the sandbox's request log). */
const somCalls = async (method: string) => {
  const { requests } = (await (await fetch(`${sandboxUrl()}/__sandbox/som/requests?bodies=true`)).json()) as {
    requests: Array<{ method: string; recordId: string | null; status: number; body: any }>;
  };
  return requests.filter((r) => r.method === method);
};

describe('UpdateOmsRecord after the checkout (account §7)', () => {
  it('§7 UpdateOmsRecord: when alex places an order, then its order-management record (OrderSummary) is flagged to be updated, and no other record is', async () => {
    const alex = await signedIn(shop, 'alex');
    await atPayment(alex);
    expect(somState.orders.filter((o) => o.toBeUpdated)).toEqual([]);
    const { response, body } = await alex.call('placeOrder', '/api/checkout/orders', {
      method: 'POST',
      headers: { 'idempotency-key': newKey() },
      body: JSON.stringify({ provider: 'stripe', paymentMethodType: 'CREDIT_CARD', useSavedPaymentMethod: true }),
    });
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ outcome: 'orderPlaced', status: 'new' });

    // The order placed is in the order system, under its number, flagged for update.
    const record = somState.orders.find((o) => o.orderNo === body.orderNo);
    expect(record).toBeDefined();
    expect(record!.toBeUpdated).toBe(true);
    expect(somState.orders.filter((o) => o.toBeUpdated).map((o) => o.orderNo)).toEqual([body.orderNo]);
    // As the proxy asked: that record, of the OrderSummary table, to be updated; answered.
    expect(await somCalls('UpdateOmsRecord')).toEqual([
      expect.objectContaining({
        recordId: record!.id,
        status: 200,
        body: expect.objectContaining({
          controllerName: 'SOM',
          methodRequest: 'UpdateOmsRecord',
          query: { recordId: record!.id, table: 'OrderSummary', isRecordToBeUpdated: true },
        }),
      }),
    ]);
  });
});
