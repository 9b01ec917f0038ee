import { useState } from 'react';
import { ORDERS_PAGE_SIZE, ordersPaging, orderThumbnails } from '../../../../../domain/my-orders.ts';
import { formatLongDate } from '../../../../../domain/time.ts';
import { Link } from '../../../components/ui/link.tsx';
import type { components } from '../../../lib/api/client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useLocale } from '../../../lib/locales.ts';
import { useOrders } from '../../../features/account/api/list-orders.ts';
import { AccountPage, AccountState } from '../../../features/account/components/account-layout.tsx';

type OrderCard = components['schemas']['OrderCard'];

/** An order's page of the account, by its id and number (account §2: /account/my-orders/{id}/{orderNo}). */
export const orderPath = (order: { id: string; orderNo: string }) =>
  `/account/my-orders/${encodeURIComponent(order.id)}/${encodeURIComponent(order.orderNo)}`;

/**
 * /account/my-orders (account §2 My Orders, §9): the connected-navigation orders as cards, 5 at first
 * and 5 more per Load more with 'Showing X of Y orders' (no button with 5 or fewer), the empty state.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [pages, setPages] = useState(1);
  const read = useOrders(locale, 0);
  // account §2 / §9: five, and five more per Load more (domain/my-orders.ts).
  const paging = (total: number) => ordersPaging(total, pages - 1);
  return (
    <AccountPage title={t('account.orders.title')} read={read}>
      {(data) =>
        data.total === 0 ? (
          <div className="account__empty">
            <h2>{t('account.orders.emptyTitle')}</h2>
            <p>{t('account.orders.emptyText')}</p>
          </div>
        ) : (
          <>
            <ul className="order-list">
              <OrderCards orders={data.orders} />
              {Array.from({ length: pages - 1 }, (_, index) => (
                <OrdersChunk key={index} offset={(index + 1) * ORDERS_PAGE_SIZE} />
              ))}
            </ul>
            {paging(data.total).showsSummary ? (
              <div className="order-list__more">
                <p role="status">
                  {t('account.orders.showing', { shown: paging(data.total).shown, total: data.total })}
                </p>
                {paging(data.total).hasLoadMore ? (
                  <button type="button" className="button button--secondary" onClick={() => setPages(pages + 1)}>
                    {t('account.orders.loadMore')}
                  </button>
                ) : null}
              </div>
            ) : null}
          </>
        )
      }
    </AccountPage>
  );
}

/** The next 5 orders, asked for when Load more is pressed. */
function OrdersChunk({ offset }: { offset: number }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { data, error, mutate } = useOrders(locale, offset);
  if (!data) {
    return (
      <li>
        <AccountState error={error} retry={() => void mutate()} />
      </li>
    );
  }
  return data.orders.length ? <OrderCards orders={data.orders} /> : <li>{t('account.orders.emptyText')}</li>;
}

function OrderCards({ orders }: { orders: OrderCard[] }) {
  return orders.map((order) => (
    <li key={order.id}>
      <OrderCardView order={order} />
    </li>
  ));
}

function OrderCardView({ order }: { order: OrderCard }) {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  // Four thumbnails and '+N' on a phone, five on a tablet (account §2, §9): one list, CSS picks.
  const phone = orderThumbnails(order.thumbnails);
  const tablet = orderThumbnails(order.thumbnails, true);
  return (
    <article className="order-card" aria-label={t('account.orders.orderNumber', { orderNo: order.orderNo })}>
      <div className="order-card__head">
        <h2 className="order-card__number">{t('account.orders.orderNumber', { orderNo: order.orderNo })}</h2>
        {order.cancelled ? (
          <span className="status status--orderCancelled">{t('account.orders.cancelledTag')}</span>
        ) : null}
      </div>
      <dl className="subscription__facts">
        <dt>{t('account.orders.items')}</dt>
        <dd>{t('account.orders.itemCount', { count: order.itemCount })}</dd>
        {order.vehicleModel ? (
          <>
            <dt>{t('account.subscriptions.vehicle')}</dt>
            <dd>{order.vehicleModel}</dd>
          </>
        ) : null}
        {order.vin ? (
          <>
            <dt>{t('account.overview.vin')}</dt>
            <dd>{order.vin}</dd>
          </>
        ) : null}
        <dt>{t('account.orders.date')}</dt>
        <dd>{formatLongDate(order.createdDate, locale)}</dd>
        <dt>{t('account.orders.total')}</dt>
        <dd>{order.total.formatted}</dd>
      </dl>
      {order.thumbnails.length ? (
        <ul className="order-card__thumbnails" aria-hidden="true">
          {tablet.visible.map((src, index) => (
            <li key={index} className={index >= phone.visible.length ? 'order-card__thumbnail--tablet' : undefined}>
              <img src={src} alt="" width="56" height="56" loading="lazy" />
            </li>
          ))}
          {phone.remainder ? <li className="order-card__more order-card__more--phone">{phone.remainder}</li> : null}
          {tablet.remainder ? <li className="order-card__more order-card__more--tablet">{tablet.remainder}</li> : null}
        </ul>
      ) : null}
      <Link className="button button--secondary order-card__view" to={to(orderPath(order))}>
        {t('account.orders.viewOrder')} <span className="visually-hidden">{order.orderNo}</span>
      </Link>
    </article>
  );
}
