/**
 * The shopper's one basket on the commerce platform (storefront §3 Basket, §4 Renew action, §7):
 * found through the customer's baskets, created in the market's currency when missing, and shown
 * to the browser as proxy.yaml's `Basket` (one item at most, money formatted for the locale, the
 * VAT lines where prices include VAT).
 */
import type { components as CommerceComponents } from '../../../generated/commerce/types.ts';
import type { components } from '../../../generated/proxy/types.ts';
import type { AppContext } from '../context.ts';
import { AppError, upstreamError } from '../errors.ts';
import { money, planName, planOf, vatLinesOf } from './catalog.ts';
import type { Shopper } from './shopper.ts';

type Schemas = components['schemas'];
type Commerce = CommerceComponents['schemas'];
export type CommerceBasket = Commerce['Basket'];
export type CommerceAddress = Commerce['OrderAddress'];

const BASKETS = '/checkout/shopper-baskets/v1/organizations/{organizationId}/baskets' as const;
export const SHIPMENT_ID = 'me';

/** Query and auth every basket call carries. */
export const basketParams = (shopper: Shopper) => ({
  organizationId: shopper.organizationId,
  query: { siteId: shopper.siteId, locale: shopper.locale },
});

/** The platform's answer, or the problem the browser should see. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }, what: string, ctx: AppContext): T {
  if (result.data !== undefined && result.response.ok) return result.data;
  const detail = (result.error as { detail?: string } | undefined)?.detail;
  ctx.logger.warn({ status: result.response.status, detail }, `commerce ${what} failed`);
  if (result.response.status === 404) {
    throw new AppError(404, 'basket-not-found', 'Basket not found', detail ?? 'The basket no longer exists.');
  }
  if (result.response.status === 400 || result.response.status === 409) {
    throw new AppError(
      422,
      'checkout-error',
      'Checkout error',
      detail ?? 'An unexpected error occurred during checkout.',
    );
  }
  throw upstreamError('commerce');
}

const fail = (cause: unknown): never => {
  throw upstreamError('commerce', cause);
};

/** The shopper's current basket, or null when there is none. */
export async function currentBasket(shopper: Shopper, ctx: AppContext): Promise<CommerceBasket | null> {
  const customerId = shopper.tokens.customerId;
  if (!customerId) return null;
  const result = await ctx.upstreams.commerce
    .GET('/customer/shopper-customers/v1/organizations/{organizationId}/customers/{customerId}/baskets', {
      params: { path: { organizationId: shopper.organizationId, customerId }, query: { siteId: shopper.siteId } },
      headers: shopper.headers,
    })
    .catch(fail);
  if (result.response.status === 404) return null;
  const baskets = unwrap(result, 'baskets', ctx).baskets ?? [];
  const basket = baskets[0] ?? null;
  if (basket && basket.currency !== shopper.market.currency) return setCurrency(shopper, ctx, basket);
  return basket;
}

async function setCurrency(shopper: Shopper, ctx: AppContext, basket: CommerceBasket): Promise<CommerceBasket> {
  const { organizationId, query } = basketParams(shopper);
  const result = await ctx.upstreams.commerce
    .PATCH(`${BASKETS}/{basketId}`, {
      params: { path: { organizationId, basketId: basket.basketId! }, query },
      headers: shopper.headers,
      body: { currency: shopper.market.currency },
    })
    .catch(fail);
  return unwrap(result, 'basket currency', ctx);
}

/** The current basket, created (in the market's currency) when there is none. */
export async function ensureBasket(shopper: Shopper, ctx: AppContext): Promise<CommerceBasket> {
  const existing = await currentBasket(shopper, ctx);
  if (existing) return existing;
  const { organizationId, query } = basketParams(shopper);
  const created = unwrap(
    await ctx.upstreams.commerce
      .POST(BASKETS, { params: { path: { organizationId }, query }, headers: shopper.headers, body: {} })
      .catch(fail),
    'basket creation',
    ctx,
  );
  return created.currency === shopper.market.currency ? created : setCurrency(shopper, ctx, created);
}

/** The basket or a 404 problem the checkout understands ("Basket is empty"). */
export async function requireBasket(shopper: Shopper, ctx: AppContext): Promise<CommerceBasket> {
  const basket = await currentBasket(shopper, ctx);
  if (!basket) throw new AppError(404, 'basket-not-found', 'Basket not found', 'Basket is empty');
  return basket;
}

