/**
 * Orders placed through the commerce stand-in (its integration calls recordPlacedOrder), recorded so
 * that they appear in History and Details like the seed's.
 */
import { SHOPPERS, VEHICLES } from '../../seed.ts';
import { buildItem } from './items.ts';
import { PREFIX, recordId, type OmsBilling, type OmsOrder, type OmsPaymentType, type OmsStatus } from './model.ts';
import { next, nowIso, state } from './state.ts';

export interface PlacedOrderLine {
  /** Variant product id (cn-connected-navigation-12m); a master id takes its first variant. */
  productId: string;
  /** Price of the line including tax, in the order's currency. */
  price: number;
  name?: string;
}

export interface PlacedOrder {
  /** The commerce order number. */
  orderNo: string;
  /** The shopper's identity id (Shopper.uid); a commerce customer id or email is mapped to it. */
  userId: string;
  vin: string;
  currency: string;
  lines: PlacedOrderLine[];
  /** Order total; the sum of the lines when absent. */
  total?: number;
  billingAddress: {
    firstName: string;
    lastName: string;
    address1: string;
    address2?: string | null;
    city: string;
    postalCode: string;
    countryCode: string;
    stateCode?: string | null;
  };
  payment: {
    type: OmsPaymentType;
    cardType?: string | null;
    last4?: string | null;
    bankCode?: string | null;
  };
  /** Created (payment not confirmed yet) or Payment Pending (the default). */
  status?: 'Created' | 'Payment Pending';
  /** Renewal (the default) or New. */
  subscriptionType?: string;
  storefrontType?: string;
  /** ISO date-time; the sandbox clock's now when absent. */
  createdDate?: string;
}

function resolveUserId(value: string): string {
  const shopper = SHOPPERS.find(
    (s) => s.uid === value || s.customerId === value || s.email === value || s.sapCdcId === value,
  );
  return shopper?.uid ?? value;
}

/**
 * Records an order placed through the commerce stand-in, so that it appears in History and
 * Details (status Payment Pending unless told otherwise). Recording the same order number again
 * returns the order already recorded.
 */
export function recordPlacedOrder(placed: PlacedOrder): { Id: string; OrderNumber: string } {
  const existing = state.orders.find((o) => o.orderNo === placed.orderNo);
  if (existing) return { Id: existing.id, OrderNumber: existing.orderNo };
  const n = next();
  const status: OmsStatus = placed.status ?? 'Payment Pending';
  const vehicle = VEHICLES.find((v) => v.vin === placed.vin);
  const items = placed.lines.map((line, index) => {
    const item = buildItem(
      recordId(PREFIX.item, n + index * 1_000_000),
      line.productId,
      status,
      line.price,
      placed.subscriptionType ?? 'Renewal',
    );
    if (line.name) item.name = line.name;
    return item;
  });
  const shopperName = { first: placed.billingAddress.firstName, last: placed.billingAddress.lastName };
  const street = placed.billingAddress.address2
    ? `${placed.billingAddress.address1}|${placed.billingAddress.address2}`
    : placed.billingAddress.address1;
  const order: OmsOrder = {
    id: recordId(PREFIX.order, n),
    orderNo: placed.orderNo,
    userId: resolveUserId(placed.userId),
    storefrontType: placed.storefrontType ?? 'B2C',
    status,
    createdDate: placed.createdDate ?? nowIso(),
    total: placed.total ?? Math.round(placed.lines.reduce((sum, l) => sum + l.price, 0) * 100) / 100,
    currency: placed.currency,
    items,
    paymentId: recordId(PREFIX.payment, n),
    paymentMethod: {
      recordId: null,
      type: placed.payment.type,
      cardType: placed.payment.cardType ?? null,
      last4: placed.payment.last4 ?? null,
      bankCode: placed.payment.bankCode ?? null,
      firstName: shopperName.first,
      lastName: shopperName.last,
    },
    refunds: [],
    billing: {
      firstName: placed.billingAddress.firstName,
      lastName: placed.billingAddress.lastName,
      street,
      city: placed.billingAddress.city,
      postalCode: placed.billingAddress.postalCode,
      stateCode: placed.billingAddress.stateCode ?? null,
      countryCode: placed.billingAddress.countryCode,
    } satisfies OmsBilling,
    vehicleName: vehicle?.model ?? null,
    vin: placed.vin,
    brand: vehicle?.brand ?? null,
    invoice: null,
    isCancelled: false,
    noRefundRequired: false,
    fulfillments: [],
    returns: [],
    creditNotes: [],
  };
  state.orders.push(order);
  return { Id: order.id, OrderNumber: order.orderNo };
}
