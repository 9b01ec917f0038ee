import { zSetBillingAddressBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { setBillingAddress as setAddress } from '../../services/basket/basket-operations.ts';
import { parseBody } from '../../validate.ts';

/** PUT /api/basket/billing-address (storefront §5 supported countries and the US/CA state). */
export const setBillingAddress: Handler = async (req, res, ctx) => {
  const address = parseBody(zSetBillingAddressBody, req);
  sendPrivate(res, await setAddress(ctx, await shopperOf(req, res, ctx), address));
};
