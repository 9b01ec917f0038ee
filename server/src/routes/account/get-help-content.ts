import { zGetHelpContentQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { helpContent } from '../../services/account/overview.ts';
import { switchLocale } from '../../services/shopper.ts';
import { parseQuery } from '../../validate.ts';

/** GET /api/account/help (account §2 Help & Support). */
export const getHelpContent: Handler = async (req, res, ctx) => {
  const query = parseQuery(zGetHelpContentQuery, req);
  const shopper = await shopperOf(req, res, ctx);
  await switchLocale(shopper, query.locale);
  sendPrivate(res, await helpContent(ctx, shopper));
};
