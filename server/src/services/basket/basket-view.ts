/**
 * The basket as the browser sees it (proxy.yaml's `Basket`): the one item with its plan, money
 * formatted for the locale and the VAT lines where prices include VAT; and the header's item
 * count kept in the session in step with it.
 */
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { money, planName, planOf, vatLinesOf } from '../../upstream/commerce/catalog.ts';
import type { Shopper } from '../identity/shopper.ts';
import { toAddress, type CommerceBasket } from '../../upstream/commerce/baskets.ts';

type Schemas = components['schemas'];

export async function basketView(
  ctx: AppContext,
  shopper: Shopper,
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

/** Keeps the header's item count in the session in step with the basket (saved when it changed). */
export async function rememberItemCount(shopper: Shopper, basket: CommerceBasket | null): Promise<void> {
  const count = Math.min(1, basket?.productItems?.length ?? 0);
  if (shopper.session.basketItemCount === count) return;
  shopper.session.basketItemCount = count;
  await shopper.persist();
}

/** The answer of every basket operation: the whole basket, with the count kept in step. */
export async function basketAnswer(
  ctx: AppContext,
  shopper: Shopper,
  basket: CommerceBasket,
): Promise<Schemas['Basket']> {
  await rememberItemCount(shopper, basket);
  return basketView(ctx, shopper, basket);
}
