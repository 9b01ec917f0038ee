import type { ShopperOperation } from '../../http/operation.ts';
import { setShippingMethod as setMethod } from '../../services/basket/basket-operations.ts';

/** PUT /api/basket/shipping-method. */
export const setShippingMethod = {
  access: 'shopper',
  run: (ctx, shopper, { body }) => setMethod(ctx, shopper, body.id),
} satisfies ShopperOperation<'setShippingMethod'>;
