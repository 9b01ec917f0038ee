import { useTranslation } from 'react-i18next';

/** "Unable to Load Page" for an unexpected rendering error (no router links: the router may be what failed). */
export function UnableToLoad() {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow error-page" aria-labelledby="unable-to-load-title">
      <h1 id="unable-to-load-title">{t('errors.unableToLoad.title')}</h1>
      <p className="error-page__message">{t('errors.unableToLoad.message')}</p>
      <div className="error-page__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('errors.unableToLoad.retry')}
        </button>
      </div>
    </section>
  );
}
