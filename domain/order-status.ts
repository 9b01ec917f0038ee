// Order and item statuses: account §4 (status vocabulary, synthetic cancellation statuses, display labels,
// mappings, deriving item status, order-status timeline, help text), storefront §4 "Timeline by order status",
// account §2 My Orders / Order detail and account §9 limits.

/** Normalises a status for matching: 'Failed - Waiting for retry' → 'failed_waiting_for_retry', 'CancelInstallNoRefund' → 'cancel_install_no_refund'. */
export function statusKey(status: string | null | undefined): string {
  return (status ?? '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * Customer-facing display labels (account §4), by stable key, in the document's order: the 32 of its
 * list. The proxy sends the key; the client renders the words of its catalogue (`account.status.<key>`),
 * whose English is this table. Where the document's mappings or timelines name a label outside the
 * list, the list wins (docs/decisions/007-account-status-readings.md).
 */
export const STATUS_LABELS = {
  activationError: 'Activation error',
  orderPlaced: 'Order placed',
  readyToUninstall: 'Ready to uninstall',
  readyToInstall: 'Ready to install',
  activated: 'Activated',
  active: 'Active',
  cancellationRequested: 'Cancellation requested',
  success: 'Success',
  cancelled: 'Cancelled',
  inProgress: 'In progress',
  refundError: 'Refund error',
  refundIssued: 'Refund issued',
  refundRequested: 'Refund requested',
  cancellationCompleted: 'Cancellation completed',
  created: 'Created',
  paymentPending: 'Payment pending',
  paymentError: 'Payment error',
  paymentFailed: 'Payment failed',
  readyForExport: 'Ready for export',
  readyForDownload: 'Ready for download',
  exported: 'Exported',
  exportError: 'Export error',
  pending: 'Pending',
  installed: 'Installed',
  triggeredDownload: 'Triggered download',
  failed: 'Failed',
  rejected: 'Rejected',
  failedInstallation: 'Failed installation',
  installationFailed: 'Installation failed',
  stateNotMappedYet: 'State not mapped yet',
  renewed: 'Renewed',
  orderCancelled: 'Order cancelled',
} as const;
export type StatusLabel = keyof typeof STATUS_LABELS;
export const STATUS_LABEL_KEYS = Object.keys(STATUS_LABELS) as StatusLabel[];

/** Short versions of labels (account §4: cancellation requested → 'Requested', cancellation completed → 'Cancelled'). */
export const SHORT_STATUS_LABELS: Partial<Record<StatusLabel, string>> = {
  cancellationRequested: 'Requested',
  cancellationCompleted: 'Cancelled',
};

// ---- Synthetic cancellation statuses (account §4) -------------------------------------------------------

export const SYNTHETIC_CANCELLATION_STATUSES = [
  'CancelInstallNoRefund',
  'CancelInstallRefund',
  'CancelReadyToUninstallNoRefund',
  'CancelReadyToUninstallRefund',
  'CancelReadyToInstallNoRefund',
  'CancelReadyToInstallRefund',
  'CancelNoInstallNoRefund',
  'CancelNoInstallRefund',
] as const;
export type SyntheticCancellationStatus = (typeof SYNTHETIC_CANCELLATION_STATUSES)[number];

export type InstallationState = 'installed' | 'readyToInstall' | 'readyToUninstall' | 'notInstalled';

/**
 * Combines: the order was cancelled; the item's installation state; whether a refund is required.
 * Returns undefined when the order is not cancelled.
 */
export function syntheticCancellationStatus(facts: {
  orderCancelled: boolean;
  installation: InstallationState;
  noRefundRequired: boolean;
}): SyntheticCancellationStatus | undefined {
  if (!facts.orderCancelled) return undefined;
  const stem = {
    installed: 'CancelInstall',
    readyToInstall: 'CancelReadyToInstall',
    readyToUninstall: 'CancelReadyToUninstall',
    notInstalled: 'CancelNoInstall',
  }[facts.installation];
  return `${stem}${facts.noRefundRequired ? 'NoRefund' : 'Refund'}` as SyntheticCancellationStatus;
}

// ---- Mapping for a subscription or item with no uninstall record (account §4) ---------------------------

const L = Object.fromEntries(STATUS_LABEL_KEYS.map((key) => [key, key])) as { [K in StatusLabel]: K };

const SUBSCRIPTION_LABEL_BY_KEY: Readonly<Record<string, StatusLabel>> = {
  created: L.orderPlaced,
  payment_pending: L.orderPlaced,
  ready_for_export: L.orderPlaced,
  exported: L.orderPlaced,
  pending: L.orderPlaced,
  export_error: L.exportError,
  triggered_download: L.readyToInstall,
  rejected_waiting_for_retry: L.readyToInstall,
  failed_waiting_for_retry: L.readyToInstall,
  ready_for_download: L.readyToInstall,
  installed: L.active,
  success: L.active,
  failed: L.installationFailed,
  in_progress: L.inProgress,
  canceled: L.cancelled,
  cancelled: L.cancelled,
  cancel_install_no_refund: L.cancelled,
  cancel_no_install_no_refund: L.cancelled,
  pending_cancellation: L.cancellationRequested,
  pending_cancelation: L.cancellationRequested,
  cancel_ready_to_install_no_refund: L.cancellationRequested,
  cancel_ready_to_install_refund: L.cancellationRequested,
  cancel_ready_to_uninstall_no_refund: L.cancellationRequested,
  cancel_ready_to_uninstall_refund: L.cancellationRequested,
  ready_for_uninstallation: L.readyToUninstall,
  refunded: L.refundIssued,
  partially_refunded: L.refundIssued,
  cancel_install_refund: L.refundIssued,
  cancel_no_install_refund: L.refundIssued,
};

/** Display label for a subscription or item without an uninstall record; anything else → 'State not mapped yet'. */
export function subscriptionStatusLabel(status: string | null | undefined): StatusLabel {
  return SUBSCRIPTION_LABEL_BY_KEY[statusKey(status)] ?? L.stateNotMappedYet;
}

// ---- Refund record statuses (account §4: Draft, Processed, Error) -----------------------------------------

export function refundRecordLabel(refundStatus: string | null | undefined): StatusLabel | undefined {
  switch (statusKey(refundStatus)) {
    case 'draft':
      return L.refundRequested;
    case 'processed':
      return L.refundIssued;
    case 'error':
      return L.refundError;
    default:
      return undefined;
  }
}

// ---- Order-status timeline (account §4, storefront §4) ----------------------------------------------------

export type TimelineStepStatus = 'done' | 'default' | 'inactive';
export interface TimelineStep {
  label: StatusLabel;
  status: TimelineStepStatus;
}
export type TimelineFlow = 'renewal' | 'cancellation' | 'refund';

const step = (label: StatusLabel, status: TimelineStepStatus): TimelineStep => ({ label, status });

const RENEWAL_SECOND_STEPS: Readonly<Record<string, readonly TimelineStep[]>> = {
  payment_error: [step(L.paymentFailed, 'inactive')],
  created: [step(L.renewed, 'default')],
  payment_pending: [step(L.renewed, 'default')],
  ready_for_export: [step(L.renewed, 'default')],
  exported: [step(L.renewed, 'default')],
  pending: [step(L.renewed, 'default')],
  export_error: [step(L.activationError, 'inactive')],
  triggered_download: [step(L.readyToInstall, 'done'), step(L.activated, 'default')],
  failed_waiting_for_retry: [step(L.readyToInstall, 'done'), step(L.activated, 'default')],
  rejected_waiting_for_retry: [step(L.readyToInstall, 'done'), step(L.activated, 'default')],
  ready_for_download: [step(L.readyToInstall, 'done'), step(L.activated, 'default')],
  success: [step(L.renewed, 'done')],
  installed: [step(L.renewed, 'done')],
  failed: [step(L.renewed, 'inactive')],
  failed_installation: [step(L.renewed, 'inactive')],
  payment_failed: [step(L.orderCancelled, 'inactive')],
};

const CANCELLATION_NEXT_STEPS: Readonly<Record<string, readonly TimelineStep[]>> = {
  ready_for_uninstallation: [step(L.cancellationCompleted, 'default')],
  cancellation_requested: [step(L.cancellationCompleted, 'default')],
  uninstalled: [step(L.cancellationCompleted, 'done')],
  canceled: [step(L.refundIssued, 'done')],
  pending_cancellation: [step(L.cancellationCompleted, 'default')],
  pending_cancelation: [step(L.cancellationCompleted, 'default')],
  partially_refunded: [step(L.refundIssued, 'done')],
  refunded: [step(L.refundIssued, 'done')],
  cancel_install_no_refund: [step(L.readyToUninstall, 'done'), step(L.cancellationCompleted, 'done')],
  cancel_install_refund: [step(L.readyToUninstall, 'done'), step(L.refundIssued, 'done')],
  cancel_no_install_no_refund: [step(L.cancellationCompleted, 'done')],
  cancel_no_install_refund: [step(L.refundIssued, 'done')],
  cancel_ready_to_install_no_refund: [step(L.readyToInstall, 'default'), step(L.cancellationCompleted, 'default')],
  cancel_ready_to_install_refund: [step(L.readyToInstall, 'default'), step(L.refundIssued, 'default')],
  cancel_ready_to_uninstall_no_refund: [step(L.readyToUninstall, 'default'), step(L.cancellationCompleted, 'default')],
  cancel_ready_to_uninstall_refund: [step(L.readyToUninstall, 'default'), step(L.refundIssued, 'default')],
};

const REFUND_NEXT_STEPS: Readonly<Record<string, readonly TimelineStep[]>> = {
  refund_issued: [step(L.refundIssued, 'done')],
  refund_requested: [step(L.refundIssued, 'default')],
  refund_error: [step(L.refundError, 'inactive')],
};

/** The flow a status belongs to, or undefined when it shows no steps. */
export function timelineFlow(status: string | null | undefined): TimelineFlow | undefined {
  const key = statusKey(status);
  if (key in RENEWAL_SECOND_STEPS) return 'renewal';
  if (key in CANCELLATION_NEXT_STEPS) return 'cancellation';
  if (key in REFUND_NEXT_STEPS) return 'refund';
  return undefined;
}

/**
 * Steps for a status. Renewal starts with "Order placed" (done), cancellation with "Cancellation requested"
 * (done), refund with "Refund requested" (done). Any other status shows no steps.
 */
export function orderStatusTimeline(status: string | null | undefined): TimelineStep[] {
  const key = statusKey(status);
  const renewal = RENEWAL_SECOND_STEPS[key];
  if (renewal) return [step(L.orderPlaced, 'done'), ...renewal];
  const cancellation = CANCELLATION_NEXT_STEPS[key];
  if (cancellation) return [step(L.cancellationRequested, 'done'), ...cancellation];
  const refund = REFUND_NEXT_STEPS[key];
  if (refund) return [step(L.refundRequested, 'done'), ...refund];
  return [];
}

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

// ---- My Orders (account §2, §9) ------------------------------------------------------------------------------

export const ORDERS_PAGE_SIZE = 5;
export const ORDER_THUMBNAILS = { default: 4, tablet: 5 } as const;
export const ITEM_NAME_MAX_CHARS = 30;
export const ORDER_CANCELLED_TAG = 'Order Cancelled';

/** Connected navigation feature type (flow type CN, storefront §1). */
export function isConnectedNavigationFeatureType(featureType: string | null | undefined): boolean {
  const key = statusKey(featureType);
  return key === 'cn' || key === 'connected_navigation';
}

/** Lists only orders whose first item has feature type connected navigation. */
export function connectedNavigationOrders<
  T extends { OrderItemSummaries?: { records?: ReadonlyArray<{ SNPOMSFeatureType_C?: string | null }> | null } | null },
>(orders: readonly T[]): T[] {
  return orders.filter((o) =>
    isConnectedNavigationFeatureType(o.OrderItemSummaries?.records?.[0]?.SNPOMSFeatureType_C),
  );
}

/** Orders shown after `loadMoreClicks` presses of Load more: 5 first, 5 more each time. */
export function visibleOrderCount(total: number, loadMoreClicks: number): number {
  return Math.min(total, ORDERS_PAGE_SIZE * (loadMoreClicks + 1));
}

export interface OrdersPaging {
  shown: number;
  /** 'Showing X of Y orders', only when there are more than 5 orders. */
  summary: string | undefined;
  hasLoadMore: boolean;
}

export function ordersPaging(total: number, loadMoreClicks: number): OrdersPaging {
  const shown = visibleOrderCount(total, loadMoreClicks);
  return {
    shown,
    summary: total > ORDERS_PAGE_SIZE ? `Showing ${shown} of ${total} orders` : undefined,
    hasLoadMore: shown < total,
  };
}

/** '0 items', '1 item', 'n items'. */
export function itemCountText(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** Up to 4 thumbnails (5 on tablet) plus a '+N' remainder. */
export function orderThumbnails<T>(
  images: readonly T[],
  tablet = false,
): { visible: T[]; remainder: string | undefined } {
  const max = tablet ? ORDER_THUMBNAILS.tablet : ORDER_THUMBNAILS.default;
  const rest = images.length - max;
  return { visible: images.slice(0, max), remainder: rest > 0 ? `+${rest}` : undefined };
}

/** Item name truncated to 30 characters (an ellipsis marks the cut). */
export function truncateItemName(name: string, max: number = ITEM_NAME_MAX_CHARS): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}

/** 'Order Cancelled' tag when payment failed. */
export function orderCancelledTag(status: string | null | undefined): string | undefined {
  return statusKey(status) === 'payment_failed' ? ORDER_CANCELLED_TAG : undefined;
}

/** Order detail sections are sorted by item name. */
export function sortItemsByName<T extends { Name?: string | null }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.Name ?? '').localeCompare(b.Name ?? ''));
}
