import { zListSubscriptionsQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { listSubscriptions as list } from '../../services/account/subscriptions.ts';
import { switchLocale } from '../../services/shopper.ts';
import { parseQuery } from '../../validate.ts';

/** GET /api/account/subscriptions (account §2 My Subscriptions / My Services). */
export const listSubscriptions: Handler = async (req, res, ctx) => {
  const query = parseQuery(zListSubscriptionsQuery, req);
  const shopper = await shopperOf(req, res, ctx);
  await switchLocale(shopper, query.locale);
  sendPrivate(res, await list(ctx, shopper, query.carvin));
};
