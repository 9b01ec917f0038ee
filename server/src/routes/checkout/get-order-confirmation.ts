import type { ShopperOperation } from '../../http/operation.ts';
import { orderConfirmation } from '../../services/checkout/order-confirmation.ts';

/** GET /api/checkout/confirmation/{orderNo}: readable by the session that placed the paid order. */
export const getOrderConfirmation = {
  access: 'shopper',
  run: (ctx, shopper, { path }) => orderConfirmation(ctx, shopper, path.orderNo),
} satisfies ShopperOperation<'getOrderConfirmation'>;
