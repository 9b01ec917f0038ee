/**
 * The order-management seed (DESIGN.md: alex has orders and subscriptions covering every status
 * of the account-area mapping and timeline tables; kim has an account without payment method or
 * orders; sam has nothing). Order `0000NNNN` has the record ids ending in `NNN - 1000` (order
 * 00001005 is OrderSummary 1OsSB0000000005AAA), as in the contract's examples. Dates are relative
 * to the sandbox clock at seeding time.
 */
import { DAY_MS, isoDateFromNow, type Clock } from '../../core/clock.ts';
import { ALEX_SAVED_CARD, PRODUCTS, SHOPPERS, VEHICLES, type Product, type Variant } from '../../seed.ts';
import { STRIPE_SEED } from '../stripe/store.ts';
import {
  creditNoteExternalId,
  invoiceExternalId,
  PREFIX,
  recordId,
  type OmsAccount,
  type OmsBilling,
  type OmsItem,
  type OmsOrder,
  type OmsPaymentMethodSnapshot,
  type OmsPaymentRecord,
  type OmsStatus,
  type OmsSubscription,
  type RefundStatus,
} from './model.ts';

const alex = SHOPPERS.find((s) => s.handle === 'alex')!;
const kim = SHOPPERS.find((s) => s.handle === 'kim')!;

export const ALEX_ACCOUNT_ID = recordId(PREFIX.account, 1);
export const KIM_ACCOUNT_ID = recordId(PREFIX.account, 2);
export const ALEX_PAYMENT_RECORD_ID = recordId(PREFIX.paymentMethod, 1);
/** Cooling-off period after a purchase is installed, in days. */
export const COOLING_OFF_DAYS = 14;

/** Put for the sandbox's commerce image host in every answer (index.ts), as the platform's image links are. */
export const IMAGE_BASE = '{imageBase}';

export function findVariant(productId: string): { product: Product; variant: Variant } | undefined {
  for (const product of PRODUCTS) {
    const variant = product.variants.find((v) => v.productId === productId);
    if (variant) return { product, variant };
    if (product.id === productId && product.variants[0]) return { product, variant: product.variants[0] };
  }
  return undefined;
}

export function featureTypeOf(product: Product): string {
  if (product.flowType === 'CN') return 'Connected Navigation';
  return product.name;
}

export function productImage(product: Product): string {
  return `${IMAGE_BASE}${product.images[0] ?? `/images/${product.id}.jpg`}`;
}

export function termOf(variant: Variant): { termMonths: number | null; termType: 'Month' | 'Year' | null } {
  if (variant.subscriptionDurationType === 'o') return { termMonths: null, termType: null };
  if (variant.subscriptionDurationType === 'y')
    return { termMonths: variant.subscriptionDuration * 12, termType: 'Year' };
  return { termMonths: variant.subscriptionDuration, termType: 'Month' };
}

export function buildItem(
  id: string,
  productId: string,
  status: OmsStatus,
  amount: number,
  subscriptionType = 'Renewal',
): OmsItem {
  const found = findVariant(productId);
  if (!found) {
    return {
      id,
      name: productId,
      productId,
      serviceId: productId,
      status,
      subscriptionType,
      image: null,
      termMonths: null,
      termType: null,
      featureType: 'Connected Navigation',
      isRefunded: false,
      amount,
      userManualUrl: null,
    };
  }
  const { product, variant } = found;
  const term = termOf(variant);
  return {
    id,
    name: variant.name,
    productId: variant.productId,
    serviceId: product.id,
    status,
    subscriptionType,
    image: productImage(product),
    termMonths: term.termType === 'Year' ? variant.subscriptionDuration : term.termMonths,
    termType: term.termType,
    featureType: featureTypeOf(product),
    isRefunded: false,
    amount,
    userManualUrl: product.userManualUrl,
  };
}

const ALEX_BILLING: OmsBilling = {
  firstName: alex.firstName,
  lastName: alex.lastName,
  street: `${ALEX_SAVED_CARD.billingAddress.address1}|Westminster`,
  city: ALEX_SAVED_CARD.billingAddress.city,
  postalCode: ALEX_SAVED_CARD.billingAddress.postalCode,
  stateCode: null,
  countryCode: ALEX_SAVED_CARD.billingAddress.countryCode,
};

const ALEX_US_BILLING: OmsBilling = {
  firstName: alex.firstName,
  lastName: alex.lastName,
  street: '350 Fifth Avenue',
  city: 'New York',
  postalCode: '10118',
  stateCode: 'NY',
  countryCode: 'US',
};

