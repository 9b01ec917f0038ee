/** The account's stored payment method in the order-management stand-in. */
import { describe, expect, it } from 'vitest';
import { findPaymentRecord } from './state.ts';
import { alex, kim, sam, somSandbox } from './test-helpers.ts';

const { call } = somSandbox();

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
