/**
 * The account area's pages (account §2), one chunk: the layout and what every page shares load once;
 * the payment method's pages, with their forms (react-hook-form, zod, the payment provider's), are
 * chunks of their own, so that the other pages do not evaluate them (issue 35).
 * The storefront's route table has one entry for the whole area (`account/*`), so its first route
 * carries none of the area's paths; the pages are routed here. /account opens My Overview (which
 * sends the customer on to My Subscriptions where the region has no overview).
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation, useRoutes } from 'react-router';
import { useLocale } from '../../../lib/locales.ts';
import { ACCOUNT_PATHS, type AccountPageKey, type AccountPath } from '../../../../../domain/pages.ts';
import { parseLocalePath } from '../../../../../domain/locales.ts';
import { lazyPage, type LazyPage } from '../../../lib/lazy.ts';
import { matchAccountPath } from '../../../features/account/account-paths.ts';
import { HelpPage } from './help-page.tsx';
import { OrderDetailPage } from './order-detail-page.tsx';
import { OrdersPage } from './orders-page.tsx';
import { OverviewPage } from './overview-page.tsx';
import { SubscriptionsPage } from './subscriptions-page.tsx';

const paymentMethod = () => import('./payment-method-page.tsx');
const savePaymentMethod = () => import('./save-payment-method-page.tsx');
const PaymentMethodPage = lazyPage(paymentMethod, 'PaymentMethodPage');
const EditBillingAddressPage = lazyPage(paymentMethod, 'EditBillingAddressPage');
const SavePaymentMethodPage = lazyPage(savePaymentMethod, 'SavePaymentMethodPage');

/** The account's pages in chunks of their own. */
const LAZY: Partial<Record<AccountPageKey, LazyPage>> = {
  paymentMethod: PaymentMethodPage,
  editBillingAddress: EditBillingAddressPage,
  addPaymentMethod: SavePaymentMethodPage,
  editPaymentMethod: SavePaymentMethodPage,
};

/**
 * Loads the chunk of the account page at `pathname` (with or without a locale prefix), if it has
 * one of its own: the app hydrates a page the server rendered once it is in (app/routes.tsx).
 */
export async function preloadAccountPageAt(pathname: string): Promise<void> {
  const match = matchAccountPath(parseLocalePath(pathname).rest.replace(/^\/account(?=\/|$)/, ''));
  const pattern = match?.route.replace(/^account\/?/, '') as AccountPath | undefined;
  const page = pattern && pattern in ACCOUNT_PATHS ? LAZY[ACCOUNT_PATHS[pattern]] : undefined;
  // A chunk that fails to load is the page's own boundary's to report when it renders.
  if (page) await page.preload().catch(() => undefined);
}

const PAGES: Record<AccountPageKey, ReactNode> = {
  overview: <OverviewPage />,
  subscriptions: <SubscriptionsPage />,
  orders: <OrdersPage />,
  order: <OrderDetailPage />,
  paymentMethod: <PaymentMethodPage />,
  editBillingAddress: <EditBillingAddressPage />,
  addPaymentMethod: <SavePaymentMethodPage mode="add" />,
  editPaymentMethod: <SavePaymentMethodPage mode="update" />,
  help: <HelpPage />,
};

function AccountIndex() {
  const { search } = useLocation();
  const { to } = useLocale();
  return <Navigate replace to={`${to('/account/my-overview')}${search}`} />;
}

/** The page at the path below /account; `notFound` (the storefront's "page not found") for any other path. */
export function AccountRoute({ notFound }: { notFound: ReactNode }) {
  // useRoutes, as the storefront's own table (app/router.tsx): no second router API in the first route.
  return useRoutes([
    { index: true, element: <AccountIndex /> },
    ...Object.entries(ACCOUNT_PATHS).map(([path, key]) => ({ path, element: PAGES[key] })),
    { path: '*', element: notFound },
  ]);
}
