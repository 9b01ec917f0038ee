/**
 * What an order and the order-management record keep of a bank debit's account (storefront §3
 * Order: c_iban_last4, c_bank, SNP_OMS_BankCode__c, SNP_OMS_PaymentInformation__c; §3 payment
 * method record "bank code"; issue 31). The mapping, from the facts Stripe gives of an iDEAL or
 * Bancontact set-up, is decision 020's:
 *
 * - c_iban_last4: the IBAN's last four characters (the generated SEPA method's `sepa_debit.last4`);
 * - c_bank: the bank as the bank method names it (iDEAL's `bank`, Bancontact's `bank_name`);
 * - SNP_OMS_BankCode__c: the account's bank code (the SEPA method's `sepa_debit.bank_code`), the
 *   "bank code" the record and the saved method's display carry;
 * - SNP_OMS_PaymentInformation__c: one line naming the method as a card's does ("Visa ending 4242"):
 *   the order-system type, the bank, its BIC and the IBAN's last four, "IDEAL rabobank (RABONL2U)
 *   IBAN ending 5264".
 */
import type { BankAccountFacts } from './provider.ts';

/** The SNP_OMS_PaymentInformation__c line of a bank debit of `type` (IDEAL or BANCONTACT). */
export function bankPaymentInformation(type: string, bank: BankAccountFacts): string {
  return [type, bank.bank, bank.bic && `(${bank.bic})`, bank.ibanLast4 && `IBAN ending ${bank.ibanLast4}`]
    .filter(Boolean)
    .join(' ');
}

/** The order's custom attributes of a bank debit of `type` (commerce OrderCustomAttributes). */
export function orderBankFields(type: string, bank: BankAccountFacts) {
  return {
    ...(bank.ibanLast4 ? { c_iban_last4: bank.ibanLast4 } : {}),
    ...(bank.bank ? { c_bank: bank.bank } : {}),
    ...(bank.bankCode ? { c_SNP_OMS_BankCode__c: bank.bankCode } : {}),
    c_SNP_OMS_PaymentInformation__c: bankPaymentInformation(type, bank),
  };
}
