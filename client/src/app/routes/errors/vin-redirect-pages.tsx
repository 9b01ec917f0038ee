import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { isLocale, localePath, useLocale } from '../../../lib/locales.ts';
import { SITES, type SiteId } from '../../../lib/site.tsx';
import { useRedirectFacts } from '../../../features/errors/redirect-facts.ts';
import { ErrorLayout } from '../../../features/errors/components/error-layout.tsx';

function withVin(path: string, vin: string | undefined, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  if (vin) query.set('carvin', vin);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** VIN of another market: a go-to-country button to the vehicle's locale, when the lookup named it. */
export function InvalidMarketVinPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const state = useRedirectFacts();
  const target = isLocale(state?.locale) ? localePath(state.locale, '/home') : to('/home');
  return (
    <ErrorLayout title={t('errors.invalidMarket.title')} message={t('errors.invalidMarket.message')}>
      <Link className="button button--primary" to={withVin(target, state?.vin)} reloadDocument>
        {t('errors.invalidMarket.goToCountry')}
      </Link>
    </ErrorLayout>
  );
}

/** VIN of another brand: shows VIN and model from the navigation state and a go-to-site button. */
export function InvalidBrandVinPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const state = useRedirectFacts();
  const site = SITES.find((candidate: SiteId) => candidate === state?.site);
  return (
    <ErrorLayout title={t('errors.invalidBrand.title')} message={t('errors.invalidBrand.message')}>
      {state?.vin || state?.model ? (
        <dl className="vehicle-facts">
          {state.vin ? (
            <div>
              <dt>{t('errors.invalidBrand.vin')}</dt>
              <dd>{state.vin}</dd>
            </div>
          ) : null}
          {state.model ? (
            <div>
              <dt>{t('errors.invalidBrand.model')}</dt>
              <dd>{state.model}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <Link
        className="button button--primary"
        to={withVin(to('/home'), state?.vin, site ? { site } : {})}
        reloadDocument
      >
        {t('errors.invalidBrand.goToSite')}
      </Link>
    </ErrorLayout>
  );
}
