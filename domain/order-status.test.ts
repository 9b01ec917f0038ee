import { describe, expect, it } from 'vitest';
import {
  type InstallationState,
  orderStatusTimeline,
  SHORT_STATUS_LABELS,
  STATUS_LABEL_KEYS,
  STATUS_LABELS,
  statusKey,
  subscriptionStatusLabel,
  syntheticCancellationStatus,
  timelineFlow,
  type TimelineStepStatus,
} from './order-status.ts';

// The rows name labels in the document's words; the functions give their stable keys.
const words = (key: string | undefined) =>
  key === undefined ? undefined : STATUS_LABELS[key as keyof typeof STATUS_LABELS];
type S = [string, TimelineStepStatus];
const steps = (...s: S[]) => s.map(([label, status]) => ({ label, status }));
const inWords = (timeline: ReturnType<typeof orderStatusTimeline>) =>
  timeline.map(({ label, status }) => ({ label: words(label), status }));

describe('display labels', () => {
  it('are the 32 of account §4, in its order, each with its stable key', () => {
    const list =
      'Activation error, order placed, ready to uninstall, ready to install, activated, active, cancellation requested, success, cancelled, in progress, refund error, refund issued, refund requested, cancellation completed, created, payment pending, payment error, payment failed, ready for export, ready for download, exported, export error, pending, installed, triggered download, failed, rejected, failed installation, installation failed, state not mapped yet, renewed, order cancelled';
    const expected = list.split(', ').map((label) => label[0]!.toUpperCase() + label.slice(1));
    expect(STATUS_LABEL_KEYS.map((key) => STATUS_LABELS[key])).toEqual(expected);
    expect(STATUS_LABEL_KEYS).toHaveLength(32);
  });

  it('have the short forms of account §4: cancellation requested → Requested, cancellation completed → Cancelled', () => {
    expect(SHORT_STATUS_LABELS).toEqual({ cancellationRequested: 'Requested', cancellationCompleted: 'Cancelled' });
  });
});
const OP: S = ['Order placed', 'done'];
const CR: S = ['Cancellation requested', 'done'];
const RR: S = ['Refund requested', 'done'];

describe('statusKey', () => {
  it.each([
    ['Failed - Waiting for retry', 'failed_waiting_for_retry'],
    ['Ready For Uninstallation', 'ready_for_uninstallation'],
    ['CancelReadyToInstallNoRefund', 'cancel_ready_to_install_no_refund'],
    ['payment_pending', 'payment_pending'],
  ])('when the status is "%s", then the key is %s', (status, expected) => {
    expect(statusKey(status)).toBe(expected);
  });
});

