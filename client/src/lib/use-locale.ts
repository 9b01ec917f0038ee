import { useLocation } from 'react-router';
import { DEFAULT_LOCALE, localePath, splitLocale, type LocaleId } from './locales.ts';

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
