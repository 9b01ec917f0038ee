/**
 * The sandbox's controls on an order's fulfilment: the advance control walks an order one step along
 * its fulfilment (and a requested refund to its credit note), installing its subscriptions at the end;
 * the fail control puts it into one of account §4's failures.
 */
import { setVehicleExpiry } from '../vehicles/fleet.ts';
import { findVariant, productImage, termOf } from './items.ts';
import { creditNoteExternalId, invoiceExternalId, PREFIX, recordId, type OmsOrder, type OmsStatus } from './model.ts';
import { addDays, addMonths, next, nowIso, state, today } from './state.ts';
import { VEHICLES } from '../../seed.ts';

/** Cooling-off period after a purchase is installed, in days. */
export const COOLING_OFF_DAYS = 14;

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
  const now = nowIso();
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
  if (target === 'Triggered Download') fulfillment.downloadDate = now;
  if (target === 'Installed') {
    fulfillment.installationDate = now;
    fulfillment.downloadDate ??= now;
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
    createdDate: nowIso(),
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
