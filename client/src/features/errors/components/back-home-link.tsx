import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { useLocale } from '../../../lib/locales.ts';

export function BackHomeLink() {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <Link className="button button--primary" to={to('/home')}>
      {t('pages.backHome')}
    </Link>
  );
}
