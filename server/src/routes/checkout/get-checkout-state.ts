import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { checkoutState } from '../../services/checkout/checkout-state.ts';
import { requirePageAccess } from '../../services/page-access.ts';

/**
 * GET /api/checkout: the basket with the first incomplete step (storefront §4 Checkout). An
 * unauthenticated customer without vehicle gets the §6 redirect as a 401 (decision 016).
 */
export const getCheckoutState: Handler = async (req, res, ctx) => {
  const shopper = await shopperOf(req, res, ctx);
  await requirePageAccess(ctx, shopper, 'checkout', '/checkout');
  sendPrivate(res, await checkoutState(ctx, shopper));
};
