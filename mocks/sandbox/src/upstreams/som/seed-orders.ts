/**
 * alex's seeded orders (DESIGN.md): a row for every status of account-area §4's mapping and timeline
 * tables (renewal, cancellation and refund flows, the synthetic cancellation statuses) and a few other
 * vehicles and products. Order `0000NNNN` has the record ids ending in `NNN - 1000`; seed-data.ts builds
 * the records from these rows.
 */
import type { OmsStatus, RefundStatus } from './model.ts';

/** One row of the seed: the state an order of alex is in. */
interface SeedOrder {
  /** Order number 00001000 + n; record ids end in n. */
  n: number;
  /** Seed vehicle index (1 to 7, vehicle 6 is ZBBBB1000BB000006). */
  vehicle: number;
  status: OmsStatus;
  daysAgo: number;
  variant?: string;
  /** The item status when it differs from the order status. */
  itemStatus?: OmsStatus;
  fulfillment?: OmsStatus;
  returnOrder?: OmsStatus;
  refund?: { status: RefundStatus; amount?: number };
  cancelled?: boolean;
  noRefund?: boolean;
  /** The item carries the refunded-item marker. */
  refundedItem?: boolean;
  /** Invoice: issued (type Invoice), pending (id known, no type yet) or none. */
  invoice?: 'issued' | 'pending' | 'none';
  subscriptionType?: string;
  /** Which account-area row the order covers (documentation only). */
  covers: string;
}

const FULFILLED: OmsStatus = 'Installed';

