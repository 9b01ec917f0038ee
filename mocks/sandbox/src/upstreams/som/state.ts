/**
 * The order-management stand-in's state and the changes the account area and the controls make
 * to it. Module-level, so that the commerce stand-in (recordPlacedOrder) and the controls
 * (advanceOrder) reach the same orders the `/som` routes serve.
 */
import { Clock, DAY_MS } from '../../core/clock.ts';
import { SHOPPERS, VEHICLES } from '../../seed.ts';
import { setVehicleExpiry } from '../vehicles/fleet.ts';
import {
  creditNoteExternalId,
  invoiceExternalId,
  PREFIX,
  recordId,
  type OmsAccount,
  type OmsBilling,
  type OmsOrder,
  type OmsPaymentRecord,
  type OmsPaymentType,
  type OmsStatus,
  type OmsSubscription,
} from './model.ts';
import {
  blankPaymentRecord,
  buildItem,
  buildSeedAccounts,
  buildSeedOrders,
  buildSeedPaymentRecords,
  buildSeedSubscriptions,
  COOLING_OFF_DAYS,
  findVariant,
  productImage,
  termOf,
} from './seed-data.ts';

interface SomState {
  orders: OmsOrder[];
  subscriptions: OmsSubscription[];
  accounts: OmsAccount[];
  paymentRecords: OmsPaymentRecord[];
  /** Next number for records created at run time (orders placed, assets, payment records). */
  sequence: number;
  /**
   * Whether Details and CreditNoteDetails answer only for the userId they are given (the seed's way).
   * Off (`PUT /__sandbox/som/ownership-filter`), they answer by order or invoice id alone, as an
   * order system that does not filter would: the shop must prove ownership itself (issue 30).
   */
  ownershipFilter: boolean;
}

let clock = new Clock();
let state: SomState = fresh();

function fresh(): SomState {
  return {
    orders: buildSeedOrders(clock),
    subscriptions: buildSeedSubscriptions(clock),
    accounts: buildSeedAccounts(),
    paymentRecords: buildSeedPaymentRecords(),
    sequence: 100,
    ownershipFilter: true,
  };
}

/** Uses the sandbox clock from now on and puts the state back to the seed. */
export function resetSom(withClock?: Clock): void {
  if (withClock) clock = withClock;
  state = fresh();
}

/** Switches the ownership filter of Details and CreditNoteDetails (on after every reset). */
export function setOwnershipFilter(enabled: boolean): void {
  state.ownershipFilter = enabled;
}

/** Whether a record of `owner` may be answered to a request naming `userId` (none: not filtered). */
export function answersFor(owner: string, userId: string | undefined): boolean {
  return !state.ownershipFilter || !userId || owner === userId;
}

