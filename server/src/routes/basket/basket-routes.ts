/**
 * The basket operations of proxy.yaml (tag basket): the one renewal item (storefront §4 Renew
 * action), addresses with the postal-code exclusions and supported countries (§5), the digital
 * shipping method, the customer e-mail. Every answer is the whole basket as the browser sees it.
 */
import { isShippingNotAllowed, isSupportedAddressCountry } from '../../../../domain/postal-codes.ts';
import { expiryAfterRenewal } from '../../../../domain/expiry.ts';
import { PLAN_SELECTOR_ERROR } from '../../../../domain/renewal-guards.ts';
import {
  zRemoveItemPath,
  zRenewItemBody,
  zSetBillingAddressBody,
  zSetCustomerEmailBody,
  zSetShippingAddressBody,
  zSetShippingMethodBody,
} from '../../../../generated/proxy/zod/zod.gen.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext, Handler } from '../../context.ts';
import { AppError, upstreamError } from '../../errors.ts';
import {
  basketParams,
  basketView,
  ensureBasket,
  fromAddress,
  rememberItemCount,
  requireBasket,
  SHIPMENT_ID,
  unwrap,
  type CommerceBasket,
} from '../../services/basket.ts';
import { getProduct, money, offeredVariantsOf } from '../../services/catalog.ts';
import { shopperOf, type Shopper } from '../../services/shopper.ts';
import { lookupVehicleOrFail, rememberVehicle } from '../../services/vehicle-lookup.ts';
import { parseBody, parsePath } from '../../validate.ts';

type Schemas = components['schemas'];
const BASKET = '/checkout/shopper-baskets/v1/organizations/{organizationId}/baskets/{basketId}' as const;
const fail = (cause: unknown): never => {
  throw upstreamError('commerce', cause);
};

async function answer(
  res: Parameters<Handler>[1],
  ctx: AppContext,
  shopper: Shopper,
  basket: CommerceBasket,
): Promise<void> {
  await rememberItemCount(shopper, ctx, res, basket);
  res.setHeader('Cache-Control', 'private, no-store');
  res.json(await basketView(shopper, ctx, basket));
}

/** GET /api/basket: the basket, created on demand. */
export const getBasket: Handler = async (req, res, ctx) => {
  const shopper = await shopperOf(req, res, ctx);
  await answer(res, ctx, shopper, await ensureBasket(shopper, ctx));
};

/**
 * POST /api/basket/items: renew with the chosen plan. Quantity is always 1 and the price the
 * variant's; the same product's item is updated in place when the plan differs; any other item
 * leaves the basket (one renewal at a time).
 */
export const renewItem: Handler = async (req, res, ctx) => {
  const body = parseBody(zRenewItemBody, req);
  const shopper = await shopperOf(req, res, ctx);
  if (body.vin && shopper.session.vehicle?.vin !== body.vin)
    await rememberRenewedVehicle(req, res, ctx, shopper, body.vin);
  const where = { ...shopper, currency: shopper.market.currency };
  const master = await getProduct(ctx, where, body.productId);
  if (!master) {
    throw new AppError(404, 'product-not-found', 'Product not found', `Product '${body.productId}' was not found.`);
  }
  const variant = offeredVariantsOf(master).find((v) => v.productId === body.variantId);
  if (!variant) {
    throw new AppError(422, 'variant-not-offered', 'Plan not available', PLAN_SELECTOR_ERROR, {
      errors: [{ field: '/variantId', message: PLAN_SELECTOR_ERROR, code: 'variant_not_offered' }],
    });
  }
  // The expiry after this renewal goes with the item to the order (and the order-management record):
  // the confirmation's next payment date.
  const expiry = expiryAfterRenewal(
    shopper.session.subscriptionExpiries?.[master.id],
    Date.now(),
    variant.duration,
    variant.durationType,
  );
  const itemFacts = expiry ? { c_purchaseMode: 'Subscription', c_SNP_OMS_ExpirationDate: expiry } : {};
  let basket = await ensureBasket(shopper, ctx);
  const { organizationId, query } = basketParams(shopper);
  const ids = new Set(offeredVariantsOf(master).map((v) => v.productId));
  for (const variantId of (master.variants ?? []).map((v) => v.productId)) ids.add(variantId);
  const items = basket.productItems ?? [];
  const same = items.find((i) => ids.has(i.productId ?? ''));
  for (const other of items.filter((i) => i !== same)) {
    basket = unwrap(
      await ctx.upstreams.commerce
        .DELETE(`${BASKET}/items/{itemId}`, {
          params: { path: { organizationId, basketId: basket.basketId!, itemId: other.itemId! }, query },
          headers: shopper.headers,
        })
        .catch(fail),
      'item removal',
      ctx,
    );
  }
  if (same) {
    basket = unwrap(
      await ctx.upstreams.commerce
        .PATCH(`${BASKET}/items/{itemId}`, {
          params: { path: { organizationId, basketId: basket.basketId!, itemId: same.itemId! }, query },
          headers: shopper.headers,
          body: { productId: variant.productId, quantity: 1, ...itemFacts },
        })
        .catch(fail),
      'item update',
      ctx,
    );
  } else if (!same) {
    basket = unwrap(
      await ctx.upstreams.commerce
        .POST(`${BASKET}/items`, {
          params: { path: { organizationId, basketId: basket.basketId! }, query },
          headers: shopper.headers,
          body: [{ productId: variant.productId, quantity: 1, price: variant.price, ...itemFacts }],
        })
        .catch(fail),
      'item addition',
      ctx,
    );
  }
  await answer(res, ctx, shopper, basket);
};

