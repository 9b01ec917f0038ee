import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { checkoutState } from '../../services/checkout/checkout-state.ts';

/** GET /api/checkout: the basket with the first incomplete step (storefront §4 Checkout). */
export const getCheckoutState: Handler = async (req, res, ctx) => {
  sendPrivate(res, await checkoutState(ctx, await shopperOf(req, res, ctx)));
};
