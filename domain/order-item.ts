/**
 * An order item's status on the order detail page, every reading together (account §4 "Deriving item
 * status", the mappings, the help texts; docs/decisions/007): what one item of an order shows.
 */
import {
  L,
  orderStatusTimeline,
  refundRecordLabel,
  STATUS_LABELS,
  statusKey,
  subscriptionStatusLabel,
  syntheticCancellationStatus,
  timelineFlow,
  type InstallationState,
  type StatusLabel,
  type TimelineFlow,
  type TimelineStep,
} from './order-status.ts';

// ---- Item status on order detail (account §4) --------------------------------------------------------------

const ORDER_DETAIL_LABEL_BY_KEY: Readonly<Record<string, StatusLabel>> = {
  payment_pending: L.orderPlaced,
  failed: L.installationFailed,
  pending_cancellation: L.cancellationRequested,
  canceled: L.cancelled,
  export_error: L.activationError,
  payment_failed: L.orderCancelled,
  payment_error: L.paymentFailed,
  failed_installation: L.installationFailed,
  success: L.active,
  draft: L.refundRequested,
  processed: L.refundIssued,
  error: L.refundError,
};

/**
 * Item status on order detail (no uninstall record); otherwise the current timeline step's label; a
 * cancellation or refund whose every step is done (Uninstalled, Refunded…) its last step's, since read
 * literally "else Active" would call an uninstalled item active (docs/decisions/007); else Active.
 */
export function orderDetailItemStatusLabel(status: string | null | undefined): StatusLabel {
  const mapped = ORDER_DETAIL_LABEL_BY_KEY[statusKey(status)];
  if (mapped) return mapped;
  const steps = orderStatusTimeline(status);
  const current = steps.find((s) => s.status === 'default');
  if (current) return current.label;
  const flow = timelineFlow(status);
  if ((flow === 'cancellation' || flow === 'refund') && steps.every((s) => s.status === 'done')) {
    return steps.at(-1)!.label;
  }
  return L.active;
}

/** Mapping when an uninstall record exists (account §4); undefined when the status has no rule. */
export function uninstallRecordStatusLabel(
  status: string | null | undefined,
  options: { noRefundRequired?: boolean } = {},
): StatusLabel | undefined {
  const key = statusKey(status);
  if (key === 'pending_cancellation' || key === 'pending_cancelation') {
    return options.noRefundRequired ? L.cancellationCompleted : L.cancellationRequested;
  }
  if (key === 'canceled' || key === 'cancelled') return L.cancelled;
  // account §4 writes "Ready for uninstallation -> Ready to install" here; its list of labels has
  // "ready to uninstall", which the mapping without an uninstall record gives (decision 007).
  if (key === 'ready_for_uninstallation') return L.readyToUninstall;
  return refundRecordLabel(status);
}

// ---- Deriving item status (account §4) ---------------------------------------------------------------------

export interface ItemStatusSources {
  returnOrder?: { Status?: string | null; SNPOMSNoRefundRequired_C?: boolean | null } | null;
  fulfillmentOrder?: { Status?: string | null } | null;
  /** SNPOMSIsRefunded_C on the item. */
  isRefunded?: boolean | null;
  /** Status of the payment refund record (Draft, Processed, Error). */
  refundStatus?: string | null;
}

/**
 * The return order is used when present, else the fulfillment order. A refunded-item marker sets Refund issued;
 * a refund record gives Refund requested (Draft), Refund issued (Processed) or Refund error (other); a return
 * order in Pending Cancellation becomes Canceled if no refund is required, else Cancellation Requested.
 */
export function deriveItemStatus(sources: ItemStatusSources): string | undefined {
  if (sources.isRefunded) return 'Refund issued';
  if (sources.refundStatus) {
    const key = statusKey(sources.refundStatus);
    if (key === 'draft') return 'Refund requested';
    if (key === 'processed') return 'Refund issued';
    return 'Refund error';
  }
  const returnOrder = sources.returnOrder ?? undefined;
  if (returnOrder) {
    const key = statusKey(returnOrder.Status);
    if (key === 'pending_cancellation' || key === 'pending_cancelation') {
      return returnOrder.SNPOMSNoRefundRequired_C ? 'Canceled' : 'Cancellation Requested';
    }
    return returnOrder.Status ?? undefined;
  }
  return sources.fulfillmentOrder?.Status ?? undefined;
}

