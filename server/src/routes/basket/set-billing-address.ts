import type { ShopperOperation } from '../../http/operation.ts';
import { setBillingAddress as setAddress } from '../../services/basket/basket-operations.ts';

/** PUT /api/basket/billing-address (storefront §5 supported countries and the US/CA state). */
export const setBillingAddress = {
  access: 'shopper',
  run: (ctx, shopper, { body }) => setAddress(ctx, shopper, body),
} satisfies ShopperOperation<'setBillingAddress'>;
