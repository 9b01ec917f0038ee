import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { useLocale } from '../../../lib/locales.ts';
import { REDIRECT_SOURCE_KEY, trackGenericErrorPage } from '../../../lib/analytics.ts';
import { REDIRECT_SOURCE_FACT, useRedirectFacts } from '../../../features/errors/redirect-facts.ts';
import { ErrorLayout } from '../../../features/errors/components/error-layout.tsx';

export { REDIRECT_SOURCE_KEY };

function errorText(error: unknown): string | undefined {
  if (error === undefined || error === null || error === '') return undefined;
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && 'message' in error) return String(error.message);
  return JSON.stringify(error);
}

/**
 * "Unable to Load Page" (spec §2): the error value from the navigation state, a Retry button that
 * reloads and an "Explore ownership" link. When a redirectSource is stored (a redirect in the
 * browser) or named in the query (`from`, the server's redirect of a first load) it sends one
 * generic_error_page event with that referring URL.
 */
export function GenericErrorPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const facts = useRedirectFacts();
  const error = errorText(facts.error);
  const redirectedFrom = facts[REDIRECT_SOURCE_FACT];
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    // The browser's redirect stored its page; the server's named it in the query (issue 34).
    const source =
      window.sessionStorage.getItem(REDIRECT_SOURCE_KEY) ??
      (redirectedFrom?.startsWith('/') ? window.location.origin + redirectedFrom : undefined);
    if (!source) return;
    sent.current = true;
    trackGenericErrorPage(source, error);
    window.sessionStorage.removeItem(REDIRECT_SOURCE_KEY);
  }, [error, redirectedFrom]);

  return (
    <ErrorLayout title={t('errors.unableToLoad.title')} message={t('errors.unableToLoad.message')}>
      {error ? <p className="error-page__detail">{t('errors.unableToLoad.errorValue', { error })}</p> : null}
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('errors.unableToLoad.retry')}
      </button>
      <Link className="button button--secondary" to={to('/home')}>
        {t('errors.unableToLoad.exploreOwnership')}
      </Link>
    </ErrorLayout>
  );
}