// ---- One order item, every reading together (account §4; docs/decisions/007) --------------------------------

export interface OrderItemFacts {
  /** IsOrderCancelled_C and SNPOMSNoRefundRequired_C of the order. */
  orderCancelled: boolean;
  noRefundRequired: boolean;
  /** The order's own status (Payment Failed, Payment Error…): the item's when no record says more. */
  orderStatus: string | null | undefined;
  itemStatus?: string | null | undefined;
  fulfillmentOrder?: { Status?: string | null } | null | undefined;
  returnOrder?: { Status?: string | null; SNPOMSNoRefundRequired_C?: boolean | null } | null | undefined;
  isRefunded?: boolean | null | undefined;
  refundStatus?: string | null | undefined;
}

export interface OrderItemStatus {
  /** The derived raw status: synthetic cancellation, refund, return or fulfillment order, else the order's. */
  status: string;
  label: StatusLabel;
  flow: TimelineFlow | 'none';
  timeline: TimelineStep[];
  helpKind: HelpTextKind | undefined;
}

const REFUND_LABEL_BY_KEY: Readonly<Record<string, StatusLabel>> = {
  refund_requested: L.refundRequested,
  refund_issued: L.refundIssued,
  refund_error: L.refundError,
};

/** Where an item stands in its installation, for the synthetic cancellation statuses. */
export function installationState(
  fulfillmentStatus: string | null | undefined,
  returnStatus: string | null | undefined,
): InstallationState {
  if (statusKey(returnStatus) === 'ready_for_uninstallation') return 'readyToUninstall';
  const key = statusKey(fulfillmentStatus);
  if (['installed', 'success', 'active', 'deactivated', 'uninstalled'].includes(key)) return 'installed';
  if (
    ['triggered_download', 'ready_for_download', 'failed_waiting_for_retry', 'rejected_waiting_for_retry'].includes(key)
  ) {
    return 'readyToInstall';
  }
  return 'notInstalled';
}

/**
 * An order item's status on the order detail (account §4), read in this order: a cancelled order's
 * synthetic status takes the mapping of §4 "Mapping for a subscription or item"; a refund (the
 * refunded marker or the refund record) gives refund requested, issued or error; an uninstall record
 * (return order) its own mapping; otherwise "Item status on order detail", its default timeline step,
 * else Active. The timeline and the help text follow the derived status.
 */
export function orderItemStatus(facts: OrderItemFacts): OrderItemStatus {
  // An order whose payment failed or errored says so for its items (the order system also flags a
  // failed payment's order as cancelled: that is no cancellation of a service).
  const orderKey = statusKey(facts.orderStatus);
  const paymentOutcome = orderKey === 'payment_failed' || orderKey === 'payment_error';
  const synthetic = paymentOutcome
    ? undefined
    : syntheticCancellationStatus({
        orderCancelled: facts.orderCancelled,
        installation: installationState(facts.fulfillmentOrder?.Status, facts.returnOrder?.Status),
        noRefundRequired: facts.noRefundRequired || facts.returnOrder?.SNPOMSNoRefundRequired_C === true,
      });
  const derived =
    deriveItemStatus({
      returnOrder: facts.returnOrder ?? null,
      fulfillmentOrder: facts.fulfillmentOrder ?? null,
      isRefunded: facts.isRefunded ?? null,
      refundStatus: facts.refundStatus ?? null,
    }) ??
    facts.itemStatus ??
    facts.orderStatus ??
    '';
  const status = paymentOutcome ? facts.orderStatus! : (synthetic ?? derived);
  const label =
    (synthetic ? subscriptionStatusLabel(synthetic) : undefined) ??
    REFUND_LABEL_BY_KEY[statusKey(status)] ??
    (facts.returnOrder
      ? uninstallRecordStatusLabel(facts.returnOrder.Status, {
          noRefundRequired: facts.returnOrder.SNPOMSNoRefundRequired_C === true,
        })
      : undefined) ??
    (statusKey(status) === 'cancellation_requested' ? L.cancellationRequested : undefined) ??
    orderDetailItemStatusLabel(status);
  return {
    status,
    label,
    flow: timelineFlow(status) ?? 'none',
    timeline: orderStatusTimeline(status),
    helpKind: helpTextKind(status) ?? helpTextKind(STATUS_LABELS[label]),
  };
}

