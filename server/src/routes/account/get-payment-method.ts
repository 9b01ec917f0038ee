import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { paymentMethodPage } from '../../services/account/payment-method.ts';

/** GET /api/account/payment-method (account §2 Payment method page). */
export const getPaymentMethod: Handler = async (req, res, ctx) => {
  sendPrivate(res, await paymentMethodPage(ctx, await shopperOf(req, res, ctx)));
};
