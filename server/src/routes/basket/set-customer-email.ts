import { zSetCustomerEmailBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { setCustomerEmail as setEmail } from '../../services/basket/basket-operations.ts';
import { parseBody } from '../../validate.ts';

/** PUT /api/basket/customer: the e-mail of a guest checkout (storefront §2 Checkout). */
export const setCustomerEmail: Handler = async (req, res, ctx) => {
  const { email } = parseBody(zSetCustomerEmailBody, req);
  sendPrivate(res, await setEmail(ctx, await shopperOf(req, res, ctx), email));
};
