/**
 * Payment methods as the account pages show them (proxy.yaml PaymentMethodDisplay; account §3 Saved
 * payment method, §5 card expiry): the stored record of the customer, and the method an order was
 * paid with.
 */
import type { components } from '../../../../generated/proxy/types.ts';
import { isCardExpired, paymentMethodType } from '../../../../domain/payment-method.ts';
import type { CardExpiry } from '../payments/provider.ts';
import type { Som } from '../../upstream/som.ts';

type Schemas = components['schemas'];

/** The front-end type of a stored record (account §3), undefined when it names no method. */
export const savedMethodType = (record: Som['PaymentMethodRecord'] | null | undefined) =>
  record ? paymentMethodType(record.SNPOMSType_C ?? record.type) : undefined;

/**
 * The saved method as a card shows it (account §3 Saved payment method, §5 card expiry): the
 * record's, with the card's expiry as the provider holds it when given (`expiry`), else the record's.
 */
export function savedMethodDisplay(
  record: Som['PaymentMethodRecord'] | null | undefined,
  now: number,
  expiry?: CardExpiry | null,
): Schemas['PaymentMethodDisplay'] | null {
  const type = savedMethodType(record);
  if (!record || !type) return null;
  const expMonth = expiry ? expiry.expMonth : (record.exp_month ?? null);
  const expYear = expiry ? expiry.expYear : (record.exp_year ?? null);
  return {
    type,
    brand: record.SNPOMSCardType_C?.toLowerCase() ?? null,
    last4: record.SNPOMSCreditCardLast4_C ?? null,
    expMonth,
    expYear,
    bankCode: record.SNPOMSBankCode_C ?? null,
    expired: isCardExpired(expYear, expMonth, now),
  };
}

/** The method an order was paid with (its first payment); the order system keeps no card expiry. */
export function orderMethodDisplay(order: Som['OrderSummary'] | undefined): Schemas['PaymentMethodDisplay'] | null {
  const method = order?.OrderPaymentSummaries?.records[0]?.PaymentMethod;
  const type = method && paymentMethodType(method.SNPOMSType_C);
  if (!method || !type) return null;
  return {
    type,
    brand: method.SNPOMSCardType_C?.toLowerCase() ?? null,
    last4: method.SNPOMSCreditCardLast4_C ?? null,
    expMonth: null,
    expYear: null,
    bankCode: method.SNPOMSBankCode_C ?? null,
    expired: false,
  };
}
