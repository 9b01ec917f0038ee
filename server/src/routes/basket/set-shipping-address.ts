import { zSetShippingAddressBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { setShippingAddress as setAddress } from '../../services/basket/basket-operations.ts';
import { parseBody } from '../../validate.ts';

/** PUT /api/basket/shipping-address: shipment 'me', not used as billing (storefront §5, §7). */
export const setShippingAddress: Handler = async (req, res, ctx) => {
  const address = parseBody(zSetShippingAddressBody, req);
  sendPrivate(res, await setAddress(ctx, await shopperOf(req, res, ctx), address));
};
