/**
 * The account area's updates of a subscription (RequestRefund, CancelAutoRenewal,
 * ReactivateAutoRenewal) and UpdateOmsRecord's flag, as the order system makes them.
 */
import { setVehicleExpiry } from '../vehicles/fleet.ts';
import { PREFIX, recordId, type OmsStatus, type PatchOutcome } from './model.ts';
import { addDays, findOrder, findPaymentRecord, findSubscription, today } from './state.ts';

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
