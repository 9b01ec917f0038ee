import type { ShopperOperation } from '../../http/operation.ts';
import { AppError } from '../../errors.ts';
import { DEFAULT_LOCALE, marketOfLocale } from '../../../../domain/locales.ts';
import { siteConfig } from '../../services/site/site-info.ts';
import { resolveSite } from '../../site.ts';

/**
 * GET /api/site: the site (query, host name or default) and the market of the locale (query,
 * session or en-GB), with the region's custom preferences (storefront §3 Site).
 */
export const getSiteConfig = {
  access: 'shopper',
  run: async (ctx, shopper, { query }, request) => {
    const site = resolveSite(request, ctx.config, query.site);
    if (!site) throw new AppError(404, 'not-found', 'Not found', `No site '${query.site}'.`);
    const locale = query.locale ?? request.session?.locale ?? DEFAULT_LOCALE;
    const market = marketOfLocale(locale);
    if (!market) throw new AppError(404, 'not-found', 'Not found', `The locale ${locale} is not sold on site ${site}.`);
    return siteConfig(ctx, site, market, shopper);
  },
} satisfies ShopperOperation<'getSiteConfig'>;
