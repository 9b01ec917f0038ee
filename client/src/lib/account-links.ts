/**
 * The account menu's entries (account §2: "Menu entries are filtered by region and by the preferences
 * hideAccountPage, hidePaymentMethodPage and showMyOverview"), shared by the header's profile menu and
 * the account pages' navigation. hideAccountPage hides every account page of the menu (decision 009).
 */
export const ACCOUNT_LINKS = [
  ['overview', '/account/my-overview'],
  ['subscriptions', '/account/my-subscriptions'],
  ['orders', '/account/my-orders'],
  ['paymentMethod', '/account/my-payment-method'],
  ['help', '/account/need-help'],
] as const;

export type AccountLinkKey = (typeof ACCOUNT_LINKS)[number][0];

export interface MenuPreferences {
  hideAccountPage?: boolean;
  showMyOverview?: boolean;
  hidePaymentMethodPage?: boolean;
}

export function accountLinks(preferences: MenuPreferences | undefined) {
  if (preferences?.hideAccountPage === true) return [];
  return ACCOUNT_LINKS.filter(
    ([key]) =>
      (key !== 'overview' || preferences?.showMyOverview !== false) &&
      (key !== 'paymentMethod' || preferences?.hidePaymentMethodPage !== true),
  );
}