/**
 * The vehicle of the renewal, when the session does not hold it yet (the page's first calls can
 * reach the proxy before the session cookie exists): looked up and checked as on the renewal page.
 */
async function rememberRenewedVehicle(
  req: Parameters<Handler>[0],
  res: Parameters<Handler>[1],
  ctx: AppContext,
  shopper: Shopper,
  vin: string,
): Promise<void> {
  const where = { site: shopper.siteId, country: shopper.market.country, extraMarket: null };
  try {
    const vehicle = await lookupVehicleOrFail(req, ctx, { carvin: vin }, where, shopper.headers);
    await rememberVehicle(res, ctx, shopper.session, vehicle);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      throw new AppError(422, 'vehicle-not-renewable', 'Vehicle not renewable here', error.detail, {
        errors: [{ field: '/vin', message: error.detail, code: 'vehicle_not_renewable' }],
      });
    }
    throw error;
  }
}

/** DELETE /api/basket/items/{itemId}. */
export const removeItem: Handler = async (req, res, ctx) => {
  const { itemId } = parsePath(zRemoveItemPath, req);
  const shopper = await shopperOf(req, res, ctx);
  const basket = await requireBasket(shopper, ctx);
  if (!(basket.productItems ?? []).some((i) => i.itemId === itemId)) {
    throw new AppError(404, 'item-not-found', 'Item not found', `The basket has no item '${itemId}'.`);
  }
  const { organizationId, query } = basketParams(shopper);
  const updated = unwrap(
    await ctx.upstreams.commerce
      .DELETE(`${BASKET}/items/{itemId}`, {
        params: { path: { organizationId, basketId: basket.basketId!, itemId }, query },
        headers: shopper.headers,
      })
      .catch(fail),
    'item removal',
    ctx,
  );
  await answer(res, ctx, shopper, updated);
};

/** Supported countries (§5) and, for shipping, the postal-code exclusions; field errors otherwise. */
function checkAddress(address: Schemas['Address'], shopper: Shopper, shipping: boolean): void {
  if (!isSupportedAddressCountry(address.countryCode)) {
    throw new AppError(422, 'country-not-supported', 'Country not supported', 'Please select your country.', {
      errors: [{ field: '/countryCode', message: 'Please select your country.', code: 'country_not_supported' }],
    });
  }
  if ((address.countryCode === 'US' || address.countryCode === 'CA') && !address.stateCode) {
    throw new AppError(422, 'validation-error', 'Invalid request', 'Please select a state.', {
      errors: [{ field: '/stateCode', message: 'Please select a state.', code: 'required' }],
    });
  }
  const extraMarket = ['SK', 'CA', 'US'].includes(shopper.market.country);
  if (shipping && isShippingNotAllowed(address.countryCode, address.postalCode, { extraMarket })) {
    throw new AppError(
      422,
      'postal-code-excluded',
      'Postal code not supported',
      `Shipping is not available to postal code ${address.postalCode} in ${address.countryCode}.`,
      {
        errors: [
          {
            field: '/postalCode',
            message: 'Shipping is not available to this postal code.',
            code: 'postal_code_excluded',
          },
        ],
      },
    );
  }
}

/** PUT /api/basket/shipping-address: shipment 'me', not used as billing (§7). */
export const setShippingAddress: Handler = async (req, res, ctx) => {
  const address = parseBody(zSetShippingAddressBody, req) as Schemas['Address'];
  const shopper = await shopperOf(req, res, ctx);
  checkAddress(address, shopper, true);
  const basket = await requireBasket(shopper, ctx);
  const { organizationId, query } = basketParams(shopper);
  const updated = unwrap(
    await ctx.upstreams.commerce
      .PUT(`${BASKET}/shipments/{shipmentId}/shipping-address`, {
        params: {
          path: { organizationId, basketId: basket.basketId!, shipmentId: SHIPMENT_ID },
          query: { ...query, useAsBilling: false },
        },
        headers: shopper.headers,
        body: fromAddress(address),
      })
      .catch(fail),
    'shipping address',
    ctx,
  );
  await answer(res, ctx, shopper, updated);
};

