import type { ShopperOperation } from '../../http/operation.ts';
import { checkoutState } from '../../services/checkout/checkout-state.ts';

/**
 * GET /api/checkout: the basket with the first incomplete step (storefront §4 Checkout). An
 * unauthenticated customer without vehicle gets the §6 redirect as a 401 (decision 016).
 */
export const getCheckoutState = {
  access: { page: 'checkout', path: '/checkout' },
  run: (ctx, shopper) => checkoutState(ctx, shopper),
} satisfies ShopperOperation<'getCheckoutState'>;
