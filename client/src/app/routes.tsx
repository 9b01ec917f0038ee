import { Navigate, useLocation, type RouteObject } from 'react-router';
import type { PageType, RouteHandle } from '../components/layout/page-type.ts';
import { RouteError } from '../components/layout/route-error.tsx';
import { PageFrame, Shell } from '../components/layout/shell.tsx';
import { lazyPage } from '../lib/lazy.ts';
import { LOCALES, localePath, type LocaleId } from '../lib/locales.ts';
import type { PendingPageKey } from './routes/placeholder-page.tsx';

// Every page is its own chunk (React.lazy with the 120 s chunk timeout).
const Pending = lazyPage(() => import('./routes/placeholder-page.tsx'), 'PendingPage');
const GenericErrorPage = lazyPage(
  () => import('../features/errors/components/generic-error-page.tsx'),
  'GenericErrorPage',
);
const VinErrorPage = lazyPage(() => import('../features/errors/components/vin-error-page.tsx'), 'VinErrorPage');
const InvalidMarketVinPage = lazyPage(
  () => import('../features/errors/components/vin-redirect-pages.tsx'),
  'InvalidMarketVinPage',
);
const InvalidBrandVinPage = lazyPage(
  () => import('../features/errors/components/vin-redirect-pages.tsx'),
  'InvalidBrandVinPage',
);
const RenewalPage = lazyPage(() => import('../features/renewal/components/renewal-page.tsx'), 'RenewalPage');
const checkout = () => import('../features/checkout/components/checkout-page.tsx');
const CheckoutPage = lazyPage(checkout, 'CheckoutPage');
const PaymentConfirmationPage = lazyPage(
  () => import('../features/checkout/components/payment-confirmation-page.tsx'),
  'PaymentConfirmationPage',
);
const ConfirmationPage = lazyPage(
  () => import('../features/confirmation/components/confirmation-page.tsx'),
  'ConfirmationPage',
);
const CallbackPage = lazyPage(() => import('../features/session/components/callback-page.tsx'), 'CallbackPage');
const SplashPage = lazyPage(() => import('../features/splash/components/splash-page.tsx'), 'SplashPage');
const TermsPage = lazyPage(() => import('../features/content/components/terms-page.tsx'), 'TermsPage');
const FaqsPage = lazyPage(() => import('../features/content/components/faqs-page.tsx'), 'FaqsPage');
const ProductListPage = lazyPage(
  () => import('../features/products/components/product-list-page.tsx'),
  'ProductListPage',
);
const simple = () => import('../features/errors/components/simple-error-pages.tsx');
const InternalServerErrorPage = lazyPage(simple, 'InternalServerErrorPage');
const MaintenancePage = lazyPage(simple, 'MaintenancePage');
const RestrictedAccessPage = lazyPage(simple, 'RestrictedAccessPage');
const PageNotFoundPage = lazyPage(simple, 'PageNotFoundPage');

/** Locales whose route table holds /test-override (spec §2). */
const TEST_OVERRIDE_LOCALES: ReadonlySet<LocaleId | undefined> = new Set(['fr-BE', 'es-ES']);

/** `/` redirects to the main page /home, keeping the locale prefix and the query (site, locale, VIN links). */
function RedirectToMain({ prefix }: { prefix: LocaleId | undefined }) {
  const { search, hash } = useLocation();
  return <Navigate replace to={`${localePath(prefix, '/home')}${search}${hash}`} />;
}

const page = (path: string, element: React.ReactNode, pageType?: PageType): RouteObject => ({
  path,
  element,
  handle: { pageType } satisfies RouteHandle,
});
const pending = (path: string, key: PendingPageKey, pageType?: PageType) =>
  page(path, <Pending page={key} />, pageType);

/** The route table of spec §2 under one locale prefix (or none). */
export function pageRoutes(prefix: LocaleId | undefined, options: { production: boolean }): RouteObject[] {
  const routes: RouteObject[] = [
    { index: true, element: <RedirectToMain prefix={prefix} /> },
    pending('home', 'home', 'listing'),
    page('product', <RenewalPage />, 'adas'),
    page('service', <ProductListPage />, 'listing'),
    page('services', <ProductListPage />, 'listing'),
    page('service/:productId', <RenewalPage />, 'feature'),
    page('checkout', <CheckoutPage />, 'checkout'),
    page('confirmation/:orderNo', <ConfirmationPage />),
    page('payment-confirmation', <PaymentConfirmationPage />, 'payment-confirmation'),
    pending('account/*', 'account', 'account'),
    page('faqs/*', <FaqsPage />),
    page('terms-conditions', <TermsPage />, 'terms'),
    pending('subscriptions-redirect', 'subscriptionsRedirect'),
    page('callback', <CallbackPage />, 'login-redirect'),
    page('callback/forgerock', <CallbackPage />, 'login-redirect'),
    page('callback/forgerock-vcsj', <CallbackPage />, 'login-redirect'),
    page('restricted-access', <RestrictedAccessPage />, 'restricted-access'),
    page('maintenance', <MaintenancePage />, 'maintenance'),
    page('vin-error', <VinErrorPage />, 'error'),
    page('invalid-market-vin', <InvalidMarketVinPage />, 'error'),
    page('invalid-brand-vin', <InvalidBrandVinPage />, 'error'),
    page('generic-error', <GenericErrorPage />, 'error'),
    page('internal-server-error', <InternalServerErrorPage />, 'error'),
    page('page-not-found', <PageNotFoundPage />, 'error'),
    page('*', <PageNotFoundPage />, 'error'),
  ];
  // /{country}/: the language splash page where the site configures that prefix (not under a locale).
  if (prefix === undefined) routes.push(page(':country', <SplashPage notFound={<PageNotFoundPage />} />, 'splash'));
  if (!options.production) {
    routes.push(
      pending('test', 'test', 'test'),
      pending('uikit', 'uikit', 'uikit'),
      pending('loqate', 'loqate', 'loqate'),
      pending('test-errors', 'testErrors', 'test'),
      pending('test-multisite-components', 'testMultisite', 'test'),
      pending('cookie-preferences', 'cookiePreferences', 'test'),
    );
    if (TEST_OVERRIDE_LOCALES.has(prefix)) routes.push(pending('test-override', 'testOverride', 'test'));
  }
  return routes;
}

/** The whole table: the shell, then every page without a prefix and under each locale of spec §9. */
export function createRoutes(options: { production: boolean } = { production: import.meta.env.PROD }): RouteObject[] {
  return [
    {
      element: <Shell />,
      children: [
        {
          element: <PageFrame />,
          errorElement: <RouteError />,
          children: [
            ...pageRoutes(undefined, options),
            ...LOCALES.map((locale) => ({ path: locale, children: pageRoutes(locale, options) })),
          ],
        },
      ],
    },
  ];
}
