import { Navigate, Outlet, useLocation, useParams, type RouteObject } from 'react-router';
import { PAGES, type Page, type PageId } from '../../../domain/pages.ts';
import { type RouteHandle } from '../components/layout/page-type.ts';
import { PageFrame, Shell } from '../components/layout/shell.tsx';
import { isProduction } from '../lib/environment.ts';
import { lazyPage } from '../lib/lazy.ts';
import { isLocale, isSplashPath, localePath, useLocale, type LocaleId } from '../lib/locales.ts';

// Every page is its own chunk (React.lazy with the 120 s chunk timeout).
const GenericErrorPage = lazyPage(() => import('./routes/errors/generic-error-page.tsx'), 'GenericErrorPage');
const VinErrorPage = lazyPage(() => import('./routes/errors/vin-error-page.tsx'), 'VinErrorPage');
const InvalidMarketVinPage = lazyPage(() => import('./routes/errors/vin-redirect-pages.tsx'), 'InvalidMarketVinPage');
const InvalidBrandVinPage = lazyPage(() => import('./routes/errors/vin-redirect-pages.tsx'), 'InvalidBrandVinPage');
// The renewal page, the first page owners open, renders with the core of the catalogue (client/catalogue-parts.ts).
const RenewalPage = lazyPage(() => import('./routes/renewal/renewal-page.tsx'), 'RenewalPage', {
  catalogue: 'core',
});
const checkout = () => import('./routes/checkout/checkout-page.tsx');
const CheckoutPage = lazyPage(checkout, 'CheckoutPage');
const HomePage = lazyPage(() => import('./routes/home/home-page.tsx'), 'HomePage');
const SubscriptionsRedirectPage = lazyPage(
  () => import('./routes/session/subscriptions-redirect-page.tsx'),
  'SubscriptionsRedirectPage',
);
const PaymentConfirmationPage = lazyPage(
  () => import('./routes/checkout/payment-confirmation-page.tsx'),
  'PaymentConfirmationPage',
);
const ConfirmationPage = lazyPage(() => import('./routes/confirmation/confirmation-page.tsx'), 'ConfirmationPage');
// The account area: one chunk that routes its own pages (account/*), with the chunk of the page
// the browser is on, if it has one, so that a page the server rendered hydrates in one pass.
const Account = lazyPage(
  () =>
    import('./routes/account/account-pages.tsx').then(async (module) => {
      if (typeof window !== 'undefined') await module.preloadAccountPageAt(window.location.pathname);
      return module;
    }),
  'AccountRoute',
);
const CallbackPage = lazyPage(() => import('./routes/session/callback-page.tsx'), 'CallbackPage');
const SplashPage = lazyPage(() => import('./routes/splash/splash-page.tsx'), 'SplashPage');
const TermsPage = lazyPage(() => import('./routes/content/terms-page.tsx'), 'TermsPage');
const FaqsPage = lazyPage(() => import('./routes/content/faqs-page.tsx'), 'FaqsPage');
const ProductListPage = lazyPage(() => import('./routes/products/product-list-page.tsx'), 'ProductListPage');
const dev = () => import('./routes/dev-pages.tsx');
const TestPage = lazyPage(dev, 'TestPage');
const UiKitPage = lazyPage(dev, 'UiKitPage');
const LoqatePage = lazyPage(dev, 'LoqatePage');
const TestErrorsPage = lazyPage(dev, 'TestErrorsPage');
const TestMultisitePage = lazyPage(dev, 'TestMultisitePage');
const CookiePreferencesPage = lazyPage(dev, 'CookiePreferencesPage');
const TestOverridePage = lazyPage(dev, 'TestOverridePage');
const simple = () => import('./routes/errors/simple-error-pages.tsx');
const InternalServerErrorPage = lazyPage(simple, 'InternalServerErrorPage');
const MaintenancePage = lazyPage(simple, 'MaintenancePage');
const RestrictedAccessPage = lazyPage(simple, 'RestrictedAccessPage');
const PageNotFoundPage = lazyPage(simple, 'PageNotFoundPage');

/** Locales whose route table holds /test-override (spec §2). */
const TEST_OVERRIDE_LOCALES: ReadonlySet<LocaleId | undefined> = new Set(['fr-BE', 'es-ES']);

/** `/` redirects to the main page /home, keeping the locale prefix and the query (site, locale, VIN links). */
function RedirectToMain() {
  const { search, hash } = useLocation();
  const { prefix } = useLocale();
  return <Navigate replace to={`${localePath(prefix, '/home')}${search}${hash}`} />;
}

