// Order and item statuses: account §4 (status vocabulary, synthetic cancellation statuses, display labels,
// mappings, deriving item status, order-status timeline, help text), storefront §4 "Timeline by order status",
// account §2 My Orders / Order detail and account §9 limits.
import type { components } from '../generated/proxy/types.ts';

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
} as const satisfies Record<components['schemas']['DisplayStatus'], string>;
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

/** Each label's key by its name: `L.orderPlaced` is 'orderPlaced', checked by the compiler. */
export const L = Object.fromEntries(STATUS_LABEL_KEYS.map((key) => [key, key])) as { [K in StatusLabel]: K };

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