describe('orderStatusTimeline', () => {
  it.each<[string, ReturnType<typeof steps>]>([
    // account §4 / storefront §4 Renewal flow: payment_error
    ['payment_error', steps(OP, ['Payment failed', 'inactive'])],
    // Renewal flow: created, payment_pending, ready_for_export, exported, pending → renewed (current)
    ['created', steps(OP, ['Renewed', 'default'])],
    ['payment_pending', steps(OP, ['Renewed', 'default'])],
    ['ready_for_export', steps(OP, ['Renewed', 'default'])],
    ['exported', steps(OP, ['Renewed', 'default'])],
    ['pending', steps(OP, ['Renewed', 'default'])],
    // Renewal flow: export_error → activation error (inactive)
    ['export_error', steps(OP, ['Activation error', 'inactive'])],
    // Renewal flow: triggered_download, failed/rejected_waiting_for_retry, ready_for_download
    ['triggered_download', steps(OP, ['Ready to install', 'done'], ['Activated', 'default'])],
    ['failed_waiting_for_retry', steps(OP, ['Ready to install', 'done'], ['Activated', 'default'])],
    ['rejected_waiting_for_retry', steps(OP, ['Ready to install', 'done'], ['Activated', 'default'])],
    ['ready_for_download', steps(OP, ['Ready to install', 'done'], ['Activated', 'default'])],
    // Renewal flow: success, installed → renewed (done)
    ['success', steps(OP, ['Renewed', 'done'])],
    ['installed', steps(OP, ['Renewed', 'done'])],
    // Renewal flow: failed, failed_installation → renewed (inactive)
    ['failed', steps(OP, ['Renewed', 'inactive'])],
    ['failed_installation', steps(OP, ['Renewed', 'inactive'])],
    // Renewal flow: payment_failed → order cancelled (inactive)
    ['payment_failed', steps(OP, ['Order cancelled', 'inactive'])],
    // Cancellation flow: ready_for_uninstallation → "cancellation confirmed" (current), a label outside
    // account §4's list: the list's "cancellation completed" (decision 007), here and below
    ['ready_for_uninstallation', steps(CR, ['Cancellation completed', 'default'])],
    // Cancellation flow: cancellation_requested → cancellation completed (current)
    ['cancellation_requested', steps(CR, ['Cancellation completed', 'default'])],
    // Cancellation flow: uninstalled → cancellation confirmed (done)
    ['uninstalled', steps(CR, ['Cancellation completed', 'done'])],
    // Cancellation flow: canceled → refund issued (done)
    ['canceled', steps(CR, ['Refund issued', 'done'])],
    // Cancellation flow: pending_cancellation (both spellings) → cancellation confirmed (current)
    ['pending_cancellation', steps(CR, ['Cancellation completed', 'default'])],
    ['pending_cancelation', steps(CR, ['Cancellation completed', 'default'])],
    // Cancellation flow: partially_refunded, refunded → refund issued (done)
    ['partially_refunded', steps(CR, ['Refund issued', 'done'])],
    ['refunded', steps(CR, ['Refund issued', 'done'])],
    // Combined: cancel with install, no refund / refund
    ['CancelInstallNoRefund', steps(CR, ['Ready to uninstall', 'done'], ['Cancellation completed', 'done'])],
    ['CancelInstallRefund', steps(CR, ['Ready to uninstall', 'done'], ['Refund issued', 'done'])],
    // Combined: cancel without install, no refund / refund
    ['CancelNoInstallNoRefund', steps(CR, ['Cancellation completed', 'done'])],
    ['CancelNoInstallRefund', steps(CR, ['Refund issued', 'done'])],
    // Combined: cancel while ready to install (with or without refund) → ready to install (current), end (current)
    ['CancelReadyToInstallNoRefund', steps(CR, ['Ready to install', 'default'], ['Cancellation completed', 'default'])],
    ['CancelReadyToInstallRefund', steps(CR, ['Ready to install', 'default'], ['Refund issued', 'default'])],
    // Combined: cancel while ready to uninstall (with or without refund)
    [
      'CancelReadyToUninstallNoRefund',
      steps(CR, ['Ready to uninstall', 'default'], ['Cancellation completed', 'default']),
    ],
    ['CancelReadyToUninstallRefund', steps(CR, ['Ready to uninstall', 'default'], ['Refund issued', 'default'])],
    // Refund flow: refund_issued / refund_requested / refund_error
    ['refund_issued', steps(RR, ['Refund issued', 'done'])],
    ['refund_requested', steps(RR, ['Refund issued', 'default'])],
    ['refund_error', steps(RR, ['Refund error', 'inactive'])],
    // "Any other status shows no steps"
    ['active', []],
    ['deactivated', []],
    ['', []],
  ])('when the status is %s, then the steps are %o', (status, expected) => {
    expect(inWords(orderStatusTimeline(status))).toEqual(expected);
  });

  it.each([
    // account §4: statuses arrive in vocabulary form as well ("Payment Error", "Failed - Waiting for retry")
    ['Payment Error', 'renewal'],
    ['Failed - Waiting for retry', 'renewal'],
    ['Pending Cancelation', 'cancellation'],
    ['Refund requested', 'refund'],
    ['Deactivated', undefined],
  ])('when the status is "%s", then the flow is %s', (status, expected) => {
    expect(timelineFlow(status)).toBe(expected);
  });
});

