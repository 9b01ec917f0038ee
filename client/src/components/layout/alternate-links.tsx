import { LOCALES, localePath, useLocale } from '../../lib/locales.ts';

/** `<link rel="alternate" hreflang>` for every supported locale plus x-default (hoisted into <head> by React 19). */
export function AlternateLinks() {
  const { rest } = useLocale();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <>
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={locale} href={`${origin}${localePath(locale, rest)}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${rest}`} />
    </>
  );
}
