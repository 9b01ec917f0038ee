import type { ShopperOperation } from '../../http/operation.ts';
import { setCustomerEmail as setEmail } from '../../services/basket/basket-operations.ts';

/** PUT /api/basket/customer: the e-mail of a guest checkout (storefront §2 Checkout). */
export const setCustomerEmail = {
  access: 'shopper',
  run: (ctx, shopper, { body }) => setEmail(ctx, shopper, body.email),
} satisfies ShopperOperation<'setCustomerEmail'>;
