import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { Hero } from '../../../components/layout/hero.tsx';
import { useLocale } from '../../../lib/locales.ts';
import { VinForm } from '../../../components/ui/vin-form.tsx';
import { isProduction } from '../../../lib/environment.ts';
import { startLogin } from '../../../lib/api/start-login.ts';
import { markMainContentShown } from '../../../lib/page-ready.ts';
import { useSession } from '../../../lib/api/get-session.ts';

/** The link parameters that name a vehicle (storefront §2 renewal page query). */
const VEHICLE_PARAMETERS = ['carvin', 'cvin', 'vin', 'evn', 'token'] as const;

/**
 * /home, the main page (storefront §2: `/` and `/home` are the entry). A link that names a vehicle
 * goes on to that vehicle's services (/service, keeping the query, so "go to site" from another
 * brand lands there). Otherwise: the vehicle of this session, a VIN search, the account entry and
 * the help centre; outside production, the test pages.
 */
export function HomePage({ production = isProduction() }: { production?: boolean }) {
  const { t } = useTranslation();
  const { to, locale } = useLocale();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { data: session } = useSession();
  const params = new URLSearchParams(search);
  const forVehicle = VEHICLE_PARAMETERS.some((name) => params.get(name));
  useEffect(() => {
    if (!forVehicle) markMainContentShown();
  }, [forVehicle]);
  if (forVehicle) return <Navigate replace to={`${to('/service')}${search}`} />;

  const title = t('pages.home.title');
  const vehicle = session?.vehicle;
  const servicesOf = (vin: string) => `${to('/service')}?carvin=${encodeURIComponent(vin)}`;
  return (
    <div className="page home">
      <title>{title}</title>
      <Hero title={title} description={t('pages.home.text')} />
      <div className="home__grid">
        {vehicle ? (
          <section className="home__card" aria-labelledby="home-vehicle">
            <h2 id="home-vehicle">{t('pages.home.yourVehicle')}</h2>
            <p>
              {vehicle.model} · {t('renewal.vehicle.vinValue', { vin: vehicle.vin })}
            </p>
            <Link className="button button--primary" to={servicesOf(vehicle.vin)}>
              {t('pages.home.seeServices')}
            </Link>
          </section>
        ) : null}
        <section className="home__card" aria-labelledby="home-find">
          <h2 id="home-find">{t('pages.home.findTitle')}</h2>
          <p>{t('pages.home.findText')}</p>
          <VinForm
            submitLabel={t('pages.home.findButton')}
            action={to('/service')}
            onVin={(vin) => void navigate(servicesOf(vin))}
          />
        </section>
        <section className="home__card" aria-labelledby="home-account">
          <h2 id="home-account">{t('pages.home.accountTitle')}</h2>
          {session?.authType === 'registered' ? (
            <Link className="button button--secondary" to={to('/account')}>
              {t('header.account')}
            </Link>
          ) : (
            <>
              <p>{t('pages.home.accountText')}</p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void startLogin(to('/account'), locale)}
              >
                {t('pages.home.login')}
              </button>
            </>
          )}
        </section>
        <section className="home__card" aria-labelledby="home-help">
          <h2 id="home-help">{t('content.helpTitle')}</h2>
          <p>{t('pages.home.helpText')}</p>
          <Link className="button button--secondary" to={to('/faqs')}>
            {t('content.helpTitle')}
          </Link>
        </section>
      </div>
      {production ? null : (
        <p>
          <Link to={to('/test')}>{t('pages.home.testPages')}</Link>
        </p>
      )}
    </div>
  );
}
