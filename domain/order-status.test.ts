import { describe, expect, it } from 'vitest';
import {
  connectedNavigationOrders,
  deriveItemStatus,
  HELP_TEXTS,
  helpText,
  helpTextKind,
  itemCountText,
  maskCardDigits,
  orderCancelledTag,
  orderDetailItemStatusLabel,
  ordersPaging,
  orderStatusTimeline,
  orderThumbnails,
  sortItemsByName,
  SHORT_STATUS_LABELS,
  STATUS_LABEL_KEYS,
  STATUS_LABELS,
  statusKey,
  subscriptionStatusLabel,
  syntheticCancellationStatus,
  timelineFlow,
  truncateItemName,
  uninstallRecordStatusLabel,
  type InstallationState,
  type ItemStatusSources,
  type TimelineStepStatus,
  orderItemStatus,
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

describe('orderDetailItemStatusLabel', () => {
  it.each([
    // account §4 Item status on order detail (no uninstall record)
    ['Payment Pending', 'Order placed'],
    ['Failed', 'Installation failed'],
    ['Pending Cancellation', 'Cancellation requested'],
    ['Canceled', 'Cancelled'],
    ['Export Error', 'Activation error'],
    ['Payment Failed', 'Order cancelled'],
    ['Payment Error', 'Payment failed'],
    ['Failed Installation', 'Installation failed'],
    ['Success', 'Active'],
    // Draft, Processed, Error → Refund requested, issued, error
    ['Draft', 'Refund requested'],
    ['Processed', 'Refund issued'],
    ['Error', 'Refund error'],
    // "Otherwise the default timeline status is used, else Active"
    ['Created', 'Renewed'],
    ['Triggered Download', 'Activated'],
    ['Ready For Uninstallation', 'Cancellation completed'],
    ['Installed', 'Active'],
    ['Deactivated', 'Active'],
  ])('when the status is "%s", then the label is %s', (status, expected) => {
    expect(words(orderDetailItemStatusLabel(status))).toBe(expected);
  });
});

describe('uninstallRecordStatusLabel', () => {
  it.each<[string, boolean, string | undefined]>([
    // account §4 Mapping when an uninstall record exists
    ['Pending Cancellation', false, 'Cancellation requested'],
    ['Pending Cancellation', true, 'Cancellation completed'],
    ['Canceled', false, 'Cancelled'],
    // "Ready for uninstallation -> Ready to install" as written; the list's reading is Ready to uninstall (decision 007)
    ['Ready For Uninstallation', false, 'Ready to uninstall'],
    ['Draft', false, 'Refund requested'],
    ['Processed', false, 'Refund issued'],
    ['Error', false, 'Refund error'],
    ['Uninstalled', false, undefined],
  ])('when the status is "%s" and no refund required is %s, then the label is %s', (status, noRefund, expected) => {
    expect(words(uninstallRecordStatusLabel(status, { noRefundRequired: noRefund }))).toBe(expected);
  });
});

describe('deriveItemStatus', () => {
  it.each<[string, ItemStatusSources, string | undefined]>([
    // account §4 Deriving: "The return order is used when present, else the fulfillment order"
    ['only a fulfillment order', { fulfillmentOrder: { Status: 'Installed' } }, 'Installed'],
    [
      'a return order and a fulfillment order',
      { returnOrder: { Status: 'Uninstalled' }, fulfillmentOrder: { Status: 'Installed' } },
      'Uninstalled',
    ],
    ['nothing', {}, undefined],
    // "A refunded-item marker sets Refund issued"
    ['a refunded marker', { isRefunded: true, fulfillmentOrder: { Status: 'Installed' } }, 'Refund issued'],
    // "A return order in Pending Cancellation becomes Canceled if no refund is required, else Cancellation Requested"
    [
      'pending cancellation, no refund required',
      { returnOrder: { Status: 'Pending Cancellation', SNPOMSNoRefundRequired_C: true } },
      'Canceled',
    ],
    [
      'pending cancellation, refund required',
      { returnOrder: { Status: 'Pending Cancellation', SNPOMSNoRefundRequired_C: false } },
      'Cancellation Requested',
    ],
    // "A draft refund gives Refund requested, a processed refund gives Refund issued, any other refund status gives Refund error"
    ['a Draft refund', { refundStatus: 'Draft', returnOrder: { Status: 'Pending Cancellation' } }, 'Refund requested'],
    ['a Processed refund', { refundStatus: 'Processed' }, 'Refund issued'],
    ['an Error refund', { refundStatus: 'Error' }, 'Refund error'],
    ['an unknown refund status', { refundStatus: 'Weird' }, 'Refund error'],
  ])('when there is %s, then the item status is %s', (_label, sources, expected) => {
    expect(deriveItemStatus(sources)).toBe(expected);
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

describe('helpTextKind', () => {
  it.each([
    // account §4 Help text per item status
    ['Triggered Download', 'installInstructions'],
    ['Failed - Waiting for retry', 'installInstructions'],
    ['Rejected - Waiting for retry', 'installInstructions'],
    ['Failed', 'contactCentre'],
    ['Failed Installation', 'contactCentre'],
    ['Export Error', 'activationError'],
    ['Ready For Uninstallation', 'uninstallInstructions'],
    ['Refund requested', 'refundRequested'],
    ['Refund issued', 'refundIssued'],
    ['Refund error', 'refundError'],
    ['Payment Error', 'paymentError'],
    ['Payment Failed', 'paymentFailed'],
    ['Installed', undefined],
  ])('when the item status is "%s", then the help text is %s', (status, expected) => {
    expect(helpTextKind(status)).toBe(expected);
  });

  const card = { type: 'Visa', last4: '1111' };
  it.each([
    // account §4: "Refund requested: a refund request of {amount} is being processed"
    ['Refund requested', { kind: 'refundRequested', values: { amount: '£149' } }],
    // "Refund issued: refund of {amount} initiated to {card type} {masked digits}"
    [
      'Refund issued',
      { kind: 'refundIssued', values: { amount: '£149', cardType: 'Visa', maskedDigits: '**** 1111' } },
    ],
    // The others carry no values
    ['Refund error', { kind: 'refundError', values: {} }],
    ['Payment Error', { kind: 'paymentError', values: {} }],
    ['Triggered Download', { kind: 'installInstructions', values: {} }],
    ['Installed', undefined],
  ])(
    'when the item status is "%s" with a refund of £149 to a Visa 1111, then the help text is %o',
    (status, expected) => {
      expect(helpText(status, { amount: '£149', card })).toEqual(expected);
    },
  );

  it('has nine texts, the quoted ones verbatim, each with its placeholders and link (account §4)', () => {
    expect(Object.keys(HELP_TEXTS)).toHaveLength(9);
    expect(HELP_TEXTS.paymentFailed.text).toBe(
      "Apologies, we couldn't process your payment, so we had to cancel your order. Check your payment details and try again.",
    );
    expect(HELP_TEXTS.activationError.text).toContain('error while activating your service');
    expect(HELP_TEXTS.paymentError.text).toContain(
      'unable to process this order due to an issue with the chosen payment method',
    );
    expect(HELP_TEXTS.paymentError.link).toBe('Edit payment method');
    expect(HELP_TEXTS.installInstructions.link).toBe('How to install features');
    expect(HELP_TEXTS.contactCentre.link).toBe('Help & Support');
    expect(HELP_TEXTS.contactCentre.text).toContain('Client Relationship Centre');
    expect(HELP_TEXTS.refundRequested.text).toContain('{{amount}}');
    expect(HELP_TEXTS.refundIssued.text).toMatch(/\{\{amount\}\}.*\{\{cardType\}\} \{\{maskedDigits\}\}/);
    expect(maskCardDigits('4111111111111111')).toBe('**** 1111');
  });
});

describe('My Orders', () => {
  const order = (featureType: string | undefined) => ({
    OrderItemSummaries: { records: [{ SNPOMSFeatureType_C: featureType }] },
  });

  it('when filtering, then only orders whose first item is connected navigation remain', () => {
    // account §2 My Orders: "Lists only orders whose first item has feature type connected navigation"
    const orders = [
      order('CN'),
      order('VCS'),
      order('Connected Navigation'),
      order(undefined),
      { OrderItemSummaries: null },
    ];
    expect(connectedNavigationOrders(orders)).toEqual([orders[0], orders[2]]);
  });

  it.each([
    // account §2 / §9: 5 or fewer all shown; more → first 5, 'Showing X of Y orders', Load more adds 5
    [3, 0, { shown: 3, summary: undefined, hasLoadMore: false }],
    [5, 0, { shown: 5, summary: undefined, hasLoadMore: false }],
    [6, 0, { shown: 5, summary: 'Showing 5 of 6 orders', hasLoadMore: true }],
    [6, 1, { shown: 6, summary: 'Showing 6 of 6 orders', hasLoadMore: false }],
    [12, 1, { shown: 10, summary: 'Showing 10 of 12 orders', hasLoadMore: true }],
    [0, 0, { shown: 0, summary: undefined, hasLoadMore: false }],
  ])('when there are %i orders after %i Load more, then paging is %o', (total, clicks, expected) => {
    expect(ordersPaging(total, clicks)).toEqual(expected);
  });

  it.each([
    // account §2 My Orders: item count (0 items, 1 item, n items)
    [0, '0 items'],
    [1, '1 item'],
    [2, '2 items'],
    [11, '11 items'],
  ])('when the order has %i items, then the text is "%s"', (n, expected) => {
    expect(itemCountText(n)).toBe(expected);
  });

  it.each([
    // account §2 / §9: up to 4 thumbnails (5 on tablet) plus a '+N' remainder
    [3, false, 3, undefined],
    [4, false, 4, undefined],
    [6, false, 4, '+2'],
    [5, true, 5, undefined],
    [8, true, 5, '+3'],
  ])('when there are %i images (tablet %s), then %i show with remainder %s', (count, tablet, visible, remainder) => {
    const result = orderThumbnails(
      Array.from({ length: count }, (_, i) => i),
      tablet,
    );
    expect(result.visible).toHaveLength(visible);
    expect(result.remainder).toBe(remainder);
  });

  it.each([
    // account §2 Order detail / §9: "Item name truncated at 30 characters"
    ['Connected Navigation', 'Connected Navigation'],
    ['a'.repeat(30), 'a'.repeat(30)],
    ['Connected Navigation Pro Plus Europe', 'Connected Navigation Pro Plus ...'],
  ])('when the name is "%s", then it shows "%s"', (name, expected) => {
    expect(truncateItemName(name)).toBe(expected);
  });

  it.each([
    // account §2 My Orders: "an 'Order Cancelled' tag when payment failed"
    ['Payment Failed', 'Order Cancelled'],
    ['Installed', undefined],
  ])('when the order status is "%s", then the tag is %s', (status, expected) => {
    expect(orderCancelledTag(status)).toBe(expected);
  });

  it('when items are listed on order detail, then they are sorted by name', () => {
    // account §2 Order detail: "One section per order item, sorted by name"
    expect(sortItemsByName([{ Name: 'Online Pack' }, { Name: 'Connected Navigation' }]).map((i) => i.Name)).toEqual([
      'Connected Navigation',
      'Online Pack',
    ]);
  });
});

describe('an order item, every reading together (account §4 deriving item status, mappings, timeline, help)', () => {
  const base = { orderCancelled: false, noRefundRequired: false, orderStatus: 'Approved' };
  const installed = { Status: 'Installed' };
  it.each([
    ['renewal installed', { fulfillmentOrder: installed }, 'active', 'renewal', undefined],
    // Not in the detail table: the current timeline step (account §4 "otherwise the default timeline status").
    ['renewal exported', { fulfillmentOrder: { Status: 'Exported' } }, 'renewed', 'renewal', undefined],
    [
      'download triggered',
      { fulfillmentOrder: { Status: 'Triggered Download' } },
      'activated',
      'renewal',
      'installInstructions',
    ],
    [
      'installation failed',
      { fulfillmentOrder: { Status: 'Failed Installation' } },
      'installationFailed',
      'renewal',
      'contactCentre',
    ],
    ['export error', { fulfillmentOrder: { Status: 'Export Error' } }, 'activationError', 'renewal', 'activationError'],
    ['payment error', { orderStatus: 'Payment Error' }, 'paymentFailed', 'renewal', 'paymentError'],
    ['payment failed', { orderStatus: 'Payment Failed' }, 'orderCancelled', 'renewal', 'paymentFailed'],
    [
      'payment failed, order flagged cancelled',
      { orderStatus: 'Payment Failed', orderCancelled: true },
      'orderCancelled',
      'renewal',
      'paymentFailed',
    ],
    [
      'pending cancellation',
      { fulfillmentOrder: installed, returnOrder: { Status: 'Pending Cancellation' } },
      'cancellationRequested',
      'cancellation',
      undefined,
    ],
    [
      'pending cancellation, no refund required',
      { fulfillmentOrder: installed, returnOrder: { Status: 'Pending Cancellation', SNPOMSNoRefundRequired_C: true } },
      'cancellationCompleted',
      'cancellation',
      undefined,
    ],
    [
      'ready for uninstallation',
      { fulfillmentOrder: installed, returnOrder: { Status: 'Ready For Uninstallation' } },
      'readyToUninstall',
      'cancellation',
      'uninstallInstructions',
    ],
    [
      'cancellation requested',
      { fulfillmentOrder: installed, returnOrder: { Status: 'Cancellation Requested' } },
      'cancellationRequested',
      'cancellation',
      undefined,
    ],
    [
      'uninstalled',
      { fulfillmentOrder: installed, returnOrder: { Status: 'Uninstalled' } },
      'cancellationCompleted',
      'cancellation',
      undefined,
    ],
    [
      'draft refund',
      { fulfillmentOrder: installed, returnOrder: { Status: 'Pending Cancellation' }, refundStatus: 'Draft' },
      'refundRequested',
      'refund',
      'refundRequested',
    ],
    [
      'processed refund',
      {
        fulfillmentOrder: installed,
        returnOrder: { Status: 'Uninstalled' },
        refundStatus: 'Processed',
        isRefunded: true,
      },
      'refundIssued',
      'refund',
      'refundIssued',
    ],
    [
      'refund error',
      { fulfillmentOrder: installed, returnOrder: { Status: 'Uninstalled' }, refundStatus: 'Error' },
      'refundError',
      'refund',
      'refundError',
    ],
    [
      'cancelled after install, no refund (CancelInstallNoRefund)',
      {
        orderCancelled: true,
        noRefundRequired: true,
        fulfillmentOrder: installed,
        returnOrder: { Status: 'Uninstalled' },
      },
      'cancelled',
      'cancellation',
      undefined,
    ],
    [
      'cancelled after install, refunded (CancelInstallRefund)',
      {
        orderCancelled: true,
        fulfillmentOrder: installed,
        returnOrder: { Status: 'Uninstalled' },
        refundStatus: 'Processed',
        isRefunded: true,
      },
      'refundIssued',
      'cancellation',
      'refundIssued',
    ],
    [
      'cancelled while ready to install (CancelReadyToInstallRefund)',
      {
        orderCancelled: true,
        fulfillmentOrder: { Status: 'Triggered Download' },
        returnOrder: { Status: 'Pending Cancellation' },
        refundStatus: 'Draft',
      },
      'cancellationRequested',
      'cancellation',
      undefined,
    ],
    [
      'cancelled before install, no refund (CancelNoInstallNoRefund)',
      {
        orderCancelled: true,
        noRefundRequired: true,
        fulfillmentOrder: { Status: 'Ready for export' },
        returnOrder: { Status: 'Canceled' },
      },
      'cancelled',
      'cancellation',
      undefined,
    ],
  ] as const)('%s', (_, facts, label, flow, help) => {
    const item = orderItemStatus({ ...base, ...facts });
    expect(item.label).toBe(label);
    expect(item.flow).toBe(flow);
    expect(item.helpKind).toBe(help);
    expect(item.timeline.length).toBeGreaterThan(0);
  });

  it('when no record says anything the order system maps, then Active with no steps (account §4: else Active)', () => {
    const item = orderItemStatus({ ...base, fulfillmentOrder: { Status: 'Deactivated' } });
    expect(item).toMatchObject({ status: 'Deactivated', label: 'active', flow: 'none', timeline: [] });
  });
});