const today = () => clock.now().toISOString().slice(0, 10);
const next = () => ++state.sequence;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function addMonths(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

// ---------- reads ----------

export function ordersOf(userId: string): OmsOrder[] {
  return state.orders.filter((o) => o.userId === userId);
}

export function findOrder(by: { id?: string; orderNo?: string }): OmsOrder | undefined {
  if (by.id) {
    const order = state.orders.find((o) => o.id === by.id);
    if (order) return order;
  }
  if (by.orderNo) return state.orders.find((o) => o.orderNo === by.orderNo);
  return undefined;
}

export function subscriptionsOf(userId: string): OmsSubscription[] {
  return state.subscriptions.filter((s) => s.userId === userId);
}

export function findSubscription(id: string): OmsSubscription | undefined {
  return state.subscriptions.find((s) => s.id === id);
}

export function accountOf(userId: string): OmsAccount | undefined {
  return state.accounts.find((a) => a.userId === userId);
}

export function findAccount(id: string): OmsAccount | undefined {
  return state.accounts.find((a) => a.id === id);
}

export function paymentRecordOfAccount(accountId: string): OmsPaymentRecord | undefined {
  return state.paymentRecords.find((p) => p.accountId === accountId);
}

export function findPaymentRecord(id: string): OmsPaymentRecord | undefined {
  return state.paymentRecords.find((p) => p.recordId === id);
}

export function findInvoice(externalId: string): OmsOrder | undefined {
  return state.orders.find((o) => o.invoice?.externalId === externalId);
}

export function findCreditNote(externalId: string) {
  for (const order of state.orders) {
    const note = order.creditNotes.find((c) => c.externalId === externalId);
    if (note) return { order, note };
  }
  return undefined;
}

export function isExpired(sub: OmsSubscription): boolean {
  return sub.expiryDate !== null && sub.expiryDate < today();
}

/** Within 62 days before expiry and not expired. */
export function isExpiring(sub: OmsSubscription): boolean {
  if (sub.expiryDate === null || isExpired(sub)) return false;
  return sub.expiryDate <= addDays(today(), 62);
}

// ---------- orders placed through the commerce stand-in ----------

export interface PlacedOrderLine {
  /** Variant product id (cn-connected-navigation-12m); a master id takes its first variant. */
  productId: string;
  /** Price of the line including tax, in the order's currency. */
  price: number;
  name?: string;
}

export interface PlacedOrder {
  /** The commerce order number. */
  orderNo: string;
  /** The shopper's identity id (Shopper.uid); a commerce customer id or email is mapped to it. */
  userId: string;
  vin: string;
  currency: string;
  lines: PlacedOrderLine[];
  /** Order total; the sum of the lines when absent. */
  total?: number;
  billingAddress: {
    firstName: string;
    lastName: string;
    address1: string;
    address2?: string | null;
    city: string;
    postalCode: string;
    countryCode: string;
    stateCode?: string | null;
  };
  payment: {
    type: OmsPaymentType;
    cardType?: string | null;
    last4?: string | null;
    bankCode?: string | null;
  };
  /** Created (payment not confirmed yet) or Payment Pending (the default). */
  status?: 'Created' | 'Payment Pending';
  /** Renewal (the default) or New. */
  subscriptionType?: string;
  storefrontType?: string;
  /** ISO date-time; the sandbox clock's now when absent. */
  createdDate?: string;
}

function resolveUserId(value: string): string {
  const shopper = SHOPPERS.find(
    (s) => s.uid === value || s.customerId === value || s.email === value || s.sapCdcId === value,
  );
  return shopper?.uid ?? value;
}

/**
 * Records an order placed through the commerce stand-in, so that it appears in History and
 * Details (status Payment Pending unless told otherwise). Recording the same order number again
 * returns the order already recorded.
 */
export function recordPlacedOrder(placed: PlacedOrder): { Id: string; OrderNumber: string } {
  const existing = state.orders.find((o) => o.orderNo === placed.orderNo);
  if (existing) return { Id: existing.id, OrderNumber: existing.orderNo };
  const n = next();
  const status: OmsStatus = placed.status ?? 'Payment Pending';
  const vehicle = VEHICLES.find((v) => v.vin === placed.vin);
  const items = placed.lines.map((line, index) => {
    const item = buildItem(
      recordId(PREFIX.item, n + index * 1_000_000),
      line.productId,
      status,
      line.price,
      placed.subscriptionType ?? 'Renewal',
    );
    if (line.name) item.name = line.name;
    return item;
  });
  const shopperName = { first: placed.billingAddress.firstName, last: placed.billingAddress.lastName };
  const street = placed.billingAddress.address2
    ? `${placed.billingAddress.address1}|${placed.billingAddress.address2}`
    : placed.billingAddress.address1;
  const order: OmsOrder = {
    id: recordId(PREFIX.order, n),
    orderNo: placed.orderNo,
    userId: resolveUserId(placed.userId),
    storefrontType: placed.storefrontType ?? 'B2C',
    status,
    createdDate: placed.createdDate ?? clock.now().toISOString(),
    total: placed.total ?? Math.round(placed.lines.reduce((sum, l) => sum + l.price, 0) * 100) / 100,
    currency: placed.currency,
    items,
    paymentId: recordId(PREFIX.payment, n),
    paymentMethod: {
      recordId: null,
      type: placed.payment.type,
      cardType: placed.payment.cardType ?? null,
      last4: placed.payment.last4 ?? null,
      bankCode: placed.payment.bankCode ?? null,
      firstName: shopperName.first,
      lastName: shopperName.last,
    },
    refunds: [],
    billing: {
      firstName: placed.billingAddress.firstName,
      lastName: placed.billingAddress.lastName,
      street,
      city: placed.billingAddress.city,
      postalCode: placed.billingAddress.postalCode,
      stateCode: placed.billingAddress.stateCode ?? null,
      countryCode: placed.billingAddress.countryCode,
    } satisfies OmsBilling,
    vehicleName: vehicle?.model ?? null,
    vin: placed.vin,
    brand: vehicle?.brand ?? null,
    invoice: null,
    isCancelled: false,
    noRefundRequired: false,
    fulfillments: [],
    returns: [],
    creditNotes: [],
  };
  state.orders.push(order);
  return { Id: order.id, OrderNumber: order.orderNo };
}

// ---------- the advance control ----------

/** The fulfilment walk the `/__sandbox/orders/:orderNo/advance` control takes, one step a call. */
const NEXT_STATUS: Partial<Record<OmsStatus, OmsStatus>> = {
  Created: 'Ready for export',
  'Payment Pending': 'Ready for export',
  Pending: 'Ready for export',
  'Export Error': 'Ready for export',
  'Ready for export': 'Exported',
  Exported: 'Triggered Download',
  'Triggered Download': 'Ready for download',
  'Failed - Waiting for retry': 'Ready for download',
  'Rejected - Waiting for retry': 'Ready for download',
  'Ready for download': 'Installed',
};

export class AdvanceError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * Moves an order one step along Created/Payment Pending → Ready for export → Exported →
 * Triggered Download → Ready for download → Installed. The invoice is issued when the order is
 * ready for export (payment captured); at Installed the subscription of each item becomes
 * Installed with its new expiry (the old expiry, or today if past, plus the term), a new
 * cooling-off period, and the vehicle record shows the new expiry. Throws AdvanceError (404
 * unknown order, 409 nothing to advance).
 */
export function advanceOrder(orderNo: string): OmsStatus {
  const order = state.orders.find((o) => o.orderNo === orderNo);
  if (!order) throw new AdvanceError(404, `No order ${orderNo}.`);
  if (order.status === 'Refund requested') return issueRefund(order);
  const target = NEXT_STATUS[order.status];
  if (!target) throw new AdvanceError(409, `Order ${orderNo} is ${order.status}; it cannot be advanced.`);
  const nowIso = clock.now().toISOString();
  order.status = target;
  for (const item of order.items) if (!item.isRefunded) item.status = target;
  let fulfillment = order.fulfillments[0];
  if (!fulfillment) {
    const n = Number(order.id.slice(5, 15));
    fulfillment = {
      id: recordId(PREFIX.fulfillment, n),
      lineIds: order.items.map((_, i) => recordId(PREFIX.fulfillmentLine, n + i * 1_000_000)),
      status: target,
      downloadDate: null,
      installationDate: null,
    };
    order.fulfillments.push(fulfillment);
  }
  fulfillment.status = target;
  if (target === 'Ready for export') {
    const n = Number(order.id.slice(5, 15));
    order.invoice = { type: 'Invoice', externalId: order.invoice?.externalId ?? invoiceExternalId(n) };
  }
  if (target === 'Triggered Download') fulfillment.downloadDate = nowIso;
  if (target === 'Installed') {
    fulfillment.installationDate = nowIso;
    fulfillment.downloadDate ??= nowIso;
    installSubscriptions(order);
  }
  return target;
}

/** The failures the fail control puts an order into (account §4's failure statuses). */
export const FAILURE_STATUSES = [
  'Export Error',
  'Failed',
  'Failed Installation',
  'Payment Error',
  'Refund error',
] as const;
export type FailureStatus = (typeof FAILURE_STATUSES)[number];

/**
 * Moves an order into a failure (the sandbox's fail control): an export or installation failure on
 * its fulfillment order, a payment error on the order, a refund error on its refund record.
 */
export function failOrder(orderNo: string, status: FailureStatus): OmsStatus {
  const order = state.orders.find((o) => o.orderNo === orderNo);
  if (!order) throw new AdvanceError(404, `No order ${orderNo}.`);
  if (status === 'Refund error') {
    const refund = order.refunds.find((r) => r.status === 'Draft') ?? order.refunds[0];
    if (!refund) throw new AdvanceError(409, `Order ${orderNo} has no refund to fail.`);
    refund.status = 'Error';
  } else if (status !== 'Payment Error') {
    const fulfillment = order.fulfillments[0];
    if (fulfillment) fulfillment.status = status;
    else {
      const n = Number(order.id.slice(5, 15));
      order.fulfillments.push({
        id: recordId(PREFIX.fulfillment, n),
        lineIds: order.items.map((_, i) => recordId(PREFIX.fulfillmentLine, n + i * 1_000_000)),
        status,
        downloadDate: null,
        installationDate: null,
      });
    }
  }
  order.status = status;
  for (const item of order.items) item.status = status;
  return order.status;
}

/** Enables or disables a customer's order-management account (isCustomerEnabled); false without one. */
export function setCustomerEnabled(userId: string, enabled: boolean): boolean {
  const account = state.accounts.find((a) => a.userId === userId);
  if (!account) return false;
  account.enabled = enabled;
  return true;
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

/**
 * Processes a requested refund (the advance control's step after "Refund requested"): the draft
 * refund is processed, the items are marked refunded, the return order is cancelled and a posted
 * credit note for the refunded amount is issued against the order's invoice.
 */
function issueRefund(order: OmsOrder): OmsStatus {
  const n = Number(order.id.slice(5, 15));
  const amount = order.refunds
    .filter((r) => r.status === 'Draft')
    .reduce((sum, r) => {
      r.status = 'Processed';
      return sum + r.refunded;
    }, 0);
  order.status = 'Refund issued';
  for (const item of order.items) {
    item.status = 'Refund issued';
    item.isRefunded = true;
  }
  for (const ret of order.returns) ret.status = 'Canceled';
  const index = order.creditNotes.length;
  order.creditNotes.push({
    id: recordId(PREFIX.creditNote, n + index * 1_000_000),
    name: `CN-${order.orderNo}-${index + 1}`,
    status: 'Posted',
    amount: amount || order.total,
    createdDate: clock.now().toISOString(),
    externalId: creditNoteExternalId(n + index * 1_000_000),
  });
  return order.status;
}

function installSubscriptions(order: OmsOrder): void {
  if (!order.vin) return;
  const vehicle = VEHICLES.find((v) => v.vin === order.vin);
  for (const item of order.items) {
    const found = findVariant(item.productId);
    if (!found) continue;
    const { product, variant } = found;
    const term = termOf(variant);
    let sub = state.subscriptions.find(
      (s) => s.userId === order.userId && s.vin === order.vin && s.serviceId === product.id,
    );
    if (!sub) {
      sub = {
        id: recordId(PREFIX.asset, next()),
        referenceId: order.id,
        userId: order.userId,
        vin: order.vin,
        vehicleModel: vehicle?.model ?? order.vehicleName,
        vehicleMake: vehicle?.brand ?? order.brand,
        name: product.name,
        image: productImage(product),
        serviceId: product.id,
        productId: variant.productId,
        parentProductCode: product.flowType,
        servicePlan: null,
        servicePlanType: null,
        renewalPlan: '12',
        renewalPlanType: 'Month',
        price: null,
        currency: null,
        status: 'Installed',
        expiryDate: null,
        coolingOffEnd: null,
        autoRenew: false,
        cancellationReason: null,
        additionalInfo: null,
      };
      state.subscriptions.push(sub);
    }
    const start = sub.expiryDate && sub.expiryDate > today() ? sub.expiryDate : today();
    sub.referenceId = order.id;
    sub.productId = variant.productId;
    sub.servicePlan = term.termMonths === null ? null : String(variant.subscriptionDuration);
    sub.servicePlanType = term.termType;
    sub.price = item.amount;
    sub.currency = order.currency;
    sub.status = 'Installed';
    sub.expiryDate = term.termMonths === null ? null : addMonths(start, term.termMonths);
    sub.coolingOffEnd = addDays(today(), COOLING_OFF_DAYS);
    if (sub.expiryDate) setVehicleExpiry(order.vin, product.id, sub.expiryDate);
  }
}

// ---------- account-area updates ----------

export interface PatchOutcome {
  result: 'Success' | 'Error';
  recordId: string;
  message?: string;
}

const ENDED: OmsStatus[] = ['Refund requested', 'Refund issued', 'Refunded', 'Canceled', 'Cancelled', 'Uninstalled'];

/**
 * A refund ends the service immediately: the subscription becomes Refund requested (auto-renewal
 * off, reason recorded, expiry yesterday, on the vehicle too); its order becomes Refund requested
 * with a return order in Pending Cancellation and a Draft refund of the order total. Allowed only
 * up to CoolingOffPeriodEndDate. Undefined when the subscription does not exist.
 */
export function requestRefund(
  subscriptionId: string,
  referenceId: string | undefined,
  reason: { cancellationReason?: string; additionalInfo?: string },
): PatchOutcome | undefined {
  const sub = findSubscription(subscriptionId);
  if (!sub) return undefined;
  if (ENDED.includes(sub.status))
    return { result: 'Error', recordId: sub.id, message: 'A refund has already been requested for this subscription.' };
  if (!sub.coolingOffEnd || today() > sub.coolingOffEnd)
    return {
      result: 'Error',
      recordId: sub.id,
      message: sub.coolingOffEnd
        ? `The cooling-off period for this subscription ended on ${sub.coolingOffEnd}.`
        : 'This subscription has no cooling-off period.',
    };
  const yesterday = addDays(today(), -1);
  sub.status = 'Refund requested';
  sub.autoRenew = false;
  sub.cancellationReason = reason.cancellationReason || null;
  sub.additionalInfo = reason.additionalInfo ?? null;
  sub.expiryDate = yesterday;
  setVehicleExpiry(sub.vin, sub.serviceId, yesterday);
  const order = findOrder({ id: referenceId ?? sub.referenceId ?? undefined });
  if (order) {
    const n = Number(order.id.slice(5, 15));
    order.status = 'Refund requested';
    for (const item of order.items) item.status = 'Refund requested';
    if (order.returns.length === 0)
      order.returns.push({
        id: recordId(PREFIX.returnOrder, n),
        lineIds: order.items.map((_, i) => recordId(PREFIX.returnLine, n + i * 1_000_000)),
        status: 'Pending Cancellation',
        uninstallationDate: null,
        noRefundRequired: false,
      });
    if (!order.refunds.some((r) => r.status === 'Draft'))
      order.refunds.push({
        id: recordId(PREFIX.refund, n + order.refunds.length * 1_000_000),
        status: 'Draft',
        captured: order.total,
        refunded: order.total,
      });
  }
  return { result: 'Success', recordId: sub.id };
}

export function cancelAutoRenewal(
  subscriptionId: string,
  reason: { cancellationReason?: string; additionalInfo?: string },
): PatchOutcome | undefined {
  const sub = findSubscription(subscriptionId);
  if (!sub) return undefined;
  if (ENDED.includes(sub.status))
    return { result: 'Error', recordId: sub.id, message: `The subscription is ${sub.status}.` };
  sub.autoRenew = false;
  sub.cancellationReason = reason.cancellationReason || null;
  sub.additionalInfo = reason.additionalInfo ?? null;
  return { result: 'Success', recordId: sub.id };
}

export function reactivateAutoRenewal(subscriptionId: string): PatchOutcome | undefined {
  const sub = findSubscription(subscriptionId);
  if (!sub) return undefined;
  if (ENDED.includes(sub.status))
    return { result: 'Error', recordId: sub.id, message: `The subscription is ${sub.status}.` };
  sub.autoRenew = true;
  sub.cancellationReason = null;
  sub.additionalInfo = null;
  return { result: 'Success', recordId: sub.id };
}

/** Flags a record of `table` (Asset, OrderSummary or a payment-method table) for update. */
export function updateOmsRecord(id: string, table: string, flag: boolean): boolean {
  const t = table.toLowerCase();
  const target =
    (['asset', 'subscription'].includes(t) && findSubscription(id)) ||
    (['ordersummary', 'order'].includes(t) && findOrder({ id })) ||
    (t.includes('payment') && findPaymentRecord(id)) ||
    undefined;
  if (!target) return false;
  target.toBeUpdated = flag;
  return true;
}

export interface PaymentPayload {
  SNP_OMS_PaymentType__c: string;
  SNP_OMS_CardType__c?: string;
  SNP_OMS_PaymentInformation__c?: string;
  SNP_OMS_PaymentMethodToken__c: string;
  SNP_OMS_BankCode__c?: string;
  SNP_OMS_Last4Digits__c?: string;
  SNP_OMS_BillingAddress__Street__s?: string;
  SNP_OMS_BillingAddress__PostalCode__s?: string;
  SNP_OMS_BillingAddress__CountryCode__s?: string;
  SNP_OMS_BillingAddress__City__s?: string;
  SNP_OMS_BillingAddress__StateCode__s?: string;
  SNP_OMS_FirstName__c?: string;
  SNP_OMS_LastName__c?: string;
}

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
  address: {
    SNP_OMS_FirstName__c?: string;
    SNP_OMS_LastName__c?: string;
    SNP_OMS_BillingAddress__Street__s: string;
    SNP_OMS_BillingAddress__PostalCode__s: string;
    SNP_OMS_BillingAddress__CountryCode__s: string;
    SNP_OMS_BillingAddress__City__s: string;
    SNP_OMS_BillingAddress__StateCode__s?: string;
  },
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
