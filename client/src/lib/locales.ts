/**
 * The browser's side of domain/locales.ts (supported locales, spec §9; locale-prefixed paths, spec
 * §2): the page's locale, parsed once where the page's path arrives (the route table, app/router.tsx;
 * on the server, the request edge) and handed to every component that writes text, prices or dates.
 */
import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';
import {
  DEFAULT_LOCALE,
  isLocale,
  localePath,
  parseLocalePath,
  type LocaleId,
  type LocalePath,
} from '../../../domain/locales.ts';

export {
  DEFAULT_LOCALE,
  isLocale,
  LANGUAGES,
  languageOf,
  localePath,
  LOCALES,
  PSEUDO_LOCALE,
  type Language,
  type LocaleId,
} from '../../../domain/locales.ts';

/** `/be` or `/be/`: one path segment that is not a locale (the language splash page's /{country}/). */
export const isSplashPath = (pathname: string): boolean =>
  /^\/[^/]+\/?$/.test(pathname) && !isLocale(pathname.split('/')[1]);

/** The page's path as its locale prefix splits it: given by the route table (app/router.tsx AppRoutes). */
export const PagePathContext = createContext<LocalePath | undefined>(undefined);

/**
 * The page's locale prefix (undefined without one) and its effective locale, from the path the route
 * table parsed; a component rendered outside the route table (a unit test) reads its router's path.
 */
export function useLocale(): {
  prefix: LocaleId | undefined;
  locale: LocaleId;
  rest: string;
  to: (path: string) => string;
} {
  const given = useContext(PagePathContext);
  const { pathname } = useLocation();
  const where = given ?? parseLocalePath(pathname);
  const prefix = where.locale;
  return {
    prefix,
    locale: prefix ?? DEFAULT_LOCALE,
    // Under a prefix no market has, the whole path is the page's (it is not found).
    rest: prefix ? where.rest : pathname || '/',
    to: (path: string) => localePath(prefix, path),
  };
}
