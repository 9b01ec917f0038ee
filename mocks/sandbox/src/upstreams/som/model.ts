/**
 * The order-management stand-in's internal records: orders (order summary with items, payment,
 * fulfilment and return orders, invoice and credit notes), subscriptions (assets), accounts and
 * stored payment-method records. Converted to the contract's record shapes in records.ts.
 */
import type { components } from '../../../../../generated/som/types.ts';

export type OmsStatus = components['schemas']['OmsStatus'];
export type RefundStatus = components['schemas']['RefundStatus'];
export type OmsPaymentType = components['schemas']['OmsPaymentType'];

/** An 18-character record id: a 5-character key prefix, 10 digits, `AAA`. */
export function recordId(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(10, '0')}AAA`;
}

export const PREFIX = {
  order: '1OsSB',
  item: '10uSB',
  payment: '0bMSB',
  paymentMethod: '0aESB',
  refund: '0bRSB',
  fulfillment: '0a3SB',
  fulfillmentLine: '0a4SB',
  returnOrder: '0ROSB',
  returnLine: '0RLSB',
  asset: '02iSB',
  account: '001SB',
  creditNote: 'a0CSB',
} as const;

export const invoiceExternalId = (n: number) => `8ad${String(n).padStart(29, '0')}`;
export const creditNoteExternalId = (n: number) => `8ad0c0de${String(n).padStart(24, '0')}`;

export interface OmsItem {
  id: string;
  name: string;
  /** The variant's product id (cn-connected-navigation-12m). */
  productId: string;
  /** The master product id (cn-connected-navigation). */
  serviceId: string;
  status: OmsStatus;
  subscriptionType: string;
  image: string | null;
  termMonths: number | null;
  termType: 'Month' | 'Year' | null;
  featureType: string;
  isRefunded: boolean;
  amount: number;
  userManualUrl: string | null;
}

export interface OmsRefund {
  id: string;
  status: RefundStatus;
  captured: number;
  refunded: number;
}

export interface OmsPaymentMethodSnapshot {
  recordId: string | null;
  type: OmsPaymentType;
  cardType: string | null;
  last4: string | null;
  bankCode: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface OmsFulfillment {
  id: string;
  lineIds: string[];
  status: OmsStatus;
  downloadDate: string | null;
  installationDate: string | null;
}

export interface OmsReturn {
  id: string;
  lineIds: string[];
  status: OmsStatus;
  uninstallationDate: string | null;
  noRefundRequired: boolean;
}

export interface OmsCreditNote {
  id: string;
  name: string;
  status: NonNullable<components['schemas']['CreditNote']['Status']>;
  amount: number;
  createdDate: string;
  externalId: string;
}

export interface OmsBilling {
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  postalCode: string;
  stateCode: string | null;
  countryCode: string;
}

export interface OmsOrder {
  id: string;
  orderNo: string;
  userId: string;
  storefrontType: string;
  status: OmsStatus;
  createdDate: string;
  total: number;
  currency: string;
  items: OmsItem[];
  paymentId: string;
  paymentMethod: OmsPaymentMethodSnapshot;
  refunds: OmsRefund[];
  billing: OmsBilling;
  vehicleName: string | null;
  vin: string | null;
  brand: string | null;
  /** The billing-system invoice; `type` stays null until the invoice is issued. */
  invoice: { type: string | null; externalId: string } | null;
  isCancelled: boolean;
  noRefundRequired: boolean;
  fulfillments: OmsFulfillment[];
  returns: OmsReturn[];
  creditNotes: OmsCreditNote[];
  toBeUpdated?: boolean;
}

export interface OmsSubscription {
  id: string;
  referenceId: string | null;
  userId: string;
  vin: string;
  vehicleModel: string | null;
  vehicleMake: string | null;
  name: string;
  image: string | null;
  serviceId: string;
  productId: string;
  parentProductCode: string | null;
  servicePlan: string | null;
  servicePlanType: string | null;
  renewalPlan: string | null;
  renewalPlanType: string | null;
  price: number | null;
  currency: string | null;
  status: OmsStatus;
  expiryDate: string | null;
  coolingOffEnd: string | null;
  autoRenew: boolean;
  cancellationReason: string | null;
  additionalInfo: string | null;
  toBeUpdated?: boolean;
}

export interface OmsAccount {
  id: string;
  userId: string;
  enabled: boolean;
}

/** The stored payment-method record; removal blanks every field, the record stays. */
export interface OmsPaymentRecord {
  recordId: string;
  accountId: string;
  token: string;
  type: string;
  cardType: string;
  paymentInformation: string;
  last4: string;
  bankCode: string;
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  postalCode: string;
  countryCode: string;
  stateCode: string;
  ipAddress: string;
  expMonth: number | null;
  expYear: number | null;
  toBeUpdated?: boolean;
}

/** An update's outcome, as the order system's PatchResult tells it (here always naming the record). */
export interface PatchOutcome {
  result: components['schemas']['PatchResult']['result'];
  recordId: string;
  message?: string;
}
