/**
 * The shopper's one basket on the commerce platform (storefront §3 Basket, §4 Renew action and
 * Checkout, §7): this module owns every call on `/baskets` and `/baskets/{basketId}`. The basket
 * is found through the customer's baskets and created in the market's currency when missing; it
 * holds one item at most (quantity 1), shipment `me` with its address and digital method, the
 * billing address, the customer e-mail and the one payment instrument.
 */
import type { components as CommerceComponents } from '../../../../generated/commerce/types.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError, invalidField } from '../../errors.ts';
import { commerceCall, commerceData, reachCommerce } from './commerce-answer.ts';
import type { Shopper } from '../../services/identity/shopper.ts';

type Schemas = components['schemas'];
type Commerce = CommerceComponents['schemas'];
export type CommerceBasket = Commerce['Basket'];
export type CommerceAddress = Commerce['OrderAddress'];
export type CommerceOrderLike = Pick<
  Commerce['Order'],
  'productItems' | 'customerInfo' | 'shipments' | 'billingAddress' | 'orderNo'
>;

const BASKETS = '/checkout/shopper-baskets/v1/organizations/{organizationId}/baskets' as const;
const BASKET = `${BASKETS}/{basketId}` as const;
const CUSTOMER_BASKETS =
  '/customer/shopper-customers/v1/organizations/{organizationId}/customers/{customerId}/baskets' as const;
export const SHIPMENT_ID = 'me';

/** Path and query of a call on the shopper's basket. */
function on(shopper: Shopper, basket: CommerceBasket) {
  return {
    path: { organizationId: shopper.organizationId, basketId: basket.basketId! },
    query: { siteId: shopper.siteId, locale: shopper.locale },
  };
}

/** The shopper's current basket, or null when there is none; in the market's currency. */
export async function currentBasket(ctx: AppContext, shopper: Shopper): Promise<CommerceBasket | null> {
  const customerId = shopper.tokens.customerId;
  if (!customerId) return null;
  const result = await reachCommerce(
    ctx.upstreams.commerce.GET(CUSTOMER_BASKETS, {
      params: { path: { organizationId: shopper.organizationId, customerId }, query: { siteId: shopper.siteId } },
      headers: shopper.headers,
    }),
  );
  const basket =
    result.response.status === 404 ? null : (commerceData(result, 'baskets', shopper).baskets?.[0] ?? null);
  if (basket && basket.currency !== shopper.market.currency) return setCurrency(ctx, shopper, basket);
  return basket;
}

function setCurrency(ctx: AppContext, shopper: Shopper, basket: CommerceBasket): Promise<CommerceBasket> {
  return commerceCall(
    shopper,
    'basket currency',
    ctx.upstreams.commerce.PATCH(BASKET, {
      params: on(shopper, basket),
      headers: shopper.headers,
      body: { currency: shopper.market.currency },
    }),
  );
}

/** The current basket, created (in the market's currency) when there is none. */
export async function ensureBasket(ctx: AppContext, shopper: Shopper): Promise<CommerceBasket> {
  const existing = await currentBasket(ctx, shopper);
  if (existing) return existing;
  const created = await commerceCall(
    shopper,
    'basket creation',
    ctx.upstreams.commerce.POST(BASKETS, {
      params: {
        path: { organizationId: shopper.organizationId },
        query: { siteId: shopper.siteId, locale: shopper.locale },
      },
      headers: shopper.headers,
      body: {},
    }),
  );
  return created.currency === shopper.market.currency ? created : setCurrency(ctx, shopper, created);
}

/** The basket or a 404 problem the checkout understands ("Basket is empty"). */
export async function requireBasket(ctx: AppContext, shopper: Shopper): Promise<CommerceBasket> {
  const basket = await currentBasket(ctx, shopper);
  if (!basket) throw new AppError(404, 'basket-not-found', 'Basket not found', 'Basket is empty');
  return basket;
}

// ---- Items ----------------------------------------------------------------------------------------

export interface ItemFacts {
  productId: string;
  price: number;
  /** Custom attributes carried to the order (purchase mode, expiry after the renewal). */
  custom: Record<string, string>;
}

/**
 * Puts the one renewal item in the basket: the item whose product is one of `sameProduct` is
 * updated in place, any other item leaves (one renewal at a time), and a basket without the
 * product gets it added, always with quantity 1.
 */
