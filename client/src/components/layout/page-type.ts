import { createContext, use, useEffect } from 'react';
import { useLocation, type RouteMatch } from 'react-router';
import type { PageType } from '../../../../domain/page-access.ts';
import { isLocale, isSplashPath } from '../../lib/locales.ts';

/** Page types recognised by the shell (spec §2); the §6 redirects read them too (domain/page-access.ts). */
export type { PageType };

/** `localePrefix` marks the `:locale` segment's route (app/routes.tsx). */
export type RouteHandle = { pageType?: PageType; localePrefix?: boolean };

/**
 * The route matches of the current location (app/router.tsx provides them): the route table's
 * `handle`s, which the declarative router does not expose through a hook of its own.
 */
export const RouteMatchesContext = createContext<RouteMatch[]>([]);

/**
 * The page type of the deepest matched route that declares one. Under a first segment that is not a
 * locale, the page is the splash page (one segment) or page not found.
 */
export function usePageType(): PageType | undefined {
  const matches = use(RouteMatchesContext);
  const { pathname } = useLocation();
  const prefix = matches.find((match) => (match.route.handle as RouteHandle | undefined)?.localePrefix);
  if (prefix && !isLocale(prefix.params.locale)) return isSplashPath(pathname) ? 'splash' : 'error';
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.route.handle as RouteHandle | undefined;
    if (handle?.pageType) return handle.pageType;
  }
  return undefined;
}

/**
 * The shell's setter for "the feature check failed" (storefront §2 Shell: the account button is
 * hidden on error pages, restricted pages and where the feature check fails).
 */
export const FeatureCheckContext = createContext<(failed: boolean) => void>(() => {});

/** A feature page says its check (the product and vehicle it renews) failed while `failed` holds. */
export function useFeatureCheckFailed(failed: boolean): void {
  const report = use(FeatureCheckContext);
  useEffect(() => {
    if (!failed) return;
    report(true);
    return () => report(false);
  }, [failed, report]);
}
