import type { Handler } from '../../context.ts';
import { sendNoStore } from '../../http/send.ts';
import { DEFAULT_LOCALE } from '../../markets.ts';
import { maintenanceStatus } from '../../services/site-info.ts';
import { resolveSite } from '../../site.ts';

/** GET /api/maintenance: the storefront's maintenance flag (storefront §4 Maintenance). */
export const getMaintenanceStatus: Handler = async (req, res, ctx) => {
  const session = await ctx.sessions.current(req);
  const site = session?.site ?? resolveSite(req, ctx.config, undefined) ?? ctx.config.sites.defaultSite;
  sendNoStore(
    res,
    await maintenanceStatus(ctx, { site, locale: session?.locale ?? DEFAULT_LOCALE, signal: req.signal }),
  );
};
