import { describe, expect, it } from 'vitest';
import {
  deriveItemStatus,
  HELP_TEXTS,
  helpText,
  helpTextKind,
  type ItemStatusSources,
  maskCardDigits,
  orderDetailItemStatusLabel,
  orderItemStatus,
  uninstallRecordStatusLabel,
} from './order-item.ts';
import { STATUS_LABELS } from './order-status.ts';

// The rows name labels in the document's words; the functions give their stable keys.
const words = (key: string | undefined) =>
  key === undefined ? undefined : STATUS_LABELS[key as keyof typeof STATUS_LABELS];

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
