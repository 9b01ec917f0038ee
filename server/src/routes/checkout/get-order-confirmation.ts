import { zGetOrderConfirmationPath } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { orderConfirmation } from '../../services/checkout/order-confirmation.ts';
import { parsePath } from '../../validate.ts';

/** GET /api/checkout/confirmation/{orderNo}: readable by the session that placed the paid order. */
export const getOrderConfirmation: Handler = async (req, res, ctx) => {
  const { orderNo } = parsePath(zGetOrderConfirmationPath, req);
  sendPrivate(res, await orderConfirmation(ctx, await shopperOf(req, res, ctx), orderNo));
};
