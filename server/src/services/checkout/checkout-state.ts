/**
 * The checkout's state (storefront §4 Checkout): the basket with the first incomplete step. The
 * payment instrument is added when the order is placed (one instrument per basket, §3), so a
 * billing address completes the billing step here; the domain rule is given the instrument the
 * payment step will add.
 */
import { checkoutStepName, firstIncompleteCheckoutStep } from '../../../../domain/checkout-step.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { currentBasket } from '../../upstream/commerce/baskets.ts';
import { basketView, rememberItemCount } from '../basket/basket-view.ts';
import type { Shopper } from '../identity/shopper.ts';

export async function checkoutState(
  ctx: AppContext,
  shopper: Shopper,
): Promise<components['schemas']['CheckoutState']> {
  const basket = await currentBasket(ctx, shopper);
  await rememberItemCount(shopper, basket);
  if (!basket || (basket.productItems?.length ?? 0) === 0) {
    throw new AppError(409, 'basket-empty', 'Basket is empty', 'Basket is empty');
  }
  const view = await basketView(ctx, shopper, basket);
  const registered = shopper.session.authType === 'registered';
  const step = firstIncompleteCheckoutStep({
    customerInfo: { email: view.customerEmail ?? (registered ? (shopper.session.customer?.email ?? null) : null) },
    shipments: [{ shippingAddress: view.shippingAddress, shippingMethod: view.shippingMethodId }],
    paymentInstruments: view.billingAddress ? [{ pending: true }] : [],
    billingAddress: view.billingAddress,
  });
  return {
    step,
    stepName: checkoutStepName(step),
    guestCheckout: !registered && Boolean(view.customerEmail),
    provider: shopper.market.provider,
    basket: view,
  };
}
