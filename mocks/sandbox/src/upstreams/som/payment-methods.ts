/**
 * The account's stored payment-method record (AddPaymentMethod, UpdatePaymentMethod,
 * DeletePaymentMethod, UpdateBillingAddress) and the sandbox's card-expiry control on it.
 */
import type { components } from '../../../../../generated/som/types.ts';
import { PREFIX, recordId, type OmsPaymentRecord, type PatchOutcome } from './model.ts';
import { findAccount, findPaymentRecord, next, paymentRecordOfAccount, state } from './state.ts';

/** A payment-method record with every field blank: what removal leaves, or a new record before it is filled. */
export function blankPaymentRecord(recordIdValue: string, accountId: string): OmsPaymentRecord {
  return {
    recordId: recordIdValue,
    accountId,
    token: '',
    type: '',
    cardType: '',
    paymentInformation: '',
    last4: '',
    bankCode: '',
    firstName: '',
    lastName: '',
    street: '',
    city: '',
    postalCode: '',
    countryCode: '',
    stateCode: '',
    ipAddress: '',
    expMonth: null,
    expYear: null,
  };
}

/** The payment save payload (account-area §3) as the contract writes it. */
type PaymentPayload = components['schemas']['PaymentSavePayload'];

function applyPayment(record: OmsPaymentRecord, payload: PaymentPayload, ipAddress: string | undefined): void {
  record.token = payload.SNP_OMS_PaymentMethodToken__c;
  record.type = payload.SNP_OMS_PaymentType__c;
  record.cardType = payload.SNP_OMS_CardType__c ?? '';
  record.paymentInformation = payload.SNP_OMS_PaymentInformation__c ?? '';
  record.last4 = payload.SNP_OMS_Last4Digits__c ?? '';
  record.bankCode = payload.SNP_OMS_BankCode__c ?? '';
  record.firstName = payload.SNP_OMS_FirstName__c ?? record.firstName;
  record.lastName = payload.SNP_OMS_LastName__c ?? record.lastName;
  record.street = payload.SNP_OMS_BillingAddress__Street__s ?? record.street;
  record.city = payload.SNP_OMS_BillingAddress__City__s ?? record.city;
  record.postalCode = payload.SNP_OMS_BillingAddress__PostalCode__s ?? record.postalCode;
  record.countryCode = payload.SNP_OMS_BillingAddress__CountryCode__s ?? record.countryCode;
  record.stateCode = payload.SNP_OMS_BillingAddress__StateCode__s ?? '';
  record.ipAddress = ipAddress ?? record.ipAddress;
  // The save payload carries no expiry; a token change forgets the old card's expiry.
  record.expMonth = null;
  record.expYear = null;
}

/** Creates (or fills a blanked) payment-method record for an account that has none. */
export function addPaymentMethod(accountId: string, payload: PaymentPayload, ipAddress?: string): PatchOutcome {
  const account = findAccount(accountId);
  if (!account) return { result: 'Error', recordId: accountId, message: `No account found for id ${accountId}` };
  let record = paymentRecordOfAccount(account.id);
  if (record && record.token !== '')
    return {
      result: 'Error',
      recordId: record.recordId,
      message: 'The account already has a payment method; update it instead.',
    };
  if (!record) {
    record = blankPaymentRecord(recordId(PREFIX.paymentMethod, next()), account.id);
    state.paymentRecords.push(record);
  }
  applyPayment(record, payload, ipAddress);
  return { result: 'Success', recordId: record.recordId };
}

export function updatePaymentMethod(id: string, payload: PaymentPayload, ipAddress?: string): PatchOutcome | undefined {
  const record = findPaymentRecord(id);
  if (!record) return undefined;
  applyPayment(record, payload, ipAddress);
  return { result: 'Success', recordId: record.recordId };
}

/** Removal blanks every field of the record; the record itself stays. */
export function deletePaymentMethod(id: string): PatchOutcome | undefined {
  const record = findPaymentRecord(id);
  if (!record) return undefined;
  Object.assign(record, blankPaymentRecord(record.recordId, record.accountId));
  return { result: 'Success', recordId: record.recordId };
}

export function updateBillingAddress(
  id: string,
  address: components['schemas']['BillingAddressPayload'],
): PatchOutcome | undefined {
  const record = findPaymentRecord(id);
  if (!record) return undefined;
  record.firstName = address.SNP_OMS_FirstName__c ?? record.firstName;
  record.lastName = address.SNP_OMS_LastName__c ?? record.lastName;
  record.street = address.SNP_OMS_BillingAddress__Street__s;
  record.city = address.SNP_OMS_BillingAddress__City__s;
  record.postalCode = address.SNP_OMS_BillingAddress__PostalCode__s;
  record.countryCode = address.SNP_OMS_BillingAddress__CountryCode__s;
  record.stateCode = ['US', 'CA'].includes(address.SNP_OMS_BillingAddress__CountryCode__s)
    ? (address.SNP_OMS_BillingAddress__StateCode__s ?? '')
    : '';
  return { result: 'Success', recordId: record.recordId };
}

/** Sets the card expiry of the payment records carrying `token` (the expiry control); false when none does. */
export function setPaymentRecordExpiry(token: string, expMonth: number, expYear: number): boolean {
  const records = state.paymentRecords.filter((p) => p.token !== '' && p.token === token);
  for (const record of records) {
    record.expMonth = expMonth;
    record.expYear = expYear;
  }
  return records.length > 0;
}
