/**
 * The renew action (storefront §4 Renew action): the chosen plan of a product goes into the
 * basket as its one item, quantity 1 at the variant's price; a plan the product does not offer
 * (price zero, another product's variant) is the plan selector's error. The expiry after this
 * renewal goes with the item to the order and the order-management record (the confirmation's
 * next payment date).
 */
import { expiryAfterRenewal } from '../../../../domain/expiry.ts';
import { PLAN_SELECTOR_ERROR } from '../../../../domain/renewal-guards.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { getProduct, offeredVariantsOf } from '../../upstream/commerce/catalog.ts';
import { refuseHeldBack } from '../checkout/checkout-control.ts';
import type { Shopper } from '../identity/shopper.ts';
import { lookupContext, lookupVehicleOrFail, rememberVehicle } from '../renewal/vehicle-lookup.ts';
import { putRenewalItem } from '../../upstream/commerce/baskets.ts';
import { basketAnswer } from './basket-view.ts';

type Schemas = components['schemas'];

export async function renewItem(
  ctx: AppContext,
  shopper: Shopper,
  request: Schemas['RenewItemRequest'],
): Promise<Schemas['Basket']> {
  if (request.vin && shopper.session.vehicle?.vin !== request.vin)
    await rememberRenewedVehicle(ctx, shopper, request.vin);
  const master = await getProduct(ctx, { ...shopper, currency: shopper.market.currency }, request.productId);
  if (!master) {
    throw new AppError(404, 'product-not-found', 'Product not found', `Product '${request.productId}' was not found.`);
  }
  const offered = offeredVariantsOf(master);
  const variant = offered.find((v) => v.productId === request.variantId);
  if (!variant) {
    throw new AppError(422, 'variant-not-offered', 'Plan not available', PLAN_SELECTOR_ERROR, {
      errors: [{ field: '/variantId', message: PLAN_SELECTOR_ERROR, code: 'variant_not_offered' }],
    });
  }
  // The checkout control (docs/decisions/015): ordered less than 24 hours ago, the basket stays as it is.
  const vin = request.vin ?? shopper.session.vehicle?.vin;
  if (vin) refuseHeldBack(shopper, [{ vin, productId: master.id }]);
  const expiry = expiryAfterRenewal(
    shopper.session.subscriptionExpiries?.[master.id],
    Date.now(),
    variant.duration,
    variant.durationType,
  );
  // Any variant of this product (offered or not) is "the same product": its item is updated in place.
  const sameProduct = new Set([...offered, ...(master.variants ?? [])].map((v) => v.productId));
  const basket = await putRenewalItem(ctx, shopper, sameProduct, {
    productId: variant.productId,
    price: variant.price,
    custom: expiry ? { c_purchaseMode: 'Subscription', c_SNP_OMS_ExpirationDate: expiry } : {},
  });
  return basketAnswer(ctx, shopper, basket);
}

/**
 * The vehicle of the renewal, when the session does not hold it yet (the page's first calls can
 * reach the proxy before the session cookie exists): looked up and checked as on the renewal page.
 */
async function rememberRenewedVehicle(ctx: AppContext, shopper: Shopper, vin: string): Promise<void> {
  try {
    const vehicle = await lookupVehicleOrFail(ctx, shopper, { carvin: vin }, lookupContext(shopper));
    await rememberVehicle(shopper, vehicle);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      throw new AppError(422, 'vehicle-not-renewable', 'Vehicle not renewable here', error.detail, {
        errors: [{ field: '/vin', message: error.detail, code: 'vehicle_not_renewable' }],
      });
    }
    throw error;
  }
}
