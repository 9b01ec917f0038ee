/**
 * The account area's pages (account §2), one chunk: the layout and what every page shares load once,
 * and the route table (app/routes.tsx) names a page by key through one lazy component, so the
 * storefront's first route carries one entry for the whole area.
 */
import { HelpPage } from './help-page.tsx';
import { OrderDetailPage } from './order-detail-page.tsx';
import { OrdersPage } from './orders-page.tsx';
import { OverviewPage } from './overview-page.tsx';
import { EditBillingAddressPage, PaymentMethodPage } from './payment-method-page.tsx';
import { SavePaymentMethodPage } from './save-payment-method-page.tsx';
import { SubscriptionsPage } from './subscriptions-page.tsx';

export type AccountPageKey =
  | 'overview'
  | 'subscriptions'
  | 'orders'
  | 'order'
  | 'paymentMethod'
  | 'editBillingAddress'
  | 'addPaymentMethod'
  | 'editPaymentMethod'
  | 'help';

export function AccountRoute({ page }: { page: AccountPageKey }) {
  switch (page) {
    case 'overview':
      return <OverviewPage />;
    case 'subscriptions':
      return <SubscriptionsPage />;
    case 'orders':
      return <OrdersPage />;
    case 'order':
      return <OrderDetailPage />;
    case 'paymentMethod':
      return <PaymentMethodPage />;
    case 'editBillingAddress':
      return <EditBillingAddressPage />;
    case 'addPaymentMethod':
      return <SavePaymentMethodPage mode="add" />;
    case 'editPaymentMethod':
      return <SavePaymentMethodPage mode="update" />;
    case 'help':
      return <HelpPage />;
  }
}