/** A page only some locales have (spec §2: /test-override for fr-BE and es-ES). */
function OnlyUnder({ locales, children }: { locales: ReadonlySet<LocaleId | undefined>; children: React.ReactNode }) {
  const { prefix } = useLocale();
  return locales.has(prefix) ? children : <PageNotFoundPage />;
}

/**
 * The first segment of a prefixed path: a locale of spec §9 opens the page table under it; any
 * other single segment is the language splash page's /{country}/ (which is page not found where the
 * site has no such prefix); anything deeper under an unknown prefix is page not found.
 */
function LocalePrefix() {
  const { locale } = useParams();
  const { pathname } = useLocation();
  if (isLocale(locale)) return <Outlet />;
  if (isSplashPath(pathname)) return <SplashPage country={locale ?? ''} notFound={<PageNotFoundPage />} />;
  return <PageNotFoundPage />;
}

/** A page's route: its path and page type from the page table (domain/pages.ts). */
const route = (entry: Page, element: React.ReactNode): RouteObject => ({
  path: entry.path,
  element,
  handle: { pageType: entry.type } satisfies RouteHandle,
});

/** The route table of spec §2 (domain/pages.ts), once without a prefix and once under the `:locale` segment. */
export function pageRoutes(options: { production: boolean }): RouteObject[] {
  const elements: Record<PageId, React.ReactNode> = {
    main: <RedirectToMain />,
    home: <HomePage production={options.production} />,
    adas: <RenewalPage />,
    serviceList: <ProductListPage />,
    services: <ProductListPage />,
    renewal: <RenewalPage />,
    checkout: <CheckoutPage />,
    confirmation: <ConfirmationPage />,
    paymentConfirmation: <PaymentConfirmationPage />,
    account: <Account notFound={<PageNotFoundPage />} />,
    faqs: <FaqsPage />,
    terms: <TermsPage />,
    subscriptionsRedirect: <SubscriptionsRedirectPage />,
    callback: <CallbackPage />,
    callbackForgerock: <CallbackPage />,
    callbackForgerockVcsj: <CallbackPage />,
    restrictedAccess: <RestrictedAccessPage />,
    maintenance: <MaintenancePage />,
    vinError: <VinErrorPage />,
    invalidMarketVin: <InvalidMarketVinPage />,
    invalidBrandVin: <InvalidBrandVinPage />,
    genericError: <GenericErrorPage />,
    internalServerError: <InternalServerErrorPage />,
    pageNotFound: <PageNotFoundPage />,
    test: <TestPage />,
    uikit: <UiKitPage />,
    loqate: <LoqatePage />,
    testErrors: <TestErrorsPage />,
    testMultisite: <TestMultisitePage />,
    cookiePreferences: <CookiePreferencesPage />,
    testOverride: (
      <OnlyUnder locales={TEST_OVERRIDE_LOCALES}>
        <TestOverridePage />
      </OnlyUnder>
    ),
    notFound: <PageNotFoundPage />,
  };
  return (Object.keys(PAGES) as PageId[]).flatMap((id): RouteObject[] => {
    const entry: Page = PAGES[id];
    if (entry.dev && options.production) return [];
    // `/` is the main page: the server answers it as a redirect; a navigation in the app follows it here.
    if (entry.path === '') return [{ index: true, element: elements[id] }];
    return [route(entry, elements[id])];
  });
}

/**
 * The whole table: the shell, then every page without a prefix and under the `:locale` segment.
 * One table under a checked segment rather than a copy per locale: the router builds and ranks
 * every branch when it starts and on every navigation, and 16 copies made that a long task.
 */
export function createRoutes(options: { production: boolean } = { production: isProduction() }): RouteObject[] {
  return [
    {
      element: <Shell />,
      children: [
        {
          element: <PageFrame />,
          children: [
            ...pageRoutes(options),
            {
              path: ':locale',
              element: <LocalePrefix />,
              handle: { localePrefix: true },
              children: pageRoutes(options),
            },
          ],
        },
      ],
    },
  ];
}

const tables = new Map<boolean, RouteObject[]>();

/**
 * The table built once per configuration and shared: the browser's boot and router match it once
 * per path (lib/route-matches.ts), and every server render uses the same one (issue 35).
 */
export function routeTable(production: boolean = isProduction()): RouteObject[] {
  let table = tables.get(production);
  if (!table) tables.set(production, (table = createRoutes({ production })));
  return table;
}
