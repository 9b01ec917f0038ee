import { zGetOrderPath, zGetOrderQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { orderDetail } from '../../services/account/orders.ts';
import { switchLocale } from '../../services/shopper.ts';
import { parsePath, parseQuery } from '../../validate.ts';

/** GET /api/account/orders/{id}/{orderNo} (account §2 Order detail). */
export const getOrder: Handler = async (req, res, ctx) => {
  const { id, orderNo } = parsePath(zGetOrderPath, req);
  const query = parseQuery(zGetOrderQuery, req);
  const shopper = await shopperOf(req, res, ctx);
  await switchLocale(shopper, query.locale);
  const testHost = ctx.config.testFlagHosts.includes(req.hostname.toLowerCase());
  const forceRefunded = testHost && (query.refunded === true || query.creditNoteError === true);
  sendPrivate(res, await orderDetail(ctx, shopper, id, orderNo, { forceRefunded }));
};
