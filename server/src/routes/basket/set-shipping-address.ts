import type { ShopperOperation } from '../../http/operation.ts';
import { setShippingAddress as setAddress } from '../../services/basket/basket-operations.ts';

/** PUT /api/basket/shipping-address: shipment 'me', not used as billing (storefront §5, §7). */
export const setShippingAddress = {
  access: 'shopper',
  run: (ctx, shopper, { body }) => setAddress(ctx, shopper, body),
} satisfies ShopperOperation<'setShippingAddress'>;
