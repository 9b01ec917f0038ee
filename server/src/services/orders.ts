/**
 * Commerce orders as the checkout uses them: read (shopper orders) and updated through the classic
 * order update (status and c_* attributes, storefront §4 "On payment").
 */
import type { components as CommerceComponents } from '../../../generated/commerce/types.ts';
import type { AppContext } from '../context.ts';
import { upstreamError } from '../errors.ts';
import type { Shopper } from './shopper.ts';

type Commerce = CommerceComponents['schemas'];
export type CommerceOrder = Commerce['Order'] & Record<string, unknown>;
export type OrderUpdate = Commerce['ClassicOrderUpdate'];

export async function readOrder(shopper: Shopper, ctx: AppContext, orderNo: string): Promise<CommerceOrder | null> {
  const { data, response } = await ctx.upstreams.commerce
    .GET('/checkout/shopper-orders/v1/organizations/{organizationId}/orders/{orderNo}', {
      params: { path: { organizationId: shopper.organizationId, orderNo }, query: { siteId: shopper.siteId } },
      headers: shopper.headers,
    })
    .catch((cause: unknown) => {
      throw upstreamError('commerce', cause);
    });
  if (response.status === 404) return null;
  if (!data) throw upstreamError('commerce');
  return data as CommerceOrder;
}

export async function updateOrder(
  shopper: Shopper,
  ctx: AppContext,
  orderNo: string,
  change: OrderUpdate,
): Promise<Commerce['ClassicOrder']> {
  const { data } = await ctx.upstreams.commerceClassic
    .PATCH('/s/{siteId}/dw/shop/v24_5/orders/{order_no}', {
      params: { path: { siteId: shopper.siteId, order_no: orderNo } },
      headers: shopper.headers,
      body: change,
    })
    .catch((cause: unknown) => {
      throw upstreamError('commerce', cause);
    });
  if (!data) throw upstreamError('commerce');
  return data;
}

/** Marks an order failed with the customer's name (storefront §4 "Renewal page load", "On payment"). */
export async function failOrder(
  shopper: Shopper,
  ctx: AppContext,
  orderNo: string,
  customerName: unknown,
): Promise<void> {
  const [firstName, ...rest] = String(customerName ?? '')
    .trim()
    .split(/\s+/);
  await updateOrder(shopper, ctx, orderNo, {
    status: 'failed',
    c_stripe_status: 'error',
    ...(firstName ? { c_SNP_OMS_FirstName: firstName } : {}),
    ...(rest.length ? { c_SNP_OMS_LastName: rest.join(' ') } : {}),
  });
}
