import { zGetRenewalPagePath, zGetRenewalPageQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { renewalPage } from '../../services/renewal-page.ts';
import { parsePath, parseQuery } from '../../validate.ts';

/** GET /api/renewal/{productId}: everything the renewal page shows, in one call (storefront §2, §4, §5). */
export const getRenewalPage: Handler = async (req, res, ctx) => {
  const { productId } = parsePath(zGetRenewalPagePath, req);
  const query = parseQuery(zGetRenewalPageQuery, req);
  const page = await renewalPage(ctx, await shopperOf(req, res, ctx), {
    productId,
    query,
    testHost: ctx.config.testFlagHosts.includes(req.hostname.toLowerCase()),
    pagePath: req.originalUrl.replace(/^\/api\/renewal/, '/service'),
  });
  sendPrivate(res, page);
};
