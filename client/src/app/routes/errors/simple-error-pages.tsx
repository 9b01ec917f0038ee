import { useTranslation } from '../../../lib/i18n-react.tsx';
import { BackHomeLink } from '../../../features/errors/components/back-home-link.tsx';
import { ErrorLayout } from '../../../features/errors/components/error-layout.tsx';

function ReloadButton({ label }: { label: string }) {
  return (
    <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
      {label}
    </button>
  );
}

export function InternalServerErrorPage() {
  const { t } = useTranslation();
  return (
    <ErrorLayout title={t('errors.internalServerError.title')} message={t('errors.internalServerError.message')}>
      <ReloadButton label={t('errors.unableToLoad.retry')} />
    </ErrorLayout>
  );
}

export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <ErrorLayout title={t('errors.maintenance.title')} message={t('errors.maintenance.message')}>
      <ReloadButton label={t('errors.unableToLoad.retry')} />
    </ErrorLayout>
  );
}

export function RestrictedAccessPage() {
  const { t } = useTranslation();
  return <ErrorLayout title={t('errors.restrictedAccess.title')} message={t('errors.restrictedAccess.message')} />;
}

export function PageNotFoundPage() {
  const { t } = useTranslation();
  return (
    <ErrorLayout title={t('errors.pageNotFound.title')} message={t('errors.pageNotFound.message')}>
      <BackHomeLink />
    </ErrorLayout>
  );
}
