import { createContext, useContext, type ReactNode } from 'react';

/** The two brands (site ids) of the shop; aurora is the default. */
export const SITES = ['aurora', 'borealis'] as const;
export type SiteId = (typeof SITES)[number];
export const DEFAULT_SITE: SiteId = 'aurora';

export const isSite = (value: string | null | undefined): value is SiteId =>
  (SITES as readonly string[]).includes(value ?? '');

/** The site from the `site` query parameter, else from the host name (a host naming a brand), else the default. */
export function resolveSite(search: string, hostname: string): SiteId {
  const fromQuery = new URLSearchParams(search).get('site');
  if (isSite(fromQuery)) return fromQuery;
  const fromHost = SITES.find((site) =>
    hostname.split('.').some((label) => label === site || label.endsWith(`-${site}`)),
  );
  return fromHost ?? DEFAULT_SITE;
}

const SiteContext = createContext<SiteId>(DEFAULT_SITE);

export function SiteProvider({ site, children }: { site: SiteId; children: ReactNode }) {
  return <SiteContext value={site}>{children}</SiteContext>;
}

export const useSite = (): SiteId => useContext(SiteContext);
