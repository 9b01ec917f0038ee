import { zRenewItemBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { renewItem as renew } from '../../services/basket/renew-item.ts';
import { parseBody } from '../../validate.ts';

/** POST /api/basket/items: renew with the chosen plan (storefront §4 Renew action). */
export const renewItem: Handler = async (req, res, ctx) => {
  const body = parseBody(zRenewItemBody, req);
  sendPrivate(res, await renew(ctx, await shopperOf(req, res, ctx), body));
};
