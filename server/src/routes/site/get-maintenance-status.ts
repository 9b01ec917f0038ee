import type { components } from '../../../../generated/proxy/types.ts';
import type { Handler } from '../../context.ts';
import { upstreamError } from '../../errors.ts';
import { DEFAULT_LOCALE } from '../../markets.ts';
import { resolveSite } from '../../site.ts';

/** GET /api/maintenance: the commerce storefront's Maintenance-Status controller, reduced to a flag. */
export const getMaintenanceStatus: Handler = async (req, res, ctx) => {
  const session = await ctx.sessions.current(req);
  const site = session?.site ?? resolveSite(req, ctx.config, undefined) ?? ctx.config.sites.defaultSite;
  const locale = (session?.locale ?? DEFAULT_LOCALE).replace('-', '_');
  const { data, error } = await ctx.upstreams.commerceClassic
    .GET('/on/demandware.store/Sites-{siteId}-Site/{locale}/Maintenance-Status', {
      params: { path: { siteId: site, locale } },
      signal: req.signal,
    })
    .catch((cause: unknown) => {
      throw upstreamError('commerce', cause);
    });
  if (error || !data) throw upstreamError('commerce');
  const maintenance = data.storefront_status === 'maintenance';
  const body: components['schemas']['MaintenanceStatus'] = {
    storefront_status: maintenance ? 'maintenance' : 'online',
    maintenance,
  };
  res.setHeader('Cache-Control', 'no-store');
  res.json(body);
};
