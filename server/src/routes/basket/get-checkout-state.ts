import { checkoutStepName, firstIncompleteCheckoutStep } from '../../../../domain/checkout-step.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { Handler } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { basketView, currentBasket, rememberItemCount } from '../../services/basket.ts';
import { shopperOf } from '../../services/shopper.ts';

/**
 * GET /api/checkout: the basket with the first incomplete step (storefront §4 Checkout). The
 * payment instrument is added when the order is placed (one instrument per basket, §3), so a
 * billing address completes the billing step here; the domain rule is given the instrument the
 * payment step will add.
 */
export const getCheckoutState: Handler = async (req, res, ctx) => {
  const shopper = await shopperOf(req, res, ctx);
  const basket = await currentBasket(shopper, ctx);
  await rememberItemCount(shopper, ctx, res, basket);
  if (!basket || (basket.productItems?.length ?? 0) === 0) {
    throw new AppError(409, 'basket-empty', 'Basket is empty', 'Basket is empty');
  }
  const view = await basketView(shopper, ctx, basket);
  const registered = shopper.session.authType === 'registered';
  const step = firstIncompleteCheckoutStep({
    customerInfo: { email: view.customerEmail ?? (registered ? (shopper.session.customer?.email ?? null) : null) },
    shipments: [{ shippingAddress: view.shippingAddress, shippingMethod: view.shippingMethodId }],
    paymentInstruments: view.billingAddress ? [{ pending: true }] : [],
    billingAddress: view.billingAddress,
  });
  const body: components['schemas']['CheckoutState'] = {
    step,
    stepName: checkoutStepName(step),
    guestCheckout: !registered && Boolean(view.customerEmail),
    provider: shopper.market.provider,
    basket: view,
  };
  res.setHeader('Cache-Control', 'private, no-store');
  res.json(body);
};
