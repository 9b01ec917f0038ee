import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useNavigate } from 'react-router';
import { useLocale } from '../../../lib/locales.ts';
import { VinForm } from '../../../components/ui/vin-form.tsx';
import { ErrorLayout } from '../../../features/errors/components/error-layout.tsx';

export const VIN_RENEWAL_PRODUCT = 'cn-connected-navigation';

/** VIN not found: a VIN input (17 characters) and "Check subscriptions", which opens the renewal page for that VIN. */
export function VinErrorPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  return (
    <ErrorLayout title={t('errors.vinError.title')} message={t('errors.vinError.message')}>
      <VinForm
        submitLabel={t('errors.vinError.checkSubscriptions')}
        action={to(`/service/${VIN_RENEWAL_PRODUCT}`)}
        onVin={(vin) => void navigate(`${to(`/service/${VIN_RENEWAL_PRODUCT}`)}?carvin=${encodeURIComponent(vin)}`)}
      />
    </ErrorLayout>
  );
}