export function toAddress(address: CommerceAddress | null | undefined): Schemas['Address'] | null {
  if (!address?.firstName || !address.address1) return null;
  return {
    firstName: address.firstName,
    lastName: address.lastName ?? '',
    countryCode: String(address.countryCode ?? '') as Schemas['CountryCode'],
    address1: address.address1,
    address2: address.address2 ?? null,
    city: address.city ?? '',
    stateCode: address.stateCode ?? null,
    postalCode: address.postalCode ?? '',
  };
}

export function fromAddress(address: Schemas['Address']): CommerceAddress {
  return {
    firstName: address.firstName.trim(),
    lastName: address.lastName.trim(),
    address1: address.address1.trim(),
    ...(address.address2 ? { address2: address.address2.trim() } : {}),
    city: address.city.trim(),
    postalCode: address.postalCode.trim(),
    countryCode: address.countryCode,
    ...(address.stateCode ? { stateCode: address.stateCode } : {}),
  };
}

/** proxy.yaml's Basket: the one item with its plan, money for the locale and the VAT lines. */
export async function basketView(
  shopper: Shopper,
  ctx: AppContext,
  basket: CommerceBasket,
): Promise<Schemas['Basket']> {
  const currency = basket.currency ?? shopper.market.currency;
  const m = (value: number) => money(value, currency, shopper.locale);
  const items: Schemas['BasketItem'][] = [];
  for (const item of (basket.productItems ?? []).slice(0, 1)) {
    const { masterId, master, plan: info } = await planOf(ctx, { ...shopper, currency }, item.productId!);
    const extra = item as typeof item & Record<string, unknown>;
    const image = master?.imageGroups?.[0]?.images?.[0]?.link ?? null;
    items.push({
      itemId: item.itemId!,
      productId: item.productId!,
      masterProductId: masterId,
      name: master?.name ?? item.productName ?? item.productId!,
      quantity: 1,
      price: m(item.priceAfterItemDiscount ?? item.price ?? 0),
      duration: info?.duration ?? 0,
      durationType: info?.durationType ?? 'month',
      planLabel: info ? planName(info.duration, info.durationType) : (item.productName ?? ''),
      imageUrl: typeof extra.c_SNP_OMS_productImageLink === 'string' ? extra.c_SNP_OMS_productImageLink : image,
      purchaseMode: typeof extra.c_purchaseMode === 'string' ? extra.c_purchaseMode : null,
      expirationDate:
        typeof extra.c_SNP_OMS_ExpirationDate === 'string' ? extra.c_SNP_OMS_ExpirationDate.slice(0, 10) : null,
      ...(shopper.session.vehicle?.vin ? { vin: shopper.session.vehicle.vin } : {}),
    });
  }
  const total = basket.orderTotal ?? basket.productTotal ?? basket.productSubTotal ?? 0;
  const includeVat = shopper.market.pricesIncludeVat;
  const tax = basket.taxTotal ?? 0;
  const shipment = basket.shipments?.[0];
  return {
    basketId: basket.basketId!,
    currency,
    items,
    itemCount: items.length,
    productSubTotal: m(basket.productSubTotal ?? 0),
    ...vatLinesOf(total, tax, includeVat, m),
    orderTotal: m(total),
    pricesIncludeVat: includeVat,
    customerEmail: basket.customerInfo?.email || null,
    shippingAddress: toAddress(shipment?.shippingAddress),
    shippingMethodId: shipment?.shippingMethod?.id ?? null,
    billingAddress: toAddress(basket.billingAddress),
    hasPaymentInstrument: (basket.paymentInstruments?.length ?? 0) > 0,
  };
}

/** Keeps the header's item count in the session in step with the basket. */
export async function rememberItemCount(
  shopper: Shopper,
  ctx: AppContext,
  res: import('express').Response,
  basket: CommerceBasket | null,
): Promise<void> {
  const count = Math.min(1, basket?.productItems?.length ?? 0);
  if (shopper.session.basketItemCount === count) return;
  shopper.session.basketItemCount = count;
  await ctx.sessions.save(res, shopper.session);
}
