import { zGetSiteConfigQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { Handler } from '../../context.ts';
import { AppError, upstreamError } from '../../errors.ts';
import { DEFAULT_LOCALE, marketOfLocale } from '../../markets.ts';
import { resolveSite } from '../../site.ts';
import { shopperOf } from '../../services/shopper.ts';
import { parseQuery } from '../../validate.ts';

type Schemas = components['schemas'];

/**
 * GET /api/site: the site (query, host name or default) and the market of the locale (query,
 * session or en-GB), with the region's custom preferences read from the commerce platform's
 * `CustomPreferences` custom object keyed by country.
 */
export const getSiteConfig: Handler = async (req, res, ctx) => {
  const query = parseQuery(zGetSiteConfigQuery, req);
  const site = resolveSite(req, ctx.config, query.site);
  if (!site) throw new AppError(404, 'not-found', 'Not found', `No site '${query.site}'.`);
  const session = await ctx.sessions.current(req);
  const locale = query.locale ?? session?.locale ?? DEFAULT_LOCALE;
  const market = marketOfLocale(locale);
  if (!market) throw new AppError(404, 'not-found', 'Not found', `The locale ${locale} is not sold on site ${site}.`);

  const { data, error, response } = await ctx.upstreams.commerceClassic
    .GET('/s/{siteId}/dw/shop/v24_5/custom_objects/{object_type}/{key}', {
      params: { path: { siteId: site, object_type: 'CustomPreferences', key: market.country } },
      // The classic shop API asks for a shopper token (commerce.yaml's ShopperToken).
      headers: (await shopperOf(req, res, ctx)).headers,
      signal: req.signal,
    })
    .catch((cause: unknown) => {
      throw upstreamError('commerce', cause);
    });
  if (error || !data) {
    req.log.warn({ status: response.status, country: market.country }, 'custom preferences not readable');
    throw upstreamError('commerce');
  }
  const customPreferences: Schemas['CustomPreferences'] = {
    ...(data.c_selectedVCSVersion !== undefined ? { selectedVCSVersion: data.c_selectedVCSVersion } : {}),
    hideAccountPage: data.c_hideAccountPage ?? false,
    hidePaymentMethodPage: data.c_hidePaymentMethodPage ?? false,
    showMyOverview: data.c_showMyOverview ?? true,
    showAutoRenewal: data.c_showAutoRenewal ?? false,
    billingMismatchControl: data.c_billingMismatchControl ?? false,
  };
  const { stripe, adyen } = ctx.config.credentials;
  const body: Schemas['SiteConfig'] = {
    id: site,
    brand: site,
    country: market.country,
    locales: {
      supported: market.locales.map((l) => ({
        id: l.id,
        alias: l.alias,
        enabledInProduction: !ctx.config.localesNotInProduction.includes(l.id),
      })),
      default: market.locales[0]?.id ?? DEFAULT_LOCALE,
    },
    currency: market.currency,
    geoRegion: market.geoRegion,
    provider: market.provider,
    ...(market.provider === 'stripe' ? { publishableKey: stripe.publishableKey } : { clientKey: adyen.clientKey }),
    sandboxPayments: ctx.config.mode !== 'live',
    enabledPaymentMethods: market.paymentMethods,
    pricesIncludeVat: market.pricesIncludeVat,
    allowedCountries: market.allowedCountries,
    extraMarkets: [],
    splashCountryPrefixes: ctx.config.splashCountryPrefixes,
    maintenancePollIntervalMs: ctx.config.maintenancePollIntervalMs,
    customPreferences,
  };
  res.json(body);
};
