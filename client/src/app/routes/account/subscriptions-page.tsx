import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { formatLongDate } from '../../../../../domain/time.ts';
import { Link } from '../../../components/ui/link.tsx';
import type { components } from '../../../lib/api/client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { languageOf, useLocale } from '../../../lib/locales.ts';
import { useSubscriptions } from '../../../features/account/api/list-subscriptions.ts';
import { planPeriod } from '../../../features/account/plan-period.ts';
import { refundFlags, settleRefundFlags } from '../../../features/account/refund-flags.ts';
import { ServiceImage, renewPathOf } from '../../../features/account/components/service-image.tsx';
import { AccountPage } from '../../../features/account/components/account-layout.tsx';
import { PaymentMethodText } from '../../../components/ui/payment-method-text.tsx';
import { loadChunk } from '../../../lib/lazy.ts';

type Subscription = components['schemas']['Subscription'];

// The Manage dialog and its forms (react-hook-form and zod) load when the customer points at,
// focuses or presses Manage, not with the page (issue 35: evaluating them with the account's
// pages was the page's longest task).
const loadManageDialog = () => loadChunk(() => import('../../../features/account/components/manage-dialog.tsx'));
const ManageDialog = lazy(() => loadManageDialog().then((module) => ({ default: module.ManageDialog })));
const preloadManageDialog = () => {
  loadManageDialog().catch(() => undefined);
};

/**
 * /account/my-subscriptions and /account/my-services (account §2 My Subscriptions / My Services):
 * a card per subscription (Installed or In progress), the expiry alert where the region does not
 * show auto-renewal, Manage, and the empty state. Nothing renders for a customer who is not enabled.
 */
export function SubscriptionsPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const read = useSubscriptions(locale);
  const { data } = read;
  const [managed, setManaged] = useState<string | undefined>();
  // Read after hydration: the server's markup knows no flags of this tab.
  const [hidden, setHidden] = useState<readonly string[]>([]);
  const listed = data?.subscriptions.map((s) => s.id).join(' ');
  useEffect(() => {
    if (listed === undefined) return;
    settleRefundFlags(listed.split(' '));
    setHidden(refundFlags());
  }, [listed, managed]);

  return (
    <AccountPage title={t('account.subscriptions.title')} read={read}>
      {(data) => {
        // account §2: an item refunded by request stays hidden until the list no longer has it.
        const shown = data.subscriptions.filter((s) => !hidden.includes(s.id));
        const current = shown.find((s) => s.id === managed);
        return (
          <>
            {!data.isCustomerEnabled ? null : shown.length === 0 ? (
              <div className="account__empty">
                <h2>{t('account.subscriptions.emptyTitle')}</h2>
                <p>{t('account.subscriptions.emptyText')}</p>
              </div>
            ) : (
              <ul className="subscription-list">
                {shown.map((subscription) => (
                  <li key={subscription.id}>
                    <SubscriptionCard subscription={subscription} onManage={() => setManaged(subscription.id)} />
                  </li>
                ))}
              </ul>
            )}
            {current ? (
              <Suspense fallback={null}>
                <ManageDialog
                  subscription={current}
                  customer={data.customer}
                  showAutoRenewal={data.showAutoRenewal}
                  contactUsUrl={data.contactUsUrl}
                  onClose={() => setManaged(undefined)}
                />
              </Suspense>
            ) : null}
          </>
        );
      }}
    </AccountPage>
  );
}

function SubscriptionCard({ subscription, onManage }: { subscription: Subscription; onManage: () => void }) {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const titleId = useId();
  const date = (iso: string) => formatLongDate(iso, locale);
  const renewPath = to(renewPathOf(subscription));
  return (
    <article className="subscription" aria-labelledby={titleId}>
      <ServiceImage src={subscription.imageUrl} />
      <div className="subscription__body">
        <h2 id={titleId} className="subscription__name">
          {subscription.name}
        </h2>
        <dl className="subscription__facts">
          <dt>{t('account.subscriptions.status')}</dt>
          <dd>
            <span className={`status status--${subscription.statusKey}`}>
              {t(`account.status.${subscription.statusKey}`)}
            </span>
          </dd>
          <dt>{t('account.subscriptions.plan')}</dt>
          <dd>
            {planPeriod(t, languageOf(locale), subscription.plan)}
            {subscription.price ? ` · ${subscription.price.formatted}` : ''}
          </dd>
          {subscription.vin ? (
            <>
              <dt>{t('account.subscriptions.vehicle')}</dt>
              <dd>
                {subscription.vehicleModel ? `${subscription.vehicleModel} · ` : ''}
                {subscription.vin}
              </dd>
            </>
          ) : null}
          {subscription.autoRenewal.active && subscription.paymentMethod ? (
            <>
              <dt>{t('account.subscriptions.paymentMethod')}</dt>
              <dd>
                <PaymentMethodText method={subscription.paymentMethod} />
              </dd>
            </>
          ) : null}
        </dl>
        <p className="subscription__date">
          {subscription.expired
            ? t('account.subscriptions.expired')
            : subscription.autoRenewal.active && subscription.autoRenewal.date
              ? t('account.subscriptions.autoRenewsOn', { date: date(subscription.autoRenewal.date) })
              : t('account.subscriptions.expiresOn', { date: date(subscription.expiryDate) })}
        </p>
        {subscription.expirationAlert ? (
          <div className="subscription__alert" role="note">
            <p className="subscription__alert-title">{t('account.subscriptions.alertTitle')}</p>
            <p>{t('account.subscriptions.alertText', { date: date(subscription.expiryDate) })}</p>
            <Link className="button button--primary" to={renewPath}>
              {t('account.renewNow')}
            </Link>
          </div>
        ) : null}
      </div>
      <div className="subscription__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={onManage}
          onPointerEnter={preloadManageDialog}
          onFocus={preloadManageDialog}
        >
          {t('account.subscriptions.manage')} <span className="visually-hidden">{subscription.name}</span>
        </button>
      </div>
    </article>
  );
}