export async function putRenewalItem(
  ctx: AppContext,
  shopper: Shopper,
  sameProduct: ReadonlySet<string>,
  item: ItemFacts,
): Promise<CommerceBasket> {
  let basket = await ensureBasket(ctx, shopper);
  const items = basket.productItems ?? [];
  const same = items.find((i) => sameProduct.has(i.productId ?? ''));
  for (const other of items.filter((i) => i !== same)) basket = await deleteItem(ctx, shopper, basket, other.itemId!);
  if (same) {
    return commerceCall(
      shopper,
      'item update',
      ctx.upstreams.commerce.PATCH(`${BASKET}/items/{itemId}`, {
        params: { ...on(shopper, basket), path: { ...on(shopper, basket).path, itemId: same.itemId! } },
        headers: shopper.headers,
        body: { productId: item.productId, quantity: 1, ...item.custom },
      }),
    );
  }
  return commerceCall(
    shopper,
    'item addition',
    ctx.upstreams.commerce.POST(`${BASKET}/items`, {
      params: on(shopper, basket),
      headers: shopper.headers,
      body: [{ productId: item.productId, quantity: 1, price: item.price, ...item.custom }],
    }),
  );
}

function deleteItem(ctx: AppContext, shopper: Shopper, basket: CommerceBasket, itemId: string) {
  return commerceCall(
    shopper,
    'item removal',
    ctx.upstreams.commerce.DELETE(`${BASKET}/items/{itemId}`, {
      params: { ...on(shopper, basket), path: { ...on(shopper, basket).path, itemId } },
      headers: shopper.headers,
    }),
  );
}

/** Removes an item of the current basket; 404 when the basket has no such item. */
export async function removeBasketItem(ctx: AppContext, shopper: Shopper, itemId: string): Promise<CommerceBasket> {
  const basket = await requireBasket(ctx, shopper);
  if (!(basket.productItems ?? []).some((i) => i.itemId === itemId)) {
    throw new AppError(404, 'item-not-found', 'Item not found', `The basket has no item '${itemId}'.`);
  }
  return deleteItem(ctx, shopper, basket, itemId);
}

// ---- Customer, addresses, shipping method -------------------------------------------------------------

export function putCustomerEmail(
  ctx: AppContext,
  shopper: Shopper,
  basket: CommerceBasket,
  email: string,
): Promise<CommerceBasket> {
  return commerceCall(
    shopper,
    'customer e-mail',
    ctx.upstreams.commerce.PUT(`${BASKET}/customer`, {
      params: on(shopper, basket),
      headers: shopper.headers,
      body: { email },
    }),
  );
}

/** The address of shipment 'me' or the billing address; neither is used as the other (§7). */
export function putAddress(
  ctx: AppContext,
  shopper: Shopper,
  basket: CommerceBasket,
  kind: 'shipping' | 'billing',
  address: CommerceAddress,
): Promise<CommerceBasket> {
  const { path, query } = on(shopper, basket);
  const put =
    kind === 'shipping'
      ? ctx.upstreams.commerce.PUT(`${BASKET}/shipments/{shipmentId}/shipping-address`, {
          params: { path: { ...path, shipmentId: SHIPMENT_ID }, query: { ...query, useAsBilling: false } },
          headers: shopper.headers,
          body: address,
        })
      : ctx.upstreams.commerce.PUT(`${BASKET}/billing-address`, {
          params: { path, query: { ...query, useAsShipping: false } },
          headers: shopper.headers,
          body: address,
        });
  return commerceCall(shopper, `${kind} address`, put);
}

export function getShippingMethods(ctx: AppContext, shopper: Shopper, basket: CommerceBasket) {
  const { path, query } = on(shopper, basket);
  return commerceCall(
    shopper,
    'shipping methods',
    ctx.upstreams.commerce.GET(`${BASKET}/shipments/{shipmentId}/shipping-methods`, {
      params: { path: { ...path, shipmentId: SHIPMENT_ID }, query },
      headers: shopper.headers,
    }),
  );
}

/** The shipment's method; an id the platform does not offer is a 400 naming the field. */
export async function putShippingMethod(
  ctx: AppContext,
  shopper: Shopper,
  basket: CommerceBasket,
  id: string,
): Promise<CommerceBasket> {
  const { path, query } = on(shopper, basket);
  const result = await reachCommerce(
    ctx.upstreams.commerce.PUT(`${BASKET}/shipments/{shipmentId}/shipping-method`, {
      params: { path: { ...path, shipmentId: SHIPMENT_ID }, query },
      headers: shopper.headers,
      body: { id },
    }),
  );
  if (result.response.status === 400) {
    throw invalidField(`Unknown shipping method '${id}'.`, {
      field: '/id',
      message: 'Choose one of the offered shipping methods.',
      code: 'unknown_method',
    });
  }
  return commerceData(result, 'shipping method', shopper);
}

// ---- Ready for payment ----------------------------------------------------------------------------

/** What the basket costs: its order total, or its product total before the platform priced the order. */
export const basketTotal = (basket: CommerceBasket): number => basket.orderTotal ?? basket.productTotal ?? 0;

