import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  zDetailsResponse,
  zHistoryResponse,
  zSubscriptionListResponse,
} from '../../../../../generated/som/zod/zod.gen.ts';
import { createSandbox, type Sandbox } from '../../app.ts';
import { SHOPPERS } from '../../seed.ts';
import { vehiclesModule } from '../vehicles/index.ts';
import { customerControls, recordPlacedOrder, somControls, somModule, somOwnershipControls } from './index.ts';
import { SEED_ORDERS } from './seed-orders.ts';
import { findPaymentRecord } from './state.ts';

const alex = SHOPPERS.find((s) => s.handle === 'alex')!;
const kim = SHOPPERS.find((s) => s.handle === 'kim')!;
const sam = SHOPPERS.find((s) => s.handle === 'sam')!;

const sandbox: Sandbox = createSandbox([somModule, vehiclesModule]);
sandbox.app.use('/__sandbox/orders', somControls);
sandbox.app.use('/__sandbox/customers', customerControls);
sandbox.app.use('/__sandbox/som', somOwnershipControls);
let base = '';

beforeAll(async () => {
  base = `http://127.0.0.1:${await sandbox.start(0)}`;
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${base}/__sandbox/reset`, { method: 'POST' });
});

const TOKEN = 'sandbox-service-token';

async function som(method: string, body: unknown, token: string | null = TOKEN) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}/som/services/apexrest/SOM/${method}`, {
    method: 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const call = (methodRequest: string, query: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  som(methodRequest, { controllerName: 'SOM', methodRequest, query, ...extra });

const history = (userId = alex.uid) => call('History', { userId, storefrontType: 'B2C', limit: 9999, offset: 0 });

const subscriptions = async (userId = alex.uid) =>
  (await call('SubscriptionList', { userId, brand: 'aurora' })).body.subscriptionList as any[];

describe('order history and details', () => {
  it('when alex asks for his history, then every seeded order comes back newest first in the contract shape', async () => {
    const res = await history();
    expect(res.status).toBe(200);
    expect(zHistoryResponse.safeParse(res.body).success).toBe(true);
    const records = res.body.orders.records as any[];
    expect(records).toHaveLength(SEED_ORDERS.length);
    expect(res.body.orders.totalSize).toBe(SEED_ORDERS.length);
    const dates = records.map((r) => r.CreatedDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const r of records) expect(r.Id).toMatch(/^[a-zA-Z0-9]{18}$/);
    expect(records.find((r) => r.OrderNumber === '00001005')).toMatchObject({
      Id: '1OsSB0000000005AAA',
      Status: 'Installed',
      SNPOMSVin_C: 'ZAAAA1000AA000003',
    });
  });

  it('when the history is read, then it covers every status of the renewal, cancellation and refund tables', async () => {
    const statuses = new Set(((await history()).body.orders.records as any[]).map((r) => r.Status));
    for (const status of [
      'Created',
      'Payment Pending',
      'Payment Failed',
      'Payment Error',
      'Ready for export',
      'Exported',
      'Export Error',
      'Triggered Download',
      'Ready for download',
      'Failed - Waiting for retry',
      'Rejected - Waiting for retry',
      'Installed',
      'Success',
      'Failed',
      'Failed Installation',
      'Pending',
      'Pending Cancellation',
      'Pending Cancelation',
      'Canceled',
      'Cancelled',
      'Cancellation Requested',
      'Cancellation Completed',
      'Ready For Uninstallation',
      'Uninstalled',
      'Refunded',
      'Partially Refunded',
      'Refund requested',
      'Refund issued',
      'Refund error',
    ])
      expect(statuses, status).toContain(status);
  });

  it('when paged with limit and offset, then the page and totalSize follow', async () => {
    const res = await call('History', { userId: alex.uid, limit: 5, offset: 5 });
    expect(res.body.orders.records).toHaveLength(5);
    expect(res.body.orders.totalSize).toBe(SEED_ORDERS.length);
    expect(res.body.orders.done).toBe(false);
  });

  it('when kim or sam ask for their history, then it is empty', async () => {
    expect((await history(kim.uid)).body.orders).toEqual({ totalSize: 0, done: true, records: [] });
    expect((await history(sam.uid)).body.orders.records).toEqual([]);
  });

  it('when the details of every seeded order are read, then each conforms to the contract', async () => {
    for (const order of (await history()).body.orders.records as any[]) {
      const res = await call('Details', { userId: alex.uid, orderId: order.Id, orderNo: order.OrderNumber });
      expect(res.status).toBe(200);
      expect(zDetailsResponse.safeParse(res.body).success, order.OrderNumber).toBe(true);
    }
  });

  it('when a VCS order is in the history, then its first item is not connected navigation', async () => {
    const vcs = ((await history()).body.orders.records as any[]).filter(
      (r) => r.OrderItemSummaries.records[0].SNPOMSFeatureType_C !== 'Connected Navigation',
    );
    expect(vcs.map((r) => r.OrderNumber)).toEqual(['00001033']);
  });

  it('when the details of a refunded order are read, then summary, fulfilment and return order come back', async () => {
    const res = await call('Details', { userId: alex.uid, orderId: '1OsSB0000000015AAA', orderNo: '00001015' });
    expect(res.status).toBe(200);
    expect(zDetailsResponse.safeParse(res.body).success).toBe(true);
    expect(res.body.records.map((r: any) => r.attributes.type)).toEqual([
      'OrderSummary',
      'FulfillmentOrder',
      'ReturnOrder',
    ]);
    expect(res.body.records[0].OrderPaymentSummaries.records[0].Refunds.records[0]).toMatchObject({
      Status: 'Processed',
    });
    expect(res.body.records[2].ReturnOrderLineItems.records[0].OrderItemSummaryId).toBe('10uSB0000000015AAA');
  });

  it('when the details of an unknown or another customer’s order are asked for, then 404 NotFound', async () => {
    const unknown = await call('Details', { orderId: '1OsSB0000000999AAA' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ isError: true, errorCode: 'NotFound' });
    expect((await call('Details', { userId: kim.uid, orderId: '1OsSB0000000005AAA' })).status).toBe(404);
  });

  it('when the credit notes of a refunded order’s invoice are read, then its posted credit note comes back', async () => {
    const res = await call('CreditNoteDetails', { ZuoraInvoiceId: '8ad00000000000000000000000000015' });
    expect(res.body.creditNotes.records).toEqual([
      expect.objectContaining({
        Status: 'Posted',
        TotalAmount: 99,
        Zuora_ExternalId_C: '8ad0c0de000000000000000000000015',
      }),
    ]);
    expect(
      (await call('CreditNoteDetails', { ZuoraInvoiceId: '8ad00000000000000000000000000005' })).body.creditNotes
        .records,
    ).toEqual([]);
  });
});

/** PUT /__sandbox/som/ownership-filter with a raw body (a JSON value, or text that is not JSON). */
const ownershipFilter = (body: string | undefined) =>
  fetch(`${base}/__sandbox/som/ownership-filter`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  });

const somRequests = async () =>
  ((await (await fetch(`${base}/__sandbox/som/requests`)).json()) as { requests: any[] }).requests;

describe('the ownership filter control (issue 30, docs/decisions/027)', () => {
  const ALEX_ORDER = { orderId: '1OsSB0000000005AAA', orderNo: '00001005' };
  const ALEX_INVOICE = { ZuoraInvoiceId: '8ad00000000000000000000000000015' };

  it("when the filter is off, then Details and CreditNoteDetails answer alex's order and credit notes to kim by id alone, History stays hers; a reset filters again", async () => {
    expect((await call('Details', { userId: kim.uid, ...ALEX_ORDER })).status).toBe(404);
    const off = await ownershipFilter(JSON.stringify({ enabled: false }));
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ ownershipFilter: false });
    const details = await call('Details', { userId: kim.uid, ...ALEX_ORDER });
    expect(details.status).toBe(200);
    expect(details.body.records[0]).toMatchObject({ Id: ALEX_ORDER.orderId, SNPOMSVin_C: 'ZAAAA1000AA000003' });
    const notes = await call('CreditNoteDetails', { userId: kim.uid, ...ALEX_INVOICE });
    expect(notes.body.creditNotes.records).toHaveLength(1);
    // A list is the customer's own whatever the filter: History is how the shop proves ownership.
    expect((await history(kim.uid)).body.orders.records).toEqual([]);
    await fetch(`${base}/__sandbox/reset`, { method: 'POST' });
    expect((await call('Details', { userId: kim.uid, ...ALEX_ORDER })).status).toBe(404);
    expect((await call('CreditNoteDetails', { userId: kim.uid, ...ALEX_INVOICE })).body.creditNotes.records).toEqual(
      [],
    );
  });

  it.each([
    ['no body', undefined],
    ['a body that is not JSON', '{enabled: false'],
    ['"false" as a string', JSON.stringify({ enabled: 'false' })],
    ['no enabled field', JSON.stringify({ on: false })],
    ['an array', JSON.stringify([false])],
    ['null', 'null'],
  ])('when the control gets %s, then 400 as JSON and the filter stays on', async (_what, body) => {
    const refused = await ownershipFilter(body);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: expect.any(String) });
    expect((await call('Details', { userId: kim.uid, ...ALEX_ORDER })).status).toBe(404);
  });

  it('when the order system is called, then /__sandbox/som/requests lists each call with its identity, record and status; a reset empties it', async () => {
    await history(kim.uid);
    await call('Details', { userId: kim.uid, ...ALEX_ORDER });
    await som('CreditNotes', { recordType: 'Invoice', recordId: '8ad00000000000000000000000000005' });
    await call('ReactivateAutoRenewal', { recordId: '02iSB0000000001AAA' });
    expect(await somRequests()).toEqual([
      { method: 'History', userId: kim.uid, recordId: null, status: 200 },
      { method: 'Details', userId: kim.uid, recordId: ALEX_ORDER.orderId, status: 404 },
      { method: 'CreditNotes', userId: null, recordId: '8ad00000000000000000000000000005', status: 200 },
      { method: 'ReactivateAutoRenewal', userId: null, recordId: '02iSB0000000001AAA', status: 200 },
    ]);
    await fetch(`${base}/__sandbox/reset`, { method: 'POST' });
    expect(await somRequests()).toEqual([]);
  });
});

