import { zSetupPaymentBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendNoStore } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { setupPayment as setup } from '../../services/checkout/setup-payment.ts';
import { parseBody } from '../../validate.ts';

/** POST /api/checkout/payment-setup: what the market's payment form needs. */
export const setupPayment: Handler = async (req, res, ctx) => {
  const body = parseBody(zSetupPaymentBody, req);
  sendNoStore(res, await setup(ctx, await shopperOf(req, res, ctx), body));
};
