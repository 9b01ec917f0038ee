import type { ShopperOperation } from '../../http/operation.ts';
import { renewItem as renew } from '../../services/basket/renew-item.ts';

/** POST /api/basket/items: renew with the chosen plan (storefront §4 Renew action). */
export const renewItem = {
  access: 'shopper',
  run: (ctx, shopper, { body }) => renew(ctx, shopper, body),
} satisfies ShopperOperation<'renewItem'>;
