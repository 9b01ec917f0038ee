/**
 * The commerce storefront's own controllers (classic, on the storefront host), the only code that
 * calls them: storefront §7's Maintenance-Status. Answers openapi-fetch's `{ data, error, response }`
 * unchanged (services/site/site-info.ts reads it).
 */
import type { AppContext } from '../../context.ts';

/** Maintenance-Status of a site in a locale (`de-DE` is the controller's `de_DE`). */
export const getMaintenanceStatus = (ctx: AppContext, siteId: string, locale: string, signal?: AbortSignal) =>
  ctx.upstreams.commerceClassic.GET('/on/demandware.store/Sites-{siteId}-Site/{locale}/Maintenance-Status', {
    params: { path: { siteId, locale: locale.replace('-', '_') } },
    signal,
  });
