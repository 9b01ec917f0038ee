import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { listSavedAddresses as savedAddresses } from '../../services/checkout/saved-addresses.ts';

/** GET /api/checkout/saved-addresses: a registered customer's saved addresses, none for a guest (storefront §6). */
export const listSavedAddresses: Handler = async (req, res, ctx) => {
  sendPrivate(res, await savedAddresses(ctx, await shopperOf(req, res, ctx)));
};
