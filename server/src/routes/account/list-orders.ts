import { zListOrdersQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { listOrders as list } from '../../services/account/orders.ts';
import { switchLocale } from '../../services/shopper.ts';
import { parseQuery } from '../../validate.ts';

/** GET /api/account/orders (account §2 My Orders), a page at a time. */
export const listOrders: Handler = async (req, res, ctx) => {
  const query = parseQuery(zListOrdersQuery, req);
  const shopper = await shopperOf(req, res, ctx);
  await switchLocale(shopper, query.locale);
  sendPrivate(res, await list(ctx, shopper, { offset: query.offset ?? 0, limit: query.limit ?? 5 }));
};