describe('subscriptionStatusLabel', () => {
  it.each([
    // account §4 Mapping (no uninstall record): Created, Payment Pending, Ready for export, Exported, Pending → Order placed
    ['Created', 'Order placed'],
    ['Payment Pending', 'Order placed'],
    ['Ready for export', 'Order placed'],
    ['Exported', 'Order placed'],
    ['Pending', 'Order placed'],
    // Export Error → Export error
    ['Export Error', 'Export error'],
    // Triggered Download, Rejected/Failed waiting for retry, Ready for download → Ready to install
    ['Triggered Download', 'Ready to install'],
    ['Rejected - Waiting for retry', 'Ready to install'],
    ['Failed - Waiting for retry', 'Ready to install'],
    ['Ready for download', 'Ready to install'],
    // Installed, Success → Active
    ['Installed', 'Active'],
    ['Success', 'Active'],
    // Failed → Installation failed
    ['Failed', 'Installation failed'],
    // In progress → In progress
    ['In progress', 'In progress'],
    // Cancelled variants with no refund → Cancelled
    ['CancelInstallNoRefund', 'Cancelled'],
    ['CancelNoInstallNoRefund', 'Cancelled'],
    ['Canceled', 'Cancelled'],
    // Pending Cancellation and the ready-to-install/uninstall cancel variants → Cancellation requested
    ['Pending Cancellation', 'Cancellation requested'],
    ['Pending Cancelation', 'Cancellation requested'],
    ['CancelReadyToInstallNoRefund', 'Cancellation requested'],
    ['CancelReadyToInstallRefund', 'Cancellation requested'],
    ['CancelReadyToUninstallNoRefund', 'Cancellation requested'],
    ['CancelReadyToUninstallRefund', 'Cancellation requested'],
    // Ready For Uninstallation → Ready to uninstall
    ['Ready For Uninstallation', 'Ready to uninstall'],
    // Refunded, Partially Refunded and the refund variants → Refund issued
    ['Refunded', 'Refund issued'],
    ['Partially Refunded', 'Refund issued'],
    ['CancelInstallRefund', 'Refund issued'],
    ['CancelNoInstallRefund', 'Refund issued'],
    // Anything else → State not mapped yet
    ['Deactivated', 'State not mapped yet'],
    ['', 'State not mapped yet'],
  ])('when the status is "%s", then the label is %s', (status, expected) => {
    expect(words(subscriptionStatusLabel(status))).toBe(expected);
  });
});

describe('syntheticCancellationStatus', () => {
  it.each<[boolean, InstallationState, boolean, string | undefined]>([
    // account §4 Synthetic cancellation statuses: CancelInstall, CancelReadyToUninstall, CancelReadyToInstall, CancelNoInstall × NoRefund/Refund
    [true, 'installed', true, 'CancelInstallNoRefund'],
    [true, 'installed', false, 'CancelInstallRefund'],
    [true, 'readyToUninstall', true, 'CancelReadyToUninstallNoRefund'],
    [true, 'readyToUninstall', false, 'CancelReadyToUninstallRefund'],
    [true, 'readyToInstall', true, 'CancelReadyToInstallNoRefund'],
    [true, 'readyToInstall', false, 'CancelReadyToInstallRefund'],
    [true, 'notInstalled', true, 'CancelNoInstallNoRefund'],
    [true, 'notInstalled', false, 'CancelNoInstallRefund'],
    [false, 'installed', true, undefined],
  ])(
    'when cancelled is %s, installation %s, no refund %s, then the status is %s',
    (cancelled, inst, noRefund, expected) => {
      expect(
        syntheticCancellationStatus({ orderCancelled: cancelled, installation: inst, noRefundRequired: noRefund }),
      ).toBe(expected);
    },
  );
});