describe('orders placed through commerce and the advance control', () => {
  const placed = () =>
    recordPlacedOrder({
      orderNo: '00002001',
      userId: alex.customerId,
      vin: 'ZAAAA1000AA000002',
      currency: 'GBP',
      lines: [{ productId: 'cn-connected-navigation-12m', price: 99 }],
      billingAddress: {
        firstName: 'Alex',
        lastName: 'Owner',
        address1: '10 Downing Street',
        city: 'London',
        postalCode: 'SW1A 2AA',
        countryCode: 'GB',
      },
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
      const res = await fetch(`${base}/__sandbox/orders/00002001/advance`, { method: 'POST' });
      expect(res.status).toBe(200);
      seen.push(((await res.json()) as { status: string }).status);
    }
    expect(seen).toEqual(['Ready for export', 'Exported', 'Triggered Download', 'Ready for download', 'Installed']);
    expect((await fetch(`${base}/__sandbox/orders/00002001/advance`, { method: 'POST' })).status).toBe(409);
    const details = (await call('Details', { orderId: Id })).body.records;
    expect(details[1]).toMatchObject({ attributes: { type: 'FulfillmentOrder' }, Status: 'Installed' });
    expect(details[0].SNPOMSZuoraInvoice_R.type).toBe('Invoice');
    const after = (await subscriptions()).find((s) => s.vin === 'ZAAAA1000AA000002');
    const expected = new Date();
    expected.setUTCMonth(expected.getUTCMonth() + 12);
    expect(after).toMatchObject({ serviceStatus: 'Installed', expiryDate: expected.toISOString().slice(0, 10) });
    expect(after.CoolingOffPeriodEndDate > new Date().toISOString().slice(0, 10)).toBe(true);
    const lookup = await fetch(
      `${base}/vehicles/v12/vehicles?service=VCS&vin=ZAAAA1000AA000002&consolidateConNav=true`,
      {
        headers: { authorization: `Bearer ${TOKEN}` },
      },
    );
    const vehicle = ((await lookup.json()) as any).result[0];
    expect(vehicle.subscriptions).toEqual([{ productId: 'cn-connected-navigation', expiryDate: after.expiryDate }]);
  });

  it('when an unknown order is advanced, then 404', async () => {
    expect((await fetch(`${base}/__sandbox/orders/00009999/advance`, { method: 'POST' })).status).toBe(404);
  });

  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
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
    await fetch(`${base}/__sandbox/reset`, { method: 'POST' });
    expect((await call('SubscriptionList', { userId: kim.uid })).body.isCustomerEnabled).toBe(true);
  });
});

