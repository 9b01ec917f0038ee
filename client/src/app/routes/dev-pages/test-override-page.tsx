import { useTranslation } from '../../../lib/i18n-react.tsx';
import { formatPrice } from '../../../../../domain/price.ts';
import { formatLongDate } from '../../../../../domain/time.ts';
import { useLocale } from '../../../lib/locales.ts';
import { useSite } from '../../../lib/site.tsx';
import { DevPage } from './dev-page.tsx';

/** /test-override (fr-BE and es-ES only): what the locale overrides: language, brand, prices and dates. */
export function TestOverridePage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const site = useSite();
  return (
    <DevPage page="testOverride">
      <dl className="vehicle-facts">
        <dt>{t('dev.override.locale')}</dt>
        <dd>{locale}</dd>
        <dt>{t('dev.override.brand')}</dt>
        <dd>{t(`brand.${site}`)}</dd>
        <dt>{t('dev.override.price')}</dt>
        <dd>{formatPrice(1234.5, 'EUR', locale)}</dd>
        <dt>{t('dev.override.date')}</dt>
        <dd>{formatLongDate('2026-12-31', locale)}</dd>
      </dl>
    </DevPage>
  );
}