export const ALEX_CARD_SNAPSHOT: OmsPaymentMethodSnapshot = {
  recordId: ALEX_PAYMENT_RECORD_ID,
  type: 'Credit Card',
  cardType: 'Visa',
  last4: ALEX_SAVED_CARD.last4,
  bankCode: null,
  firstName: alex.firstName,
  lastName: alex.lastName,
};

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

function vehicleOf(index: number) {
  return VEHICLES[index - 1]!;
}

function currencyOf(market: string): string {
  return { GB: 'GBP', FR: 'EUR', DE: 'EUR', US: 'USD' }[market] ?? 'GBP';
}

export function buildSeedOrders(clock: Clock): OmsOrder[] {
  const now = clock.nowMs();
  return SEED_ORDERS.map((row) => {
    const vehicle = vehicleOf(row.vehicle);
    const currency = currencyOf(vehicle.market);
    const variantId = row.variant ?? 'cn-connected-navigation-12m';
    const found = findVariant(variantId)!;
    const price = found.variant.prices[currency] ?? 0;
    const created = now - row.daysAgo * DAY_MS - 2 * 3_600_000;
    const iso = (offsetHours: number) => new Date(created + offsetHours * 3_600_000).toISOString();
    const item = buildItem(
      recordId(PREFIX.item, row.n),
      variantId,
      row.itemStatus ?? row.status,
      price,
      row.subscriptionType,
    );
    item.isRefunded = row.refundedItem ?? false;
    const refundAmount = row.refund?.amount ?? price;
    const invoiceKind = row.invoice ?? 'issued';
    const order: OmsOrder = {
      id: recordId(PREFIX.order, row.n),
      orderNo: String(1000 + row.n).padStart(8, '0'),
      userId: alex.uid,
      storefrontType: 'B2C',
      status: row.status,
      createdDate: iso(0),
      total: price,
      currency,
      items: [item],
      paymentId: recordId(PREFIX.payment, row.n),
      paymentMethod: { ...ALEX_CARD_SNAPSHOT },
      refunds: row.refund
        ? [{ id: recordId(PREFIX.refund, row.n), status: row.refund.status, captured: price, refunded: refundAmount }]
        : [],
      billing: vehicle.market === 'US' ? { ...ALEX_US_BILLING } : { ...ALEX_BILLING },
      vehicleName: vehicle.model,
      vin: vehicle.vin,
      brand: vehicle.brand,
      invoice:
        invoiceKind === 'none'
          ? null
          : { type: invoiceKind === 'issued' ? 'Invoice' : null, externalId: invoiceExternalId(row.n) },
      isCancelled: row.cancelled ?? false,
      noRefundRequired: row.noRefund ?? false,
      fulfillments: row.fulfillment
        ? [
            {
              id: recordId(PREFIX.fulfillment, row.n),
              lineIds: [recordId(PREFIX.fulfillmentLine, row.n)],
              status: row.fulfillment,
              downloadDate: ['Ready for export', 'Exported', 'Pending', 'Export Error'].includes(row.fulfillment)
                ? null
                : iso(0.5),
              installationDate: ['Installed', 'Success', 'Active', 'Deactivated'].includes(row.fulfillment)
                ? iso(9)
                : null,
            },
          ]
        : [],
      returns: row.returnOrder
        ? [
            {
              id: recordId(PREFIX.returnOrder, row.n),
              lineIds: [recordId(PREFIX.returnLine, row.n)],
              status: row.returnOrder,
              uninstallationDate: ['Uninstalled', 'Canceled', 'Cancellation Completed'].includes(row.returnOrder)
                ? iso(24 * 3)
                : null,
              noRefundRequired: row.noRefund ?? false,
            },
          ]
        : [],
      creditNotes:
        row.refund?.status === 'Processed'
          ? [
              {
                id: recordId(PREFIX.creditNote, row.n),
                name: `CN${String(row.n).padStart(8, '0')}`,
                status: 'Posted',
                amount: refundAmount,
                createdDate: iso(24 * 7),
                externalId: creditNoteExternalId(row.n),
              },
            ]
          : [],
    };
    return order;
  });
}

