/** Subscriptions in the order-management stand-in: SubscriptionList, refunds and auto-renewal. */
import { describe, expect, it } from 'vitest';
import { zSubscriptionListResponse } from '../../../../../generated/som/zod/zod.gen.ts';
import { alex, kim, sam, somSandbox } from './test-helpers.ts';

const { base, call, subscriptions } = somSandbox();

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
    await fetch(`${base()}/__sandbox/clock`, {
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
