/** The account area's pages (account §2), one chunk: the layout and what every page shares load once. */
export { HelpPage } from './help-page.tsx';
export { OverviewPage } from './overview-page.tsx';
export { SubscriptionsPage } from './subscriptions-page.tsx';
export { OrderDetailPage } from './order-detail-page.tsx';
export { OrdersPage } from './orders-page.tsx';
export { EditBillingAddressPage, PaymentMethodPage } from './payment-method-page.tsx';
export { SavePaymentMethodPage } from './save-payment-method-page.tsx';
