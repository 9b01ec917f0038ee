import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SWRConfig, type Cache } from 'swr';
import { ToastProvider } from '../components/ui/toasts.tsx';
import { ApiError } from '../lib/api/client.ts';
import { i18n } from '../lib/i18n.ts';
import { DEFAULT_SITE, resolveSite, SiteProvider, SITES, type SiteId } from '../lib/site.tsx';

const SITE_STORAGE_KEY = 'site';

/** The site for this visit: the `site` query parameter, else the one stored for the tab, else the host mapping. */
export function initialSite(location: Pick<Location, 'search' | 'hostname'> = window.location): SiteId {
  const fromQuery = new URLSearchParams(location.search).get('site');
  let site = resolveSite(location.search, location.hostname);
  if (!fromQuery) {
    const stored = window.sessionStorage.getItem(SITE_STORAGE_KEY);
    const known = SITES.find((candidate) => candidate === stored);
    if (known && site === DEFAULT_SITE) site = known;
  }
  window.sessionStorage.setItem(SITE_STORAGE_KEY, site);
  return site;
}

/** Providers that do not need the router: i18n, SWR, the site (brand theme) and toasts. */
export function AppProvider({
  site,
  children,
  swrProvider,
}: {
  site: SiteId;
  children: ReactNode;
  swrProvider?: () => Cache;
}) {
  useEffect(() => {
    document.documentElement.dataset.site = site;
  }, [site]);
  return (
    <I18nextProvider i18n={i18n}>
      <SWRConfig
        value={{
          revalidateOnFocus: false,
          shouldRetryOnError: (error: unknown) => !(error instanceof ApiError) || error.status >= 500,
          errorRetryCount: 2,
          ...(swrProvider ? { provider: swrProvider } : {}),
        }}
      >
        <SiteProvider site={site}>
          <ToastProvider>{children}</ToastProvider>
        </SiteProvider>
      </SWRConfig>
    </I18nextProvider>
  );
}
