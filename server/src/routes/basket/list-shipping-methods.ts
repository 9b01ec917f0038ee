import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { listShippingMethods as methodsOf } from '../../services/basket/basket-operations.ts';

/** GET /api/basket/shipping-methods. */
export const listShippingMethods: Handler = async (req, res, ctx) => {
  sendPrivate(res, await methodsOf(ctx, await shopperOf(req, res, ctx)));
};
