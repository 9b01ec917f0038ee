import { Navigate, useLocation } from 'react-router';
import { formatLongDate } from '../../../../../domain/time.ts';
import { Link } from '../../../components/ui/link.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useLocale } from '../../../lib/locales.ts';
import { isSite } from '../../../lib/site.tsx';
import { useAccountOverview } from '../../../features/account/api/get-account-overview.ts';
import { ServiceImage } from '../../../features/account/components/service-image.tsx';
import { AccountPage } from '../../../features/account/components/account-layout.tsx';

/**
 * /account/my-overview (account §2 My Overview): the greeting, the vehicle with its picture, make,
 * model and VIN, and its expiring services with Renew now. Where the region does not show the
 * overview, the proxy's 403 sends the customer to My Subscriptions.
 */
export function OverviewPage() {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const carvin = new URLSearchParams(useLocation().search).get('carvin') ?? undefined;
  const read = useAccountOverview(locale, carvin);
  const { error } = read;
  if (error instanceof ApiError && error.status === 403 && error.problem?.redirectUrl) {
    return <Navigate replace to={to(error.problem.redirectUrl)} />;
  }
  const title = t('header.menu.overview');
  return (
    <AccountPage title={title} read={read}>
      {(data) => (
        <>
          {data.vehicles && data.vehicles.length > 1 ? (
            <nav className="overview__vehicles" aria-label={t('account.overview.vehicles')}>
              <ul>
                {data.vehicles.map((vehicle) => (
                  <li key={vehicle.vin}>
                    <Link
                      to={to(`/account/my-overview?carvin=${vehicle.vin}`)}
                      aria-current={vehicle.vin === data.vehicle?.vin ? 'true' : undefined}
                    >
                      {vehicle.model} · {vehicle.vin}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {data.firstName ? (
            <p className="overview__greeting">{t('header.greeting', { name: data.firstName })}</p>
          ) : null}
          {data.vehicle ? (
            <section className="overview__vehicle" aria-labelledby="overview-vehicle">
              {data.vehicle.imageUrl ? (
                <img
                  src={data.vehicle.imageUrl}
                  alt={data.vehicle.model}
                  width="320"
                  height="180"
                  className="overview__vehicle-image"
                />
              ) : null}
              <div>
                <h2 id="overview-vehicle">{t('account.overview.vehicle')}</h2>
                <dl className="vehicle-facts">
                  <dt>{t('account.overview.make')}</dt>
                  <dd>{isSite(data.vehicle.make) ? t(`brand.${data.vehicle.make}`) : data.vehicle.make}</dd>
                  <dt>{t('account.overview.model')}</dt>
                  <dd>{data.vehicle.model}</dd>
                  <dt>{t('account.overview.vin')}</dt>
                  <dd>{data.vehicle.vin}</dd>
                </dl>
              </div>
            </section>
          ) : null}
          <section aria-labelledby="overview-expiring">
            <h2 id="overview-expiring">{t('account.overview.expiringTitle')}</h2>
            {data.expiringServices.length === 0 ? (
              <p className="account__empty">{t('account.overview.noExpiring')}</p>
            ) : (
              <ul className="subscription-list">
                {data.expiringServices.map((service) => (
                  <li key={service.subscriptionId} className="subscription">
                    <ServiceImage src={service.imageUrl} />
                    <div className="subscription__body">
                      <h3 className="subscription__name">{service.name}</h3>
                      <p>
                        {t('account.subscriptions.expiresOn', { date: formatLongDate(service.expiryDate, locale) })}
                      </p>
                      <p>{t('account.overview.daysLeft', { count: service.daysLeft })}</p>
                    </div>
                    <div className="subscription__actions">
                      <Link className="button button--primary" to={to(service.renewUrl)}>
                        {t('account.renewNow')} <span className="visually-hidden">{service.name}</span>
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <p>
            <Link to={to('/account/my-subscriptions')}>{t('account.overview.allSubscriptions')}</Link>
          </p>
        </>
      )}
    </AccountPage>
  );
}
