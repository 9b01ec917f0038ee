import type { ShopperOperation } from '../../http/operation.ts';
import { getBasket as basketOf } from '../../services/basket/basket-operations.ts';

/** GET /api/basket: the basket, created on demand. */
export const getBasket = {
  access: 'shopper',
  run: (ctx, shopper) => basketOf(ctx, shopper),
} satisfies ShopperOperation<'getBasket'>;
