import type { ShopperOperation } from '../../http/operation.ts';
import { removeItem as remove } from '../../services/basket/basket-operations.ts';

/** DELETE /api/basket/items/{itemId}. */
export const removeItem = {
  access: 'shopper',
  run: (ctx, shopper, { path }) => remove(ctx, shopper, path.itemId),
} satisfies ShopperOperation<'removeItem'>;
