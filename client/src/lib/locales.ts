/**
 * The browser's side of domain/locales.ts (supported locales, spec §9; locale-prefixed paths, spec
 * §2): the current URL's locale, read with the one parser of a locale prefix.
 */
import { useLocation } from 'react-router';
import { DEFAULT_LOCALE, isLocale, localePath, parseLocalePath, type LocaleId } from '../../../domain/locales.ts';

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

/** Splits a market's locale prefix off a path: `/fr-FR/checkout` -> `{ locale: 'fr-FR', rest: '/checkout' }`; any other path is all rest. */
export function splitLocale(pathname: string): { locale: LocaleId | undefined; rest: string } {
  const { locale, rest } = parseLocalePath(pathname);
  return locale ? { locale, rest } : { locale: undefined, rest: pathname || '/' };
}

/** `/be` or `/be/`: one path segment that is not a locale (the language splash page's /{country}/). */
export const isSplashPath = (pathname: string): boolean =>
  /^\/[^/]+\/?$/.test(pathname) && !isLocale(pathname.split('/')[1]);

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