// ---- Help text per item status (account §4) ----------------------------------------------------------------

export type HelpTextKind =
  | 'installInstructions'
  | 'contactCentre'
  | 'activationError'
  | 'uninstallInstructions'
  | 'refundRequested'
  | 'refundIssued'
  | 'refundError'
  | 'paymentError'
  | 'paymentFailed';

const HELP_TEXT_BY_KEY: Readonly<Record<string, HelpTextKind>> = {
  triggered_download: 'installInstructions',
  failed_waiting_for_retry: 'installInstructions',
  rejected_waiting_for_retry: 'installInstructions',
  failed: 'contactCentre',
  failed_installation: 'contactCentre',
  export_error: 'activationError',
  ready_for_uninstallation: 'uninstallInstructions',
  refund_requested: 'refundRequested',
  refund_issued: 'refundIssued',
  refund_error: 'refundError',
  payment_error: 'paymentError',
  payment_failed: 'paymentFailed',
};

export function helpTextKind(status: string | null | undefined): HelpTextKind | undefined {
  return HELP_TEXT_BY_KEY[statusKey(status)];
}

/**
 * The help texts of account §4 in English (the client's catalogue, `account.help.<kind>`, carries them
 * in every language), with the link each one names. Quoted where the document quotes them; the
 * others say what the document describes.
 */
export const HELP_TEXTS: Record<HelpTextKind, { text: string; link?: string }> = {
  installInstructions: {
    text: 'Go to your vehicle and follow the instructions to complete the installation.',
    link: 'How to install features',
  },
  contactCentre: {
    text: 'Something went wrong with the installation. Please contact the Client Relationship Centre.',
    link: 'Help & Support',
  },
  activationError: { text: 'There was an error while activating your service.' },
  uninstallInstructions: { text: 'Go to your vehicle and follow the uninstallation instructions.' },
  refundRequested: { text: 'A refund request of {{amount}} is being processed.' },
  refundIssued: { text: 'A refund of {{amount}} has been initiated to {{cardType}} {{maskedDigits}}.' },
  refundError: {
    text: 'There was an error processing your refund. We will contact you if we need more information.',
  },
  paymentError: {
    text: 'We were unable to process this order due to an issue with the chosen payment method.',
    link: 'Edit payment method',
  },
  paymentFailed: {
    text: "Apologies, we couldn't process your payment, so we had to cancel your order. Check your payment details and try again.",
  },
};

/** The values a help text shows: the refund's amount and the card it goes to. */
export interface HelpTextValues {
  amount?: string;
  cardType?: string;
  /** The card's number masked but for its last four digits: '**** 1111'. */
  maskedDigits?: string;
}

interface HelpTextFacts {
  amount?: string | undefined;
  card?: { type?: string | null; last4?: string | null } | null | undefined;
}

/** The help text of an item: its kind (a stable key) and the values its words need. */
export function helpText(
  status: string | null | undefined,
  facts: HelpTextFacts = {},
): { kind: HelpTextKind; values: HelpTextValues } | undefined {
  return helpTextOf(helpTextKind(status), facts);
}

/** The help text of a kind (orderItemStatus's helpKind) with the values its words need. */
export function helpTextOf(
  kind: HelpTextKind | undefined,
  facts: HelpTextFacts = {},
): { kind: HelpTextKind; values: HelpTextValues } | undefined {
  if (!kind) return undefined;
  const values: HelpTextValues = {};
  if ((kind === 'refundRequested' || kind === 'refundIssued') && facts.amount) values.amount = facts.amount;
  if (kind === 'refundIssued' && facts.card) {
    if (facts.card.type) values.cardType = facts.card.type;
    if (facts.card.last4) values.maskedDigits = maskCardDigits(facts.card.last4);
  }
  return { kind, values };
}

/** '1111' → '**** 1111'. */
export function maskCardDigits(last4: string): string {
  return `**** ${last4.slice(-4)}`;
}
