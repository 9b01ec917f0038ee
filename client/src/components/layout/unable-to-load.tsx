import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link } from '../ui/link.tsx';
import { useLocale } from '../../lib/locales.ts';

/**
 * "Unable to Load Page" (storefront §2): "An error has occurred. Please try again shortly.", a
 * Retry button that reloads, the error value where there is one, and the "Explore ownership"
 * link where the page may use the router (not after a rendering error: the router may be what
 * failed).
 */
export function UnableToLoad({ error, explore = false }: { error?: string | undefined; explore?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow error-page" aria-labelledby="unable-to-load-title">
      <h1 id="unable-to-load-title">{t('errors.unableToLoad.title')}</h1>
      <p className="error-page__message">{t('errors.unableToLoad.message')}</p>
      {error ? <p className="error-page__detail">{t('errors.unableToLoad.errorValue', { error })}</p> : null}
      <div className="error-page__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('errors.unableToLoad.retry')}
        </button>
        {explore ? <ExploreOwnership /> : null}
      </div>
    </section>
  );
}

function ExploreOwnership() {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <Link className="button button--secondary" to={to('/home')}>
      {t('errors.unableToLoad.exploreOwnership')}
    </Link>
  );
}
