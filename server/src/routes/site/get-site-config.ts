import { zGetSiteConfigQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { shopperOf } from '../../http/shopper.ts';
import { DEFAULT_LOCALE, marketOfLocale } from '../../markets.ts';
import { siteConfig } from '../../services/site-info.ts';
import { resolveSite } from '../../site.ts';
import { parseQuery } from '../../validate.ts';

/**
 * GET /api/site: the site (query, host name or default) and the market of the locale (query,
 * session or en-GB), with the region's custom preferences (storefront §3 Site).
 */
export const getSiteConfig: Handler = async (req, res, ctx) => {
  const query = parseQuery(zGetSiteConfigQuery, req);
  const site = resolveSite(req, ctx.config, query.site);
  if (!site) throw new AppError(404, 'not-found', 'Not found', `No site '${query.site}'.`);
  const session = await ctx.sessions.current(req);
  const locale = query.locale ?? session?.locale ?? DEFAULT_LOCALE;
  const market = marketOfLocale(locale);
  if (!market) throw new AppError(404, 'not-found', 'Not found', `The locale ${locale} is not sold on site ${site}.`);
  res.json(await siteConfig(ctx, site, market, await shopperOf(req, res, ctx)));
};
