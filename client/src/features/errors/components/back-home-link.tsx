import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Link } from 'react-router';
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
