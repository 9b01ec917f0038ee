import { useEffect, type ReactNode } from 'react';
import { SWRConfig, type Cache, type Middleware } from 'swr';
import { ToastProvider } from '../components/ui/toasts.tsx';
import { ApiError } from '../lib/api/client.ts';
import { ConsentAskedContext } from '../lib/consent.ts';
import { i18n } from '../lib/i18n.ts';
import { I18nProvider } from '../lib/i18n-react.tsx';
import { ServerRenderedContext } from '../lib/page-ready.ts';
import type { Translator } from '../lib/translator.ts';
import { DEFAULT_SITE, resolveSite, SiteProvider, SITES, type SiteId } from '../lib/site.tsx';

const SITE_STORAGE_KEY = 'site';

/**
 * The site for this visit: on a page the server rendered, the one it rendered (<html data-site>);
 * otherwise the `site` query parameter, else the one stored for the tab, else the host mapping.
 */
export function initialSite(
  location: Pick<Location, 'search' | 'hostname'> = window.location,
  serverRendered = false,
): SiteId {
  const rendered = SITES.find((candidate) => candidate === document.documentElement.dataset.site);
  const fromQuery = new URLSearchParams(location.search).get('site');
  let site = resolveSite(location.search, location.hostname);
  if (serverRendered && rendered) site = rendered;
  else if (!fromQuery) {
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
  swrMiddleware,
  i18n: translator = i18n,
  fallback,
  serverRendered = false,
  consentAsked = false,
}: {
  site: SiteId;
  children: ReactNode;
  swrProvider?: () => Cache;
  /** Middleware of every hook (the browser's hydration with the server's answers, lib/api/server-data.ts). */
  swrMiddleware?: Middleware;
  /** The request's own translator on the server; the app's one in the browser. */
  i18n?: Translator;
  /** Answers the server rendered the page with, by serialised SWR key (lib/api/server-data.ts). */
  fallback?: Record<string, unknown>;
  /** The page came from the server: what it rendered is shown from the start (no deferred loads). */
  serverRendered?: boolean;
  /** The server painted the consent banner (lib/consent.ts). */
  consentAsked?: boolean;
}) {
  useEffect(() => {
    document.documentElement.dataset.site = site;
  }, [site]);
  return (
    <I18nProvider i18n={translator}>
      <SWRConfig
        value={{
          revalidateOnFocus: false,
          shouldRetryOnError: (error: unknown) => !(error instanceof ApiError) || error.status >= 500,
          errorRetryCount: 2,
          ...(swrProvider ? { provider: swrProvider } : {}),
          ...(swrMiddleware ? { use: [swrMiddleware] } : {}),
          ...(fallback ? { fallback } : {}),
        }}
      >
        <ServerRenderedContext value={serverRendered}>
          <SiteProvider site={site}>
            <ConsentAskedContext value={consentAsked}>
              <ToastProvider>{children}</ToastProvider>
            </ConsentAskedContext>
          </SiteProvider>
        </ServerRenderedContext>
      </SWRConfig>
    </I18nProvider>
  );
}
