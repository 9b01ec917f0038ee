/** Supported locales (spec §9), their catalogue language, and locale-prefixed paths (spec §2). */
import { useLocation } from 'react-router';

export const LOCALES = [
  'pt-PT',
  'it-IT',
  'de-DE',
  'fr-FR',
  'nl-NL',
  'fr-BE',
  'de-AT',
  'cs-CZ',
  'es-ES',
  'en-GB',
  'en-CA',
  'en-US',
  'fr-CA',
  'nl-BE',
  'fr-LU',
  'en-XB',
] as const;
export type LocaleId = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: LocaleId = 'en-GB';

/** The languages with a catalogue file (client/src/locales). */
export const LANGUAGES = ['en', 'fr', 'de', 'it', 'es', 'pt', 'nl', 'cs'] as const;
/**
 * The pseudo-locale of storefront §9: its catalogue is the English one pseudo-localised at build
 * time (client/pseudo-locale.ts), loaded as chunks of its own like any other language.
 */
export const PSEUDO_LOCALE = 'en-XB';
export type Language = (typeof LANGUAGES)[number] | typeof PSEUDO_LOCALE;

export function isLocale(value: string | undefined | null): value is LocaleId {
  return (LOCALES as readonly string[]).includes(value ?? '');
}

/** The catalogue language of a locale; the en-XB pseudo-locale reads its own, English's pseudo-localised. */
export function languageOf(locale: LocaleId): Language {
  if (locale === PSEUDO_LOCALE) return PSEUDO_LOCALE;
  const language = locale.slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
}

/** Splits an optional locale prefix off a path: `/fr-FR/checkout` -> `{ locale: 'fr-FR', rest: '/checkout' }`. */
export function splitLocale(pathname: string): { locale: LocaleId | undefined; rest: string } {
  const [, first, ...others] = pathname.split('/');
  if (isLocale(first)) return { locale: first, rest: `/${others.join('/')}` };
  return { locale: undefined, rest: pathname || '/' };
}

/** A path under the given locale prefix (no prefix when the locale was not in the URL). */
export function localePath(prefix: LocaleId | undefined, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return prefix ? `/${prefix}${clean === '/' ? '' : clean}` : clean;
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
