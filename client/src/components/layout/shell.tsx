import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Outlet, useLocation } from 'react-router';
import { startTagManager, trackClicks, trackPageView } from '../../lib/analytics.ts';
import { useIdle } from '../../lib/idle.ts';
import { useMaintenancePolling } from '../../lib/maintenance.ts';
import { markMainContentShown } from '../../lib/page-ready.ts';
import { markHydrated } from '../../lib/page-exit.ts';
import { setLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/api/get-session.ts';
import { useSite } from '../../lib/site.tsx';
import { AlternateLinks } from './alternate-links.tsx';
import { ConsentSlot } from './consent-slot.tsx';
import { Footer } from './footer.tsx';
import { CheckoutHeader, Header } from './header.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { useLocale } from '../../lib/locales.ts';
import { FeatureCheckContext, usePageType } from './page-type.ts';
import { RouteErrorBoundary } from './route-error.tsx';
import { ScrollManager } from './scroll-manager.tsx';

export const MAIN_CONTENT_ID = 'main-content';

function PageLoading() {
  const { t } = useTranslation();
  return (
    <p className="page-loading" role="status">
      {t('shell.loading')}
    </p>
  );
}

/**
 * Marks the page hydrated (lib/page-exit.ts) once the page itself is: inside the page's boundary,
 * which React may hydrate after the shell around it.
 */
function HydrationMark() {
  useEffect(markHydrated, []);
  return null;
}

/** The frame of every page route: the error boundary and the Suspense fallback around the page. */
export function PageFrame() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
        <HydrationMark />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * The application shell (spec §2): skip link, the cookie consent banner (issue 34), offline banner, header (reduced on checkout), the
 * route outlet inside the error boundary, footer, scroll restoration, alternate-language links,
 * the locale's catalogue and an fdp_page event on every route change.
 */
export function Shell() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { locale } = useLocale();
  const site = useSite();
  const pageType = usePageType();

  useEffect(() => {
    void setLocale(locale);
  }, [locale]);

  // The idle indicator (§4 Other): polling rests while idle; back from it, the session is read
  // again (it may have expired or been logged out in another tab).
  const idle = useIdle();
  useMaintenancePolling(pageType === 'maintenance', idle);
  const { mutate: readSessionAgain } = useSession();
  const wasIdle = useRef(false);
  useEffect(() => {
    if (idle) wasIdle.current = true;
    else if (wasIdle.current) {
      wasIdle.current = false;
      void readSessionAgain();
    }
  }, [idle, readSessionAgain]);

  useEffect(() => {
    // Pages with a main request of their own (renewal, checkout) say when their content is shown.
    if (pageType !== 'feature' && pageType !== 'adas' && pageType !== 'checkout') markMainContentShown();
  }, [pageType]);

  useEffect(() => {
    trackPageView(pathname + search, pageType ?? 'unknown', locale, site);
  }, [pathname, search, pageType, locale, site]);

  useEffect(() => trackClicks(document), []);
  // The site's tag manager container, when analytics cookies were accepted (issue 15).
  useEffect(() => startTagManager(site), [site]);
  const [featureCheckFailed, setFeatureCheckFailed] = useState(false);

  return (
    <div className="shell">
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {t('shell.skipToContent')}
      </a>
      <ConsentSlot />
      <AlternateLinks />
      <ScrollManager />
      <OfflineBanner />
      {pageType === 'checkout' ? (
        <CheckoutHeader />
      ) : (
        <Header pageType={pageType} featureCheckFailed={featureCheckFailed} />
      )}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="main">
        <FeatureCheckContext value={setFeatureCheckFailed}>
          <Outlet />
        </FeatureCheckContext>
      </main>
      <Footer pageType={pageType} />
    </div>
  );
}
