import type { ShopperOperation } from '../../http/operation.ts';
import { listSavedAddresses as savedAddresses } from '../../services/checkout/saved-addresses.ts';

/** GET /api/checkout/saved-addresses: a registered customer's saved addresses, none for a guest (storefront §6). */
export const listSavedAddresses = {
  access: 'shopper',
  run: (ctx, shopper) => savedAddresses(ctx, shopper),
} satisfies ShopperOperation<'listSavedAddresses'>;