/** GET /api/basket/shipping-methods. */
export const listShippingMethods: Handler = async (req, res, ctx) => {
  const shopper = await shopperOf(req, res, ctx);
  const basket = await requireBasket(shopper, ctx);
  const { organizationId, query } = basketParams(shopper);
  const result = unwrap(
    await ctx.upstreams.commerce
      .GET(`${BASKET}/shipments/{shipmentId}/shipping-methods`, {
        params: { path: { organizationId, basketId: basket.basketId!, shipmentId: SHIPMENT_ID }, query },
        headers: shopper.headers,
      })
      .catch(fail),
    'shipping methods',
    ctx,
  );
  const currency = basket.currency ?? shopper.market.currency;
  const body: Schemas['ShippingMethodList'] = {
    defaultShippingMethodId: result.defaultShippingMethodId ?? null,
    methods: (result.applicableShippingMethods ?? []).map((m) => ({
      id: m.id,
      name: m.name ?? m.id,
      price: money(m.price ?? 0, currency, shopper.locale),
    })),
  };
  res.setHeader('Cache-Control', 'private, no-store');
  res.json(body);
};

/** PUT /api/basket/shipping-method. */
export const setShippingMethod: Handler = async (req, res, ctx) => {
  const { id } = parseBody(zSetShippingMethodBody, req);
  const shopper = await shopperOf(req, res, ctx);
  const basket = await requireBasket(shopper, ctx);
  const { organizationId, query } = basketParams(shopper);
  const result = await ctx.upstreams.commerce
    .PUT(`${BASKET}/shipments/{shipmentId}/shipping-method`, {
      params: { path: { organizationId, basketId: basket.basketId!, shipmentId: SHIPMENT_ID }, query },
      headers: shopper.headers,
      body: { id },
    })
    .catch(fail);
  if (result.response.status === 400) {
    throw new AppError(400, 'validation-error', 'Invalid request', `Unknown shipping method '${id}'.`, {
      errors: [{ field: '/id', message: 'Choose one of the offered shipping methods.', code: 'unknown_method' }],
    });
  }
  await answer(res, ctx, shopper, unwrap(result, 'shipping method', ctx));
};

/** PUT /api/basket/billing-address. */
export const setBillingAddress: Handler = async (req, res, ctx) => {
  const address = parseBody(zSetBillingAddressBody, req) as Schemas['Address'];
  const shopper = await shopperOf(req, res, ctx);
  checkAddress(address, shopper, false);
  const basket = await requireBasket(shopper, ctx);
  const { organizationId, query } = basketParams(shopper);
  const updated = unwrap(
    await ctx.upstreams.commerce
      .PUT(`${BASKET}/billing-address`, {
        params: { path: { organizationId, basketId: basket.basketId! }, query: { ...query, useAsShipping: false } },
        headers: shopper.headers,
        body: fromAddress(address),
      })
      .catch(fail),
    'billing address',
    ctx,
  );
  await answer(res, ctx, shopper, updated);
};

const EMAIL_LINKED = 'This e-mail address is linked to an account. Please log in to continue.';

/** PUT /api/basket/customer: the e-mail of a guest checkout (a registered shopper's own e-mail otherwise). */
export const setCustomerEmail: Handler = async (req, res, ctx) => {
  const { email } = parseBody(zSetCustomerEmailBody, req);
  const shopper = await shopperOf(req, res, ctx);
  // Storefront §2 Checkout "an error for a linked mailbox": a guest may not check out with the
  // e-mail of a registered account (the vehicle owner's); logging in keeps the order on the account.
  const linked = shopper.session.ownerAccountEmail;
  if (shopper.session.authType !== 'registered' && linked && linked.toLowerCase() === email.trim().toLowerCase()) {
    throw new AppError(409, 'email-linked-to-account', 'E-mail linked to an account', EMAIL_LINKED, {
      errors: [{ field: '/email', message: EMAIL_LINKED, code: 'email_linked' }],
    });
  }
  const basket = await ensureBasket(shopper, ctx);
  const { organizationId, query } = basketParams(shopper);
  const updated = unwrap(
    await ctx.upstreams.commerce
      .PUT(`${BASKET}/customer`, {
        params: { path: { organizationId, basketId: basket.basketId! }, query },
        headers: shopper.headers,
        body: { email: email.trim() },
      })
      .catch(fail),
    'customer e-mail',
    ctx,
  );
  await answer(res, ctx, shopper, updated);
};
