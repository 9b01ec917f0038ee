import { zGetAccountOverviewQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { accountOverview } from '../../services/account/overview.ts';
import { switchLocale } from '../../services/shopper.ts';
import { parseQuery } from '../../validate.ts';

/** GET /api/account/overview (account §2 My Overview). */
export const getAccountOverview: Handler = async (req, res, ctx) => {
  const query = parseQuery(zGetAccountOverviewQuery, req);
  const shopper = await shopperOf(req, res, ctx);
  await switchLocale(shopper, query.locale);
  sendPrivate(res, await accountOverview(ctx, shopper, query.carvin));
};
