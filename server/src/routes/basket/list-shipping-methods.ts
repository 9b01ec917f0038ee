import type { ShopperOperation } from '../../http/operation.ts';
import { listShippingMethods as methodsOf } from '../../services/basket/basket-operations.ts';

/** GET /api/basket/shipping-methods. */
export const listShippingMethods = {
  access: 'shopper',
  run: (ctx, shopper) => methodsOf(ctx, shopper),
} satisfies ShopperOperation<'listShippingMethods'>;
