/**
 * The account menu's entries (account §2: filtered by the region's preferences showMyOverview and
 * hidePaymentMethodPage), shared by the header's profile menu and the account pages' navigation.
 */
export const ACCOUNT_LINKS = [
  ['overview', '/account/my-overview'],
  ['subscriptions', '/account/my-subscriptions'],
  ['orders', '/account/my-orders'],
  ['paymentMethod', '/account/my-payment-method'],
  ['help', '/account/need-help'],
] as const;

export type AccountLinkKey = (typeof ACCOUNT_LINKS)[number][0];

export function accountLinks(preferences: { showMyOverview?: boolean; hidePaymentMethodPage?: boolean } | undefined) {
  return ACCOUNT_LINKS.filter(
    ([key]) =>
      (key !== 'overview' || preferences?.showMyOverview !== false) &&
      (key !== 'paymentMethod' || preferences?.hidePaymentMethodPage !== true),
  );
}
