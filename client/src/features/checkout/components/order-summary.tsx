import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { planLabel } from '../../../lib/plan.ts';
import { CollapsibleItems } from '../../../components/ui/collapsible-items.tsx';
import type { Basket } from '../api/get-checkout-state.ts';

/** The sticky order summary (storefront §2): items that can be hidden, the VAT lines and the total. */
export function OrderSummary({ basket }: { basket: Basket }) {
  const { t } = useTranslation();
  const listId = useId();
  return (
    <aside className="order-summary" aria-labelledby={`${listId}-title`}>
      <h2 id={`${listId}-title`} className="order-summary__title">
        {t('checkout.summary.title')}
      </h2>
      <CollapsibleItems className="order-summary__items">
        {basket.items.map((item) => (
          <li key={item.itemId} className="summary-item">
            <span className="summary-item__name">{item.name}</span>
            <span className="summary-item__plan">{planLabel(t, item)}</span>
            {item.vin ? (
              <span className="summary-item__vin">{t('renewal.vehicle.vinValue', { vin: item.vin })}</span>
            ) : null}
            <span className="summary-item__price">{item.price.formatted}</span>
          </li>
        ))}
      </CollapsibleItems>
      <dl className="order-summary__totals">
        {basket.pricesIncludeVat && basket.subtotalExclVat && basket.vat ? (
          <>
            <dt>{t('checkout.summary.subtotalExclVat')}</dt>
            <dd>{basket.subtotalExclVat.formatted}</dd>
            <dt>{t('checkout.summary.vat')}</dt>
            <dd>{basket.vat.formatted}</dd>
          </>
        ) : null}
        <dt className="order-summary__total">{t('checkout.summary.total')}</dt>
        <dd className="order-summary__total">{basket.orderTotal.formatted}</dd>
      </dl>
    </aside>
  );
}
