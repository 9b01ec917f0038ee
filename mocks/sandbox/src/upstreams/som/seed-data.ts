/**
 * The order-management seed (DESIGN.md: alex has orders and subscriptions covering every status
 * of the account-area mapping and timeline tables; kim has an account without payment method or
 * orders; sam has nothing). Order `0000NNNN` has the record ids ending in `NNN - 1000` (order
 * 00001005 is OrderSummary 1OsSB0000000005AAA), as in the contract's examples. Dates are relative
 * to the sandbox clock at seeding time.
 */
import { DAY_MS, isoDateFromNow, type Clock } from '../../core/clock.ts';
import { ALEX_SAVED_CARD, SHOPPERS, VEHICLES } from '../../seed.ts';
import { STRIPE_SEED } from '../stripe/store.ts';
import { buildItem, findVariant, productImage, termOf } from './items.ts';
import {
  creditNoteExternalId,
  invoiceExternalId,
  PREFIX,
  recordId,
  type OmsAccount,
  type OmsBilling,
  type OmsOrder,
  type OmsPaymentMethodSnapshot,
  type OmsPaymentRecord,
  type OmsSubscription,
} from './model.ts';
import { SEED_ORDERS } from './seed-orders.ts';

const alex = SHOPPERS.find((s) => s.handle === 'alex')!;
const kim = SHOPPERS.find((s) => s.handle === 'kim')!;

export const ALEX_ACCOUNT_ID = recordId(PREFIX.account, 1);
export const KIM_ACCOUNT_ID = recordId(PREFIX.account, 2);
export const ALEX_PAYMENT_RECORD_ID = recordId(PREFIX.paymentMethod, 1);

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