/**
 * The basket made ready for payment once the order is checked (storefront §4 Checkout "On payment"):
 * the billing address the order names, when it names one, then the one payment instrument for the
 * basket's total as the platform holds it with that address. The answer is the basket to order: the
 * platform's answer to the billing address, else the basket given (the instrument's answer adds
 * nothing the order reads).
 */
export async function preparePayment(
  ctx: AppContext,
  shopper: Shopper,
  basket: CommerceBasket,
  billing: CommerceAddress | undefined,
  instrument: Omit<Commerce['BasketPaymentInstrumentRequest'], 'amount'>,
): Promise<CommerceBasket> {
  const billed = billing ? await putAddress(ctx, shopper, basket, 'billing', billing) : basket;
  await replacePaymentInstrument(ctx, shopper, billed, { ...instrument, amount: basketTotal(billed) });
  return billed;
}

/** The basket's one payment instrument: adding one replaces any earlier one (§3). */
async function replacePaymentInstrument(
  ctx: AppContext,
  shopper: Shopper,
  basket: CommerceBasket,
  instrument: Commerce['BasketPaymentInstrumentRequest'],
): Promise<CommerceBasket> {
  const { path, query } = on(shopper, basket);
  for (const old of basket.paymentInstruments ?? []) {
    await reachCommerce(
      ctx.upstreams.commerce.DELETE(`${BASKET}/payment-instruments/{paymentInstrumentId}`, {
        params: { path: { ...path, paymentInstrumentId: old.paymentInstrumentId! }, query },
        headers: shopper.headers,
      }),
    );
  }
  return commerceCall(
    shopper,
    'payment instrument',
    ctx.upstreams.commerce.POST(`${BASKET}/payment-instruments`, {
      params: { path, query },
      headers: shopper.headers,
      body: instrument,
    }),
  );
}

// ---- After a failed order, after a login ----------------------------------------------------------

/**
 * Puts a failed order's item, e-mail, addresses and shipping method back into the shopper's basket
 * (storefront §4 "On payment": the shopper retries with the same basket). Logged, never thrown:
 * the payment problem is what the shopper must see.
 */
export async function restoreFromOrder(ctx: AppContext, shopper: Shopper, order: CommerceOrderLike): Promise<void> {
  try {
    let basket = await ensureBasket(ctx, shopper);
    const items = (order.productItems ?? []).map((i) => ({
      productId: i.productId!,
      quantity: 1,
      price: i.price ?? 0,
    }));
    if (items.length && (basket.productItems?.length ?? 0) === 0) {
      basket = await commerceCall(
        shopper,
        'item restore',
        ctx.upstreams.commerce.POST(`${BASKET}/items`, {
          params: on(shopper, basket),
          headers: shopper.headers,
          body: items,
        }),
      );
    }
    if (order.customerInfo?.email) basket = await putCustomerEmail(ctx, shopper, basket, order.customerInfo.email);
    const shipment = order.shipments?.[0];
    if (shipment?.shippingAddress)
      basket = await putAddress(ctx, shopper, basket, 'shipping', shipment.shippingAddress);
    if (shipment?.shippingMethod?.id)
      basket = await putShippingMethod(ctx, shopper, basket, shipment.shippingMethod.id);
    if (order.billingAddress) await putAddress(ctx, shopper, basket, 'billing', order.billingAddress);
    shopper.session.basketItemCount = items.length ? 1 : 0;
  } catch (error) {
    shopper.log.error({ err: error, orderNo: order.orderNo }, 'the basket of a failed order could not be restored');
  }
}

/**
 * Merges the guest basket into the registered shopper's at login (409: the guest had none). A
 * failed merge does not fail the login; the answer is the merged basket's item count, if any.
 */
export async function mergeGuestBasket(
  ctx: AppContext,
  login: { siteId: string; headers: { Authorization: string }; signal: AbortSignal; log: Shopper['log'] },
): Promise<number | undefined> {
  const merged = await ctx.upstreams.commerce
    .POST(`${BASKETS}/actions/merge`, {
      params: {
        path: { organizationId: ctx.config.credentials.commerce.organizationId },
        query: { siteId: login.siteId, createDestinationBasket: true },
      },
      headers: login.headers,
      signal: login.signal,
    })
    .catch((error: unknown) => {
      login.log.warn({ err: error }, 'basket merge failed');
      return undefined;
    });
  if (merged?.data) return (merged.data.productItems ?? []).reduce((n, item) => n + (item.quantity ?? 0), 0);
  if (merged && merged.response.status !== 409)
    login.log.warn({ status: merged.response.status }, 'basket merge refused');
  return undefined;
}

// ---- Addresses between the browser and the platform ------------------------------------------------

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
