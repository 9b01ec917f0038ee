import { zSetShippingMethodBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { setShippingMethod as setMethod } from '../../services/basket/basket-operations.ts';
import { parseBody } from '../../validate.ts';

/** PUT /api/basket/shipping-method. */
export const setShippingMethod: Handler = async (req, res, ctx) => {
  const { id } = parseBody(zSetShippingMethodBody, req);
  sendPrivate(res, await setMethod(ctx, await shopperOf(req, res, ctx), id));
};