/** alex's subscriptions (assets); CN expiries agree with the vehicles' seed. */
export function buildSeedSubscriptions(clock: Clock): OmsSubscription[] {
  const date = (days: number) => isoDateFromNow(clock, days);
  const sub = (
    n: number,
    vehicleIndex: number,
    referenceOrder: number,
    variantId: string,
    fields: Partial<OmsSubscription>,
  ): OmsSubscription => {
    const vehicle = vehicleOf(vehicleIndex);
    const { product, variant } = findVariant(variantId)!;
    const currency = currencyOf(vehicle.market);
    const term = termOf(variant);
    return {
      id: recordId(PREFIX.asset, n),
      referenceId: recordId(PREFIX.order, referenceOrder),
      userId: alex.uid,
      vin: vehicle.vin,
      vehicleModel: vehicle.model,
      vehicleMake: vehicle.brand,
      name: product.name,
      image: productImage(product),
      serviceId: product.id,
      productId: variant.productId,
      parentProductCode: product.flowType,
      servicePlan: term.termMonths === null ? null : String(variant.subscriptionDuration),
      servicePlanType: term.termType,
      renewalPlan: '12',
      renewalPlanType: 'Month',
      price: variant.prices[currency] ?? null,
      currency,
      status: 'Installed',
      expiryDate: date(vehicle.cnExpiresInDays),
      coolingOffEnd: null,
      autoRenew: false,
      cancellationReason: null,
      additionalInfo: null,
      ...fields,
    };
  };
  return [
    // Vehicle 1: expiring in 30 days, auto-renewal turned off with a reason, cooling-off long over.
    sub(1, 1, 6, 'cn-connected-navigation-12m', {
      coolingOffEnd: date(-321),
      cancellationReason: 'Planning to sell vehicle before renewal',
      additionalInfo: '',
    }),
    // Vehicle 2: expired 10 days ago, auto-renewal off.
    sub(2, 2, 19, 'cn-connected-navigation-12m', { coolingOffEnd: date(-361) }),
    // Vehicle 3: up to date (300 days), auto-renewal on, inside the cooling-off period.
    sub(3, 3, 5, 'cn-connected-navigation-12m', { autoRenew: true, coolingOffEnd: date(9) }),
    // Vehicle 4 (FR): expiring in 20 days, 24-month plan, auto-renewal off, cooling-off over.
    sub(4, 4, 28, 'cn-connected-navigation-24m', { coolingOffEnd: date(-696) }),
    // Vehicle 1: Online Pack being processed (In progress), inside the cooling-off period.
    sub(5, 1, 33, 'vcs-online-pack-12m', { status: 'In progress', expiryDate: date(365), coolingOffEnd: date(11) }),
    // Vehicle 6 (borealis): expiring in 30 days, auto-renewal on.
    sub(6, 6, 45, 'cn-connected-navigation-12m', { autoRenew: true, coolingOffEnd: date(-321) }),
    // Vehicle 7 (US): expiring in 40 days, auto-renewal on.
    sub(7, 7, 46, 'cn-connected-navigation-12m', { autoRenew: true, coolingOffEnd: date(-311) }),
  ];
}

export function buildSeedAccounts(): OmsAccount[] {
  return [
    { id: ALEX_ACCOUNT_ID, userId: alex.uid, enabled: true },
    { id: KIM_ACCOUNT_ID, userId: kim.uid, enabled: true },
  ];
}

export function blankPaymentRecord(recordIdValue: string, accountId: string): OmsPaymentRecord {
  return {
    recordId: recordIdValue,
    accountId,
    token: '',
    type: '',
    cardType: '',
    paymentInformation: '',
    last4: '',
    bankCode: '',
    firstName: '',
    lastName: '',
    street: '',
    city: '',
    postalCode: '',
    countryCode: '',
    stateCode: '',
    ipAddress: '',
    expMonth: null,
    expYear: null,
  };
}

export function buildSeedPaymentRecords(): OmsPaymentRecord[] {
  const card = ALEX_SAVED_CARD;
  return [
    {
      recordId: ALEX_PAYMENT_RECORD_ID,
      accountId: ALEX_ACCOUNT_ID,
      // The card the Stripe stand-in holds for alex's payment customer.
      token: STRIPE_SEED.alexPaymentMethodId,
      type: 'Credit Card',
      cardType: 'Visa',
      paymentInformation: `Visa ending ${card.last4}`,
      last4: card.last4,
      bankCode: '',
      firstName: card.billingAddress.firstName,
      lastName: card.billingAddress.lastName,
      street: card.billingAddress.address1,
      city: card.billingAddress.city,
      postalCode: card.billingAddress.postalCode,
      countryCode: card.billingAddress.countryCode,
      stateCode: '',
      ipAddress: '203.0.113.10',
      expMonth: card.expMonth,
      expYear: card.expYear,
    },
  ];
}
