/**
 * Shopper orders: created from a complete basket (status `created`, the basket is removed), read by
 * their shopper, and updated through the classic order update (status and `c_*` attributes). The
 * order-management stand-in and the vehicles stand-in reach orders through the exported functions.
 */
import express, { type Router } from 'express';
import type { SandboxContext } from '../../app.ts';
import { requireShopper, shopperOf } from './auth.ts';
import { problem, type Schemas } from './errors.ts';
import { bodyObject, requireOrgAndSite } from './http.ts';
import { renderBasket } from './pricing.ts';
import { nextOrderNo, state, type OrderRecord, type OrderStatus } from './state.ts';

export type PlacedOrder = Schemas['Order'];
type Listener = (order: PlacedOrder) => void;
const listeners: Listener[] = [];

/** Registers a listener told once when an order is placed (updated to status `new`). */
export function onOrderPlaced(listener: Listener): () => void {
  listeners.push(listener);
  return () => {
    const index = listeners.indexOf(listener);
    if (index >= 0) listeners.splice(index, 1);
  };
}

export function renderOrder(order: OrderRecord): Schemas['Order'] {
  const placed = order.status === 'new' || order.status === 'completed';
  return {
    ...order.body,
    ...order.custom,
    orderNo: order.orderNo,
    status: order.status,
    paymentStatus: placed ? 'paid' : 'not_paid',
    confirmationStatus: placed ? 'confirmed' : 'not_confirmed',
    exportStatus: placed ? 'ready' : order.status === 'failed' ? 'failed' : 'not_exported',
    siteId: order.siteId,
    creationDate: new Date(order.creationMs).toISOString(),
    lastModified: new Date(order.modifiedMs).toISOString(),
  };
}

export function renderClassicOrder(order: OrderRecord): Schemas['ClassicOrder'] {
  const body = renderOrder(order);
  const info = body.customerInfo;
  return {
    ...order.custom,
    _v: '24.5',
    _type: 'order',
    order_no: order.orderNo,
    status: order.status,
    ...(body.currency ? { currency: body.currency } : {}),
    ...(body.orderTotal !== undefined ? { order_total: body.orderTotal } : {}),
    ...(body.productSubTotal !== undefined ? { product_sub_total: body.productSubTotal } : {}),
    ...(info
      ? {
          customer_info: {
            ...(info.customerId ? { customer_id: info.customerId } : {}),
            ...(info.customerName ? { customer_name: info.customerName } : {}),
            email: info.email,
          },
        }
      : {}),
  };
}

export function getOrderByNo(orderNo: string): Schemas['Order'] | undefined {
  const order = state.orders.get(orderNo);
  return order ? renderOrder(order) : undefined;
}

/** Changes an order's status and custom attributes; tells the listeners when it becomes `new`. */
export function updateOrder(
  context: SandboxContext,
  order: OrderRecord,
  change: { status?: OrderStatus; custom?: Record<string, unknown> },
): void {
  if (change.custom) Object.assign(order.custom, change.custom);
  if (change.status) order.status = change.status;
  order.modifiedMs = context.clock.nowMs();
  if (order.status === 'new' && !order.placedNotified) {
    order.placedNotified = true;
    const rendered = renderOrder(order);
    for (const listener of [...listeners]) {
      try {
        listener(rendered);
      } catch {
        // A listener's failure does not undo the order update.
      }
    }
  }
}

/** Marks an order failed (a payment that did not go through); false when there is no such order. */
export function failOrderByNo(context: SandboxContext, orderNo: string, custom: Record<string, unknown> = {}): boolean {
  const order = state.orders.get(orderNo);
  if (!order) return false;
  updateOrder(context, order, { status: 'failed', custom });
  return true;
}

export function ordersOf(customerId: string): OrderRecord[] {
  return [...state.orders.values()]
    .filter((o) => o.customerId === customerId)
    .sort((a, b) => b.creationMs - a.creationMs || b.orderNo.localeCompare(a.orderNo));
}

export function ordersRouter(context: SandboxContext): Router {
  const router = express.Router({ mergeParams: true });
  router.use(express.json({ limit: '200kb' }));
  router.use(requireOrgAndSite, requireShopper(context));

  router.post('/orders', (req, res) => {
    const shopper = shopperOf(res);
    const raw = bodyObject(req);
    const basketId = typeof raw.basketId === 'string' ? raw.basketId : '';
    const basket = state.baskets.get(basketId);
    if (!basket || basket.customerId !== shopper.customerId)
      return problem(
        res,
        404,
        'basket-not-found',
        'Basket Not Found',
        `No basket with ID '${basketId}' could be found.`,
      );
    const missing: string[] = [];
    if (basket.items.length === 0) missing.push('no product items');
    if (!basket.email) missing.push('no customer email');
    if (!basket.shippingAddress) missing.push('no shipping address');
    if (!basket.billingAddress) missing.push('no billing address');
    if (!basket.paymentInstrument) missing.push('no payment instrument');
    if (missing.length > 0)
      return problem(
        res,
        400,
        'order-creation-failed',
        'Order Creation Failed',
        `The basket '${basket.basketId}' has ${missing.join(', ')}.`,
      );
    // "The only considered value from the request body is basketId" (the Shopper Orders reference,
    // createOrder): custom properties sent with it are ignored, as the platform ignores them. The order
    // gets the basket's custom attributes; the shop writes its own with the order update (classic.ts).
    const rendered = renderBasket(basket);
    const orderNo = nextOrderNo();
    const nowMs = context.clock.nowMs();
    const billing = basket.billingAddress!;
    const customerName =
      basket.customerName ?? ([billing.firstName, billing.lastName].filter(Boolean).join(' ') || undefined);
    const body: Schemas['Order'] = {
      orderNo,
      currency: basket.currency,
      customerInfo: {
        customerId: basket.customerId,
        email: basket.email!,
        ...(customerName ? { customerName } : {}),
      },
      ...(customerName ? { customerName } : {}),
      billingAddress: billing,
      productItems: rendered.productItems ?? [],
      shipments: rendered.shipments ?? [],
      paymentInstruments: rendered.paymentInstruments ?? [],
      orderPriceAdjustments: rendered.orderPriceAdjustments ?? [],
      ...(rendered.productSubTotal !== undefined ? { productSubTotal: rendered.productSubTotal } : {}),
      ...(rendered.productTotal !== undefined ? { productTotal: rendered.productTotal } : {}),
      ...(rendered.orderTotal !== undefined ? { orderTotal: rendered.orderTotal } : {}),
      ...(rendered.taxTotal !== undefined ? { taxTotal: rendered.taxTotal } : {}),
      ...(rendered.taxation ? { taxation: rendered.taxation } : {}),
    };
    const order: OrderRecord = {
      orderNo,
      siteId: basket.siteId,
      customerId: basket.customerId,
      status: 'created',
      creationMs: nowMs,
      modifiedMs: nowMs,
      body,
      custom: { ...basket.custom },
      placedNotified: false,
    };
    state.orders.set(orderNo, order);
    state.baskets.delete(basket.basketId);
    res.json(renderOrder(order));
  });

  router.get('/orders/:orderNo', (req, res) => {
    const order = state.orders.get(req.params.orderNo);
    if (!order || order.customerId !== shopperOf(res).customerId)
      return problem(
        res,
        404,
        'order-not-found',
        'Order Not Found',
        `No order with number '${req.params.orderNo}' could be found.`,
      );
    res.json(renderOrder(order));
  });

  return router;
}
