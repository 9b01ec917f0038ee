/**
 * Ties commerce orders to the other stand-ins: an order placed here (status `new`) is recorded in
 * the order-management stand-in (`recordPlacedOrder`), and the vehicles stand-in reads and fails
 * commerce orders through its `OrderStore`.
 */
import type { SandboxContext } from '../../app.ts';
import { recordPlacedOrder, type PlacedOrder as SomPlacedOrder } from '../som/index.ts';
import { setOrderStore, type OrderStore, type VehicleOrder } from '../vehicles/index.ts';
import { onOrderPlaced, renderOrder, updateOrder, type PlacedOrder } from './orders.ts';
import { state, type OrderRecord } from './state.ts';

const PAYMENT_TYPES: Record<string, SomPlacedOrder['payment']['type']> = {
  CREDIT_CARD: 'Credit Card',
  IDEAL: 'IDEAL',
  BANCONTACT: 'BANCONTACT',
  GOOGLE_PAY: 'GooglePay',
  APPLE_PAY: 'ApplePay',
};

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** The order's `c_payment_type` when it is one of the order system's types (storefront §3), as the order system reads it. */
const orderSystemType = (value: unknown): SomPlacedOrder['payment']['type'] | undefined =>
  Object.values(PAYMENT_TYPES).find((type) => type === value);

/** The order-management record of an order placed here. */
export function toSomOrder(order: PlacedOrder): SomPlacedOrder {
  const custom = order as Record<string, unknown>;
  const billing = order.billingAddress ?? {};
  const instrument = order.paymentInstruments?.[0];
  return {
    orderNo: order.orderNo ?? '',
    userId:
      text(custom.c_SNP_OMS_CustomerUUID) ?? order.customerInfo?.customerId ?? order.customerInfo?.email ?? 'guest',
    vin: text(custom.c_SNP_OMS_vin) ?? '',
    currency: order.currency ?? 'GBP',
    lines: (order.productItems ?? []).map((item) => ({
      productId: item.productId ?? '',
      price: item.priceAfterOrderDiscount ?? item.price ?? 0,
      ...(item.productName ? { name: item.productName } : {}),
    })),
    ...(order.orderTotal !== undefined ? { total: order.orderTotal } : {}),
    billingAddress: {
      firstName: billing.firstName ?? '',
      lastName: billing.lastName ?? '',
      address1: billing.address1 ?? '',
      address2: billing.address2 ?? null,
      city: billing.city ?? '',
      postalCode: billing.postalCode ?? '',
      countryCode: billing.countryCode ?? '',
      stateCode: billing.stateCode ?? null,
    },
    payment: {
      type: orderSystemType(custom.c_payment_type) ?? PAYMENT_TYPES[instrument?.paymentMethodId ?? ''] ?? 'Credit Card',
      cardType: text(custom.c_cardType) ?? instrument?.paymentCard?.cardType ?? null,
      last4: text(custom.c_last4) ?? instrument?.paymentCard?.numberLastDigits ?? null,
      bankCode: text(custom.c_SNP_OMS_BankCode__c) ?? instrument?.bankRoutingNumber ?? null,
    },
    ...(text(custom.c_SNP_OMS_storefrontType) ? { storefrontType: text(custom.c_SNP_OMS_storefrontType) } : {}),
    ...(order.creationDate ? { createdDate: order.creationDate } : {}),
  };
}

function toVehicleOrder(order: OrderRecord): VehicleOrder {
  const rendered = renderOrder(order);
  const status = order.custom.c_stripe_status;
  return {
    orderNo: order.orderNo,
    status: order.status,
    customerName: rendered.customerName ?? rendered.customerInfo?.customerName ?? null,
    customerEmail: rendered.customerInfo?.email || null,
    ...(rendered.currency ? { currency: rendered.currency } : {}),
    ...(rendered.orderTotal !== undefined ? { orderTotal: rendered.orderTotal } : {}),
    c_stripe_status: status === 'succeeded' || status === 'error' ? status : null,
  };
}

export function commerceOrderStore(context: SandboxContext): OrderStore {
  return {
    getOrder: (orderNo) => {
      const order = state.orders.get(orderNo);
      return order ? toVehicleOrder(order) : undefined;
    },
    failOrder: (orderNo) => {
      const order = state.orders.get(orderNo);
      if (!order) return undefined;
      if (order.status === 'created')
        updateOrder(context, order, { status: 'failed', custom: { c_stripe_status: 'error' } });
      return toVehicleOrder(order);
    },
  };
}

let recording = false;

/** Plugs commerce orders into the vehicles and order-management stand-ins. */
export function connectStandIns(context: SandboxContext): void {
  setOrderStore(commerceOrderStore(context));
  if (recording) return;
  recording = true;
  onOrderPlaced((order) => {
    recordPlacedOrder(toSomOrder(order));
  });
}