describe('subscriptions, refunds and auto-renewal', () => {
  it('when alex lists his aurora subscriptions, then they cover installed, in progress, auto-renew on and off, expiring and cooling-off', async () => {
    const res = await call('SubscriptionList', { userId: alex.uid, brand: 'aurora' });
    expect(zSubscriptionListResponse.safeParse(res.body).success).toBe(true);
    const list = res.body.subscriptionList as any[];
    expect(res.body.isCustomerEnabled).toBe(true);
    expect(list.map((s) => s.vin)).not.toContain('ZBBBB1000BB000006');
    expect(new Set(list.map((s) => s.serviceStatus))).toEqual(new Set(['Installed', 'In progress']));
    expect(list.some((s) => s.isAutoRenewalActivated)).toBe(true);
    expect(list.some((s) => !s.isAutoRenewalActivated)).toBe(true);
    expect(
      list.find((s) => s.vin === 'ZAAAA1000AA000001' && s.serviceId === 'cn-connected-navigation').isExpiring,
    ).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(list.some((s) => s.CoolingOffPeriodEndDate > today)).toBe(true);
    expect(list.some((s) => s.CoolingOffPeriodEndDate < today)).toBe(true);
  });

  it('when kim lists hers, then the list is empty and she is enabled; sam has no account', async () => {
    expect((await call('SubscriptionList', { userId: kim.uid })).body).toEqual({
      isCustomerEnabled: true,
      subscriptionList: [],
    });
    expect((await call('SubscriptionList', { userId: sam.uid })).body.isCustomerEnabled).toBe(false);
  });

  it('when a refund is requested inside the cooling-off period, then the service ends and the order shows a draft refund', async () => {
    const res = await call(
      'RequestRefund',
      { referenceId: '1OsSB0000000005AAA', recordId: '02iSB0000000003AAA' },
      {
        cancelAutoRenewalItems: {
          cancellationReason: 'Purchased by mistake',
          additionalInfo: '',
          isCommerceStorefront: true,
        },
      },
    );
    expect(res.body).toEqual({ patchResult: { result: 'Success', recordId: '02iSB0000000003AAA' } });
    const sub = (await subscriptions()).find((s) => s.Id === '02iSB0000000003AAA');
    expect(sub).toMatchObject({
      serviceStatus: 'Refund requested',
      isAutoRenewalActivated: false,
      cancellationReason: 'Purchased by mistake',
    });
    expect(sub.expiryDate < new Date().toISOString().slice(0, 10)).toBe(true);
    const details = (await call('Details', { orderId: '1OsSB0000000005AAA' })).body.records;
    expect(details[0].Status).toBe('Refund requested');
    expect(details[0].OrderItemSummaries.records[0].Status).toBe('Refund requested');
    expect(details[0].OrderPaymentSummaries.records[0].Refunds.records[0]).toMatchObject({
      Status: 'Draft',
      RefundedAmount: 99,
    });
    expect(details.find((r: any) => r.attributes.type === 'ReturnOrder')).toMatchObject({
      Status: 'Pending Cancellation',
    });
    const again = await call('RequestRefund', { recordId: '02iSB0000000003AAA' });
    expect(again.body.patchResult.result).toBe('Error');
  });

  it('when a refund is requested after the cooling-off period, then it is refused with the end date', async () => {
    const res = await call('RequestRefund', { referenceId: '1OsSB0000000006AAA', recordId: '02iSB0000000001AAA' });
    expect(res.status).toBe(200);
    expect(res.body.patchResult).toMatchObject({ result: 'Error', recordId: '02iSB0000000001AAA' });
    expect(res.body.patchResult.message).toMatch(
      /^The cooling-off period for this subscription ended on \d{4}-\d{2}-\d{2}\.$/,
    );
    expect((await subscriptions()).find((s) => s.Id === '02iSB0000000001AAA').serviceStatus).toBe('Installed');
  });

  it('when the clock moves past the cooling-off period, then a refund that was allowed is refused', async () => {
    await fetch(`${base}/__sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceDays: 30 }),
    });
    expect((await call('RequestRefund', { recordId: '02iSB0000000003AAA' })).body.patchResult.result).toBe('Error');
  });

  it('when auto-renewal is turned off with a reason and back on, then the flag and reason follow', async () => {
    const off = await call(
      'CancelAutoRenewal',
      { referenceId: '1OsSB0000000005AAA', recordId: '02iSB0000000003AAA' },
      {
        cancelAutoRenewalItems: {
          cancellationReason: 'Other',
          additionalInfo: 'I only drive abroad in summer.',
          isCommerceStorefront: true,
        },
      },
    );
    expect(off.body.patchResult.result).toBe('Success');
    expect((await subscriptions()).find((s) => s.Id === '02iSB0000000003AAA')).toMatchObject({
      isAutoRenewalActivated: false,
      cancellationReason: 'Other',
      additionalInfo: 'I only drive abroad in summer.',
    });
    expect((await call('ReactivateAutoRenewal', { recordId: '02iSB0000000003AAA' })).body.patchResult.result).toBe(
      'Success',
    );
    expect((await subscriptions()).find((s) => s.Id === '02iSB0000000003AAA')).toMatchObject({
      isAutoRenewalActivated: true,
      cancellationReason: null,
      additionalInfo: null,
    });
  });

  it('when auto-renewal is changed for an unknown subscription, then 404', async () => {
    expect((await call('CancelAutoRenewal', { recordId: '02iSB0000000999AAA' })).status).toBe(404);
  });
});

describe('payment method', () => {
  it('when alex reads his payment information, then it is his Visa 4242 with a GB billing address', async () => {
    const res = await call('PaymentMethodInformation', { userId: alex.uid, brand: 'aurora' });
    expect(res.body).toMatchObject({
      accountRecordId: '001SB0000000001AAA',
      billingAddress: { countryCode: 'GB', city: 'London' },
      paymentMethod: {
        recordId: '0aESB0000000001AAA',
        type: 'Credit Card',
        SNPOMSCreditCardLast4_C: '4242',
        exp_month: 12,
        exp_year: 2030,
      },
    });
  });

  it('when kim reads hers, then nothing is stored; sam has no account', async () => {
    expect((await call('PaymentMethodInformation', { userId: kim.uid })).body).toEqual({
      accountRecordId: '001SB0000000002AAA',
      billingAddress: null,
      paymentMethod: null,
    });
    expect((await call('PaymentMethodInformation', { userId: sam.uid })).body.accountRecordId).toBeNull();
  });

  it('when the payment method is deleted, then every field of the record is blanked and nothing is shown', async () => {
    const res = await call('DeletePaymentMethod', { recordId: '0aESB0000000001AAA' });
    expect(res.body.patchResult.result).toBe('Success');
    const record = findPaymentRecord('0aESB0000000001AAA')!;
    for (const [key, value] of Object.entries(record)) {
      if (key === 'recordId' || key === 'accountId') continue;
      expect([null, ''], key).toContain(value);
    }
    expect((await call('PaymentMethodInformation', { userId: alex.uid })).body.paymentMethod).toBeNull();
  });

  it('when kim adds a card and alex updates his billing address, then both are read back', async () => {
    const added = await call(
      'AddPaymentMethod',
      { userId: kim.uid, recordId: '001SB0000000002AAA', brand: 'aurora' },
      {
        ipAddress: '203.0.113.24',
        paymentMethod: {
          SNP_OMS_PaymentType__c: 'Credit Card',
          SNP_OMS_CardType__c: 'Visa',
          SNP_OMS_PaymentMethodToken__c: 'pm_SandboxKimVisa4242',
          SNP_OMS_Last4Digits__c: '4242',
          SNP_OMS_BillingAddress__Street__s: 'Unter den Linden 5',
          SNP_OMS_BillingAddress__PostalCode__s: '10117',
          SNP_OMS_BillingAddress__CountryCode__s: 'DE',
          SNP_OMS_BillingAddress__City__s: 'Berlin',
          SNP_OMS_FirstName__c: 'Kim',
          SNP_OMS_LastName__c: 'Driver',
        },
      },
    );
    expect(added.body.patchResult.result).toBe('Success');
    expect((await call('PaymentMethodInformation', { userId: kim.uid })).body.paymentMethod.token).toBe(
      'pm_SandboxKimVisa4242',
    );
    await call(
      'UpdateBillingAddress',
      { recordId: '0aESB0000000001AAA' },
      {
        billingAddress: {
          SNP_OMS_BillingAddress__Street__s: '1 Piccadilly|Flat 4',
          SNP_OMS_BillingAddress__City__s: 'Manchester',
          SNP_OMS_BillingAddress__PostalCode__s: 'M1 1AA',
          SNP_OMS_BillingAddress__CountryCode__s: 'GB',
        },
      },
    );
    expect((await call('PaymentMethodInformation', { userId: alex.uid })).body.billingAddress).toMatchObject({
      address1: '1 Piccadilly',
      address2: 'Flat 4',
      city: 'Manchester',
    });
  });

  it('when an OMS record is flagged, then Success; an unknown one is 404', async () => {
    expect(
      (await call('UpdateOmsRecord', { recordId: '02iSB0000000001AAA', table: 'Asset', isRecordToBeUpdated: true }))
        .body,
    ).toEqual({ patchResult: { result: 'Success', recordId: '02iSB0000000001AAA' } });
    expect(
      (await call('UpdateOmsRecord', { recordId: '02iSB0000000999AAA', table: 'Asset', isRecordToBeUpdated: true }))
        .status,
    ).toBe(404);
  });
});

describe('documents', () => {
  it('when an invoice is asked for, then a real PDF naming the order comes back', async () => {
    const res = await som('CreditNotes', { recordType: 'Invoice', recordId: '8ad00000000000000000000000000005' });
    expect(res.body.error).toBeNull();
    const bytes = Buffer.from(res.body.PDFBlob, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('/OrderNumber (00001005)');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toContain('00001005');
  });

  it('when a credit note is asked for, then its PDF comes back', async () => {
    const res = await som('CreditNotes', { recordType: 'CreditNote', recordId: '8ad0c0de000000000000000000000015' });
    const bytes = Buffer.from(res.body.PDFBlob, 'base64');
    expect(bytes.toString('latin1')).toContain('/DocumentType (CreditNote)');
  });

  it('when the invoice is not issued yet or unknown, then PDFBlob is null and error says why', async () => {
    const pending = await som('CreditNotes', { recordType: 'Invoice', recordId: '8ad00000000000000000000000000018' });
    expect(pending.body).toEqual({ PDFBlob: null, error: expect.stringContaining('not been issued') });
    const unknown = await som('CreditNotes', { recordType: 'Invoice', recordId: '8ad00000000000000000000000000099' });
    expect(unknown.body.PDFBlob).toBeNull();
  });
});

describe('service proxy errors', () => {
  it('when the token is missing or wrong, then 401 Unauthorized in the ServiceError shape', async () => {
    for (const token of [null, 'wrong']) {
      const res = await som(
        'History',
        { controllerName: 'SOM', methodRequest: 'History', query: { userId: alex.uid } },
        token,
      );
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        isError: true,
        message: 'The service token is missing or invalid.',
        errorCode: 'Unauthorized',
      });
    }
  });

  it('when the body is missing, then 400 MissingBody', async () => {
    const res = await som('History', undefined);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ isError: true, errorCode: 'MissingBody' });
  });

  it('when a required query field is missing, then 400 MissingParameters naming it', async () => {
    const res = await call('History', { limit: 5 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      isError: true,
      message: 'Missing required parameters: userId',
      errorCode: 'MissingParameters',
    });
  });

  it('when the body is not JSON, then 400 in the ServiceError shape', async () => {
    const res = await fetch(`${base}/som/services/apexrest/SOM/History`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ isError: true });
  });
});
