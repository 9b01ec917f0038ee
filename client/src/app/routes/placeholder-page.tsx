import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link } from '../../components/ui/link.tsx';
import { useLocale } from '../../lib/locales.ts';

/** Catalogue key of a page that a later increment builds (under `pages.<key>`). */
export type PendingPageKey = 'account';

/**
 * An honest, minimal page for a route whose feature arrives in a later increment: its real heading
 * and purpose, a note that it is not available yet, and a way back to the main page.
 */
export function PendingPage({ page }: { page: PendingPageKey }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const title = t(`pages.${page}.title`);
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <title>{title}</title>
      <h1 id="page-title">{title}</h1>
      <p>{t(`pages.${page}.text`)}</p>
      <p className="page__note">{t('pages.comingSoon')}</p>
      <Link className="button button--secondary" to={to('/home')}>
        {t('pages.backHome')}
      </Link>
    </section>
  );
}