/** alex's orders: every row of account-area §4's mapping and timeline tables. */
export const SEED_ORDERS: SeedOrder[] = [
  // Renewal flow.
  {
    n: 1,
    vehicle: 1,
    status: 'Payment Pending',
    daysAgo: 2,
    invoice: 'none',
    covers: 'payment_pending: order placed, renewed current',
  },
  { n: 2, vehicle: 2, status: 'Created', daysAgo: 1, invoice: 'none', covers: 'created: order placed' },
  {
    n: 18,
    vehicle: 1,
    status: 'Ready for export',
    daysAgo: 3,
    fulfillment: 'Ready for export',
    invoice: 'pending',
    covers: 'ready_for_export (invoice not issued yet)',
  },
  { n: 19, vehicle: 2, status: 'Exported', daysAgo: 4, fulfillment: 'Exported', covers: 'exported' },
  { n: 24, vehicle: 3, status: 'Pending', daysAgo: 4, fulfillment: 'Pending', covers: 'pending' },
  {
    n: 3,
    vehicle: 1,
    status: 'Triggered Download',
    daysAgo: 5,
    fulfillment: 'Triggered Download',
    covers: 'triggered_download: ready to install',
  },
  {
    n: 4,
    vehicle: 2,
    status: 'Ready for download',
    daysAgo: 6,
    fulfillment: 'Ready for download',
    covers: 'ready_for_download',
  },
  {
    n: 20,
    vehicle: 3,
    status: 'Failed - Waiting for retry',
    daysAgo: 7,
    fulfillment: 'Failed - Waiting for retry',
    covers: 'failed_waiting_for_retry',
  },
  {
    n: 21,
    vehicle: 1,
    status: 'Rejected - Waiting for retry',
    daysAgo: 8,
    fulfillment: 'Rejected - Waiting for retry',
    covers: 'rejected_waiting_for_retry',
  },
  {
    n: 5,
    vehicle: 3,
    status: 'Installed',
    daysAgo: 5,
    fulfillment: 'Installed',
    covers: 'installed: renewed (vehicle 3, in cooling-off)',
  },
  {
    n: 6,
    vehicle: 1,
    status: 'Success',
    daysAgo: 335,
    fulfillment: 'Success',
    covers: 'success: renewed (vehicle 1, cooling-off over)',
  },
  { n: 34, vehicle: 3, status: 'Active', daysAgo: 400, fulfillment: 'Active', covers: 'Active' },
  { n: 35, vehicle: 2, status: 'In progress', daysAgo: 9, fulfillment: 'In progress', covers: 'In progress' },
  { n: 22, vehicle: 1, status: 'Failed', daysAgo: 9, fulfillment: 'Failed', covers: 'failed: installation failed' },
  {
    n: 23,
    vehicle: 2,
    status: 'Failed Installation',
    daysAgo: 10,
    fulfillment: 'Failed Installation',
    covers: 'failed_installation',
  },
  {
    n: 7,
    vehicle: 1,
    status: 'Export Error',
    daysAgo: 11,
    fulfillment: 'Export Error',
    covers: 'export_error: activation error',
  },
  {
    n: 8,
    vehicle: 2,
    status: 'Payment Failed',
    daysAgo: 12,
    cancelled: true,
    invoice: 'none',
    covers: 'payment_failed: order cancelled',
  },
  { n: 9, vehicle: 1, status: 'Payment Error', daysAgo: 13, invoice: 'none', covers: 'payment_error: payment failed' },
  {
    n: 36,
    vehicle: 2,
    status: 'Deactivated',
    daysAgo: 500,
    fulfillment: 'Deactivated',
    covers: 'Deactivated (state not mapped yet)',
  },
  // Cancellation flow.
  {
    n: 10,
    vehicle: 1,
    status: 'Pending Cancellation',
    daysAgo: 20,
    fulfillment: FULFILLED,
    returnOrder: 'Pending Cancellation',
    covers: 'pending_cancellation: cancellation requested',
  },
  {
    n: 29,
    vehicle: 3,
    status: 'Pending Cancelation',
    daysAgo: 21,
    fulfillment: FULFILLED,
    returnOrder: 'Pending Cancelation',
    noRefund: true,
    covers: 'pending_cancelation spelling, no refund: cancellation completed',
  },
  {
    n: 11,
    vehicle: 2,
    status: 'Ready For Uninstallation',
    daysAgo: 22,
    fulfillment: FULFILLED,
    returnOrder: 'Ready For Uninstallation',
    covers: 'ready_for_uninstallation',
  },
  {
    n: 25,
    vehicle: 3,
    status: 'Cancellation Requested',
    daysAgo: 23,
    fulfillment: FULFILLED,
    returnOrder: 'Cancellation Requested',
    covers: 'cancellation_requested',
  },
  {
    n: 12,
    vehicle: 1,
    status: 'Uninstalled',
    daysAgo: 24,
    fulfillment: FULFILLED,
    returnOrder: 'Uninstalled',
    noRefund: true,
    covers: 'uninstalled',
  },
  {
    n: 13,
    vehicle: 2,
    status: 'Canceled',
    daysAgo: 25,
    fulfillment: FULFILLED,
    returnOrder: 'Canceled',
    cancelled: true,
    noRefund: true,
    covers: 'canceled',
  },
  {
    n: 26,
    vehicle: 3,
    status: 'Cancellation Completed',
    daysAgo: 26,
    fulfillment: FULFILLED,
    returnOrder: 'Cancellation Completed',
    cancelled: true,
    noRefund: true,
    covers: 'cancellation completed',
  },
  // Combined cancellation outcomes (synthetic statuses): cancelled order × install state × refund.
  {
    n: 37,
    vehicle: 1,
    status: 'Cancelled',
    daysAgo: 30,
    fulfillment: FULFILLED,
    returnOrder: 'Uninstalled',
    cancelled: true,
    noRefund: true,
    covers: 'CancelInstallNoRefund',
  },
  {
    n: 38,
    vehicle: 2,
    status: 'Cancelled',
    daysAgo: 31,
    fulfillment: FULFILLED,
    returnOrder: 'Uninstalled',
    cancelled: true,
    refund: { status: 'Processed' },
    refundedItem: true,
    covers: 'CancelInstallRefund',
  },
  {
    n: 39,
    vehicle: 3,
    status: 'Cancelled',
    daysAgo: 32,
    fulfillment: FULFILLED,
    returnOrder: 'Ready For Uninstallation',
    cancelled: true,
    noRefund: true,
    covers: 'CancelReadyToUninstallNoRefund',
  },
  {
    n: 40,
    vehicle: 1,
    status: 'Cancelled',
    daysAgo: 33,
    fulfillment: FULFILLED,
    returnOrder: 'Ready For Uninstallation',
    cancelled: true,
    refund: { status: 'Draft' },
    covers: 'CancelReadyToUninstallRefund',
  },
  {
    n: 41,
    vehicle: 2,
    status: 'Canceled',
    daysAgo: 34,
    fulfillment: 'Triggered Download',
    returnOrder: 'Pending Cancellation',
    cancelled: true,
    noRefund: true,
    covers: 'CancelReadyToInstallNoRefund',
  },
  {
    n: 42,
    vehicle: 3,
    status: 'Canceled',
    daysAgo: 35,
    fulfillment: 'Ready for download',
    returnOrder: 'Pending Cancellation',
    cancelled: true,
    refund: { status: 'Draft' },
    covers: 'CancelReadyToInstallRefund',
  },
  {
    n: 43,
    vehicle: 1,
    status: 'Canceled',
    daysAgo: 36,
    fulfillment: 'Ready for export',
    returnOrder: 'Canceled',
    cancelled: true,
    noRefund: true,
    covers: 'CancelNoInstallNoRefund',
  },
  {
    n: 44,
    vehicle: 2,
    status: 'Canceled',
    daysAgo: 37,
    returnOrder: 'Canceled',
    cancelled: true,
    refund: { status: 'Processed' },
    refundedItem: true,
    covers: 'CancelNoInstallRefund',
  },
  // Refund flow.
  {
    n: 14,
    vehicle: 1,
    status: 'Refund requested',
    daysAgo: 40,
    fulfillment: FULFILLED,
    returnOrder: 'Pending Cancellation',
    refund: { status: 'Draft' },
    covers: 'refund_requested (Draft refund)',
  },
  {
    n: 15,
    vehicle: 2,
    status: 'Refund issued',
    daysAgo: 41,
    fulfillment: FULFILLED,
    returnOrder: 'Uninstalled',
    refund: { status: 'Processed' },
    refundedItem: true,
    covers: 'refund_issued (Processed refund, credit note)',
  },
  {
    n: 27,
    vehicle: 3,
    status: 'Refunded',
    daysAgo: 42,
    fulfillment: FULFILLED,
    returnOrder: 'Uninstalled',
    refund: { status: 'Processed' },
    refundedItem: true,
    covers: 'refunded',
  },
  {
    n: 17,
    vehicle: 1,
    status: 'Partially Refunded',
    daysAgo: 90,
    fulfillment: FULFILLED,
    refund: { status: 'Processed', amount: 49.5 },
    covers: 'partially_refunded (half refunded)',
  },
  {
    n: 16,
    vehicle: 2,
    status: 'Refund error',
    daysAgo: 43,
    fulfillment: FULFILLED,
    returnOrder: 'Uninstalled',
    refund: { status: 'Error' },
    covers: 'refund_error',
  },
  // Other vehicles and products.
  {
    n: 28,
    vehicle: 4,
    status: 'Installed',
    daysAgo: 710,
    variant: 'cn-connected-navigation-24m',
    fulfillment: FULFILLED,
    covers: 'FR vehicle, EUR, 24 months',
  },
  {
    n: 45,
    vehicle: 6,
    status: 'Installed',
    daysAgo: 335,
    fulfillment: FULFILLED,
    covers: 'borealis vehicle (brand filter)',
  },
  {
    n: 46,
    vehicle: 7,
    status: 'Installed',
    daysAgo: 325,
    fulfillment: FULFILLED,
    covers: 'US vehicle, USD, billing state code',
  },
  {
    n: 33,
    vehicle: 1,
    status: 'In progress',
    daysAgo: 3,
    variant: 'vcs-online-pack-12m',
    fulfillment: 'In progress',
    subscriptionType: 'New',
    covers: 'VCS order (filtered out of My Orders)',
  },
];
