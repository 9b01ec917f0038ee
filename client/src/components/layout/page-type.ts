import { useLocation, useMatches } from 'react-router';
import { DEFAULT_LOCALE, localePath, splitLocale, type LocaleId } from '../../lib/locales.ts';

/** Page types recognised by the shell (spec §2). */
export type PageType =
  | 'listing'
  | 'feature'
  | 'test'
  | 'error'
  | 'uikit'
  | 'checkout'
  | 'maintenance'
  | 'splash'
  | 'login-redirect'
  | 'restricted-access'
  | 'payment-confirmation'
  | 'adas'
  | 'loqate'
  | 'account'
  | 'terms';

export type RouteHandle = { pageType?: PageType };

/** The page type of the deepest matched route that declares one. */
export function usePageType(): PageType | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.pageType) return handle.pageType;
  }
  return undefined;
}

/** The locale prefix of the current URL (undefined without one) and the effective locale. */
export function useLocale(): {
  prefix: LocaleId | undefined;
  locale: LocaleId;
  rest: string;
  to: (path: string) => string;
} {
  const { pathname } = useLocation();
  const { locale: prefix, rest } = splitLocale(pathname);
  return { prefix, locale: prefix ?? DEFAULT_LOCALE, rest, to: (path: string) => localePath(prefix, path) };
}
