import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { getBasket as basketOf } from '../../services/basket/basket-operations.ts';

/** GET /api/basket: the basket, created on demand. */
export const getBasket: Handler = async (req, res, ctx) => {
  sendPrivate(res, await basketOf(ctx, await shopperOf(req, res, ctx)));
};
