/** Which site a request is for: the `site` query parameter, else the host-name mapping, else the default. */
import type { Request } from 'express';
import { SITE_IDS, type Config, type SiteId } from './config.ts';
import { invalidField } from './errors.ts';

export const isSiteId = (value: unknown): value is SiteId =>
  typeof value === 'string' && (SITE_IDS as readonly string[]).includes(value);

/** The site, or undefined when the query names a site that does not exist. */
export function resolveSite(
  req: Pick<Request, 'hostname'>,
  config: Config,
  fromQuery: string | undefined,
): SiteId | undefined {
  if (fromQuery !== undefined)
    return isSiteId(fromQuery) && config.sites.ids.includes(fromQuery) ? fromQuery : undefined;
  return config.sites.hostSites[req.hostname.toLowerCase()] ?? config.sites.defaultSite;
}

/** The site a shopper asks for: a query naming no site of ours is a 400 on `site`. */
export function requestedSite(req: Request, config: Config, fromQuery: string | undefined): SiteId {
  const site = resolveSite(req, config, fromQuery);
  if (!site) {
    throw invalidField(`Unknown site '${fromQuery}'.`, {
      field: 'site',
      message: 'Unknown site.',
      code: 'unknown_site',
    });
  }
  return site;
}
