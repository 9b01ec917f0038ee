/**
 * Commerce orders as the checkout uses them: read (shopper orders, and the customer's newest orders)
 * and updated through the classic order update (status and c_* attributes, storefront §4 "On
 * payment").
 */
import type { components as CommerceComponents } from '../../../../generated/commerce/types.ts';
import type { AppContext } from '../../context.ts';
import { upstreamError } from '../../errors.ts';
import { commerceCall, commerceData, reachCommerce } from './commerce-answer.ts';
import type { Shopper } from '../../services/identity/shopper.ts';

type Commerce = CommerceComponents['schemas'];
export type CommerceOrder = Commerce['Order'] & Record<string, unknown>;
export type OrderUpdate = Commerce['ClassicOrderUpdate'];

/** An order's facts as the order attempt tells its orders apart; undefined without a number. */
export function orderFactOf(order: Commerce['Order']): OrderFact | undefined {
  if (!order.orderNo) return undefined;
  return {
    orderNo: order.orderNo,
    status: order.status,
    creationDate: order.creationDate,
    productIds: (order.productItems ?? []).flatMap((i) => (i.productId ? [i.productId] : [])),
    orderTotal: order.orderTotal,
    currency: order.currency,
  };
}

const unreachable = (cause: unknown): never => {
  throw upstreamError('commerce', cause);
};

/** An order as the customer's order list names it. */
export interface OrderFact {
  orderNo: string;
  status?: string;
  creationDate?: string;
  /** The ordered products' ids, in the order's order. */
  productIds: string[];
  orderTotal?: number;
  currency?: string;
}

/** Storefront §7 "Order list | GET | offset 0, limit 10"; §9 "Order list page size 10". */
export const ORDER_LIST_PAGE = { offset: 0, limit: 10 } as const;

const CUSTOMER_ORDERS =
  '/customer/shopper-customers/v1/organizations/{organizationId}/customers/{customerId}/orders' as const;

/**
 * The customer's newest orders (guest or registered: the token's own customer; getCustomerOrders
 * takes a guest's token too, SCAPI shopper-customers).
 */
export async function customerOrders(ctx: AppContext, shopper: Shopper): Promise<OrderFact[]> {
  const customerId = shopper.tokens.customerId;
  if (!customerId) return [];
  const result = await reachCommerce(
    ctx.upstreams.commerce.GET(CUSTOMER_ORDERS, {
      params: {
        path: { organizationId: shopper.organizationId, customerId },
        query: { siteId: shopper.siteId, ...ORDER_LIST_PAGE },
      },
      headers: shopper.headers,
    }),
  );
  return (commerceData(result, 'customer orders', shopper).data ?? []).flatMap((o) => {
    const fact = orderFactOf(o);
    return fact ? [fact] : [];
  });
}

export async function readOrder(ctx: AppContext, shopper: Shopper, orderNo: string): Promise<CommerceOrder | null> {
  const { data, response } = await ctx.upstreams.commerce
    .GET('/checkout/shopper-orders/v1/organizations/{organizationId}/orders/{orderNo}', {
      params: { path: { organizationId: shopper.organizationId, orderNo }, query: { siteId: shopper.siteId } },
      headers: shopper.headers,
    })
    .catch(unreachable);
  if (response.status === 404) return null;
  if (!data) throw upstreamError('commerce');
  return data as CommerceOrder;
}

/**
 * The order of the shopper's basket (status created). The body names the basket only: "the only
 * considered value from the request body is basketId" (Shopper Orders, createOrder); the shop's
 * attributes for the order system go with the order update that places it (settlement.ts).
 */
export async function createOrder(ctx: AppContext, shopper: Shopper, basketId: string): Promise<CommerceOrder> {
  const order = await commerceCall(
    shopper,
    'order creation',
    ctx.upstreams.commerce.POST('/checkout/shopper-orders/v1/organizations/{organizationId}/orders', {
      params: { path: { organizationId: shopper.organizationId }, query: { siteId: shopper.siteId } },
      headers: shopper.headers,
      body: { basketId },
    }),
  );
  // An answer without its order number cannot be told apart from a lost one (issue 17's fault table).
  if (typeof order.orderNo !== 'string' || !order.orderNo) {
    shopper.log.error({ upstream: 'commerce' }, 'order creation answered without an order number');
    throw upstreamError('commerce');
  }
  return order as CommerceOrder;
}

export async function updateOrder(
  ctx: AppContext,
  shopper: Shopper,
  orderNo: string,
  change: OrderUpdate,
): Promise<Commerce['ClassicOrder']> {
  const { data } = await ctx.upstreams.commerceClassic
    .PATCH('/s/{siteId}/dw/shop/v24_5/orders/{order_no}', {
      params: { path: { siteId: shopper.siteId, order_no: orderNo } },
      headers: shopper.headers,
      body: change,
    })
    .catch(unreachable);
  if (!data) throw upstreamError('commerce');
  return data;
}

/**
 * The customer's name failing an order writes (storefront §4 "Renewal page load", "On payment"):
 * none when the order carries its billing name already, written at its creation
 * (c_SNP_OMS_FirstName and c_SNP_OMS_LastName, storefront §3; docs/decisions/031: the billing
 * address wins); else the billing address's first and last name; else the customer's name split at
 * its first space (an order made before the creation wrote them).
 */
export function failureName(
  order: CommerceOrder | null | undefined,
  customerName: unknown,
): { c_SNP_OMS_FirstName?: string; c_SNP_OMS_LastName?: string } {
  if (order?.c_SNP_OMS_FirstName || order?.c_SNP_OMS_LastName) return {};
  const billing = order?.billingAddress;
  if (billing?.firstName || billing?.lastName) {
    return {
      ...(billing.firstName ? { c_SNP_OMS_FirstName: billing.firstName } : {}),
      ...(billing.lastName ? { c_SNP_OMS_LastName: billing.lastName } : {}),
    };
  }
  const [firstName, ...rest] = String(customerName ?? '')
    .trim()
    .split(/\s+/);
  return {
    ...(firstName ? { c_SNP_OMS_FirstName: firstName } : {}),
    ...(rest.length ? { c_SNP_OMS_LastName: rest.join(' ') } : {}),
  };
}

/**
 * Marks an order failed (c_stripe_status error) with `fields`: the storefront §3 fields of its
 * creation when known, and the customer's name where it lacks one (failureName).
 */
export async function failOrder(
  ctx: AppContext,
  shopper: Shopper,
  orderNo: string,
  fields: Commerce['OrderCustomAttributes'],
): Promise<void> {
  await updateOrder(ctx, shopper, orderNo, { ...fields, status: 'failed', c_stripe_status: 'error' });
}
