import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LOCALES, localePath, type LocaleId } from '../../../lib/locales.ts';
import { markMainContentShown } from '../../../lib/page-ready.ts';
import { useSite } from '../../../lib/site.tsx';
import { useSiteConfig } from '../../../lib/api/get-site-config.ts';

/** The stored locale choice (storefront §3 session value `app-locale-id`). */
export const LOCALE_ID_KEY = 'app-locale-id';

const SPLASH_TITLE = 'Taalselectie';
const SPLASH_DESCRIPTION = 'Selecteer een taal om verder te gaan naar de webshop';

function storedLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_ID_KEY);
  } catch {
    return null;
  }
}

/**
 * /{country}/ (storefront §2 Language splash page), when the site configures that country prefix:
 * the country's label and one button per language; a stored locale of that country redirects at
 * once. The title and description are the spec's fixed Dutch texts. Any other single segment is
 * not a page.
 */
export function SplashPage({ country, notFound }: { country: string; notFound: React.ReactNode }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const site = useSite();
  const { data, error } = useSiteConfig(site);
  const enabled = data?.splashCountryPrefixes?.includes(country.toLowerCase()) ?? false;
  const locales = LOCALES.filter((l) => l.toLowerCase().endsWith(`-${country.toLowerCase()}`));

  const choose = (locale: LocaleId) => {
    try {
      localStorage.setItem(LOCALE_ID_KEY, locale);
    } catch {
      // Storage unavailable: the choice still applies to this visit.
    }
    const query = new URLSearchParams(search);
    query.set('site', site);
    void navigate(`${localePath(locale, '/')}?${query.toString()}`, { replace: true });
  };

  useEffect(() => {
    if (data || error) markMainContentShown();
    if (!enabled) return;
    const stored = storedLocale();
    const match = locales.find((l) => l === stored);
    if (match) choose(match);
  }, [enabled, data, error]);

  useEffect(() => {
    if (!enabled) return;
    const previous = document.title;
    document.title = SPLASH_TITLE;
    return () => {
      document.title = previous;
    };
  }, [enabled]);

  if (!data && !error) return null;
  if (!enabled || locales.length === 0) return <>{notFound}</>;
  const countryLabel = [
    ...new Set(locales.map((l) => new Intl.DisplayNames([l], { type: 'region' }).of(country.toUpperCase()))),
  ].join(' · ');
  return (
    <section className="page page--narrow splash" lang="nl">
      <h1>{SPLASH_TITLE}</h1>
      <p>{SPLASH_DESCRIPTION}</p>
      <p className="splash__country">{countryLabel}</p>
      <ul className="splash__languages">
        {locales.map((locale) => {
          const language = locale.split('-')[0]!;
          const name = new Intl.DisplayNames([locale], { type: 'language' }).of(language) ?? locale;
          return (
            <li key={locale}>
              <button type="button" className="button button--primary" lang={language} onClick={() => choose(locale)}>
                {name.charAt(0).toUpperCase() + name.slice(1)}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
