import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useLocation } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { useLocale } from '../../../lib/locales.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { markMainContentShown } from '../../../lib/page-ready.ts';
import { useVehicleLookup } from '../../../features/products/api/lookup-vehicle.ts';

const IDENTIFIERS = ['carvin', 'cvin', 'vin', 'evn', 'token'] as const;

/**
 * /service and /services (storefront §2 Other screens): the services of the vehicle in the link,
 * with a title, the feature image (the vehicle's picture), the vehicle name and VIN bar, a grid of
 * its services (each to its renewal page) or the no-result message.
 */
export function ProductListPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { to, locale } = useLocale();
  const params = new URLSearchParams(search);
  const query = Object.fromEntries(
    IDENTIFIERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])),
  );
  const hasVehicle = Object.keys(query).length > 0;
  const { data, error } = useVehicleLookup(hasVehicle ? query : null, locale);
  useEffect(() => {
    if (data || error || !hasVehicle) markMainContentShown();
  }, [data, error, hasVehicle]);
  const vehicle = data?.vehicle;
  const link = new URLSearchParams(query).toString();
  return (
    <section className="page product-list">
      <h1>{t('products.title')}</h1>
      {vehicle?.imageUrl ? (
        // The feature image; the vehicle's name is written beside it, so it is decorative.
        <img className="product-list__image" src={vehicle.imageUrl} alt="" width={800} height={450} />
      ) : null}
      {vehicle ? (
        <p className="product-list__vehicle">
          <span>{vehicle.model}</span> · <span>{t('renewal.vehicle.vinValue', { vin: vehicle.vin })}</span>
        </p>
      ) : null}
      {!hasVehicle || error ? (
        <p role={error ? 'alert' : undefined}>
          {error instanceof ApiError && error.status === 404 ? t('products.vehicleNotFound') : t('products.noResult')}
        </p>
      ) : null}
      {hasVehicle && !data && !error ? <p role="status">{t('shell.loading')}</p> : null}
      {vehicle && vehicle.services.length === 0 ? <p>{t('products.noResult')}</p> : null}
      {vehicle && vehicle.services.length > 0 ? (
        <ul className="product-grid">
          {vehicle.services.map((service) => (
            <li key={service.productId} className="product-card">
              <h2>{service.name}</h2>
              <p>{t(`products.state.${service.expiryState}`)}</p>
              <Link className="button button--primary" to={`${to(`/service/${service.productId}`)}?${link}`}>
                {t('products.view', { name: service.name })}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
