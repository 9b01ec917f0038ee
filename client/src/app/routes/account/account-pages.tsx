/**
 * The account area's pages (account §2), one chunk: the layout and what every page shares load once.
 * The storefront's route table has one entry for the whole area (`account/*`), so its first route
 * carries none of the area's paths; the pages are routed here. /account opens My Overview (which
 * sends the customer on to My Subscriptions where the region has no overview).
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation, useRoutes } from 'react-router';
import { useLocale } from '../../../lib/locales.ts';
import { ACCOUNT_PATHS, type AccountPageKey } from '../../../../../domain/pages.ts';
import { HelpPage } from './help-page.tsx';
import { OrderDetailPage } from './order-detail-page.tsx';
import { OrdersPage } from './orders-page.tsx';
import { OverviewPage } from './overview-page.tsx';
import { EditBillingAddressPage, PaymentMethodPage } from './payment-method-page.tsx';
import { SavePaymentMethodPage } from './save-payment-method-page.tsx';
import { SubscriptionsPage } from './subscriptions-page.tsx';

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
