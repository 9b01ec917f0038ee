import { useTranslation } from '../../../lib/i18n-react.tsx';
import { planLabel } from '../../../lib/plan.ts';
import { CollapsibleItems } from '../../../components/ui/collapsible-items.tsx';
import type { components } from '../../../../../generated/proxy/types.ts';

type OrderConfirmation = components['schemas']['OrderConfirmation'];

/**
 * The confirmation's basket items (storefront §2 Confirmation): like the order summary, the list
 * can be collapsed with "hide items" and brought back with "show items".
 */
export function ConfirmationItems({ items }: { items: OrderConfirmation['items'] }) {
  const { t } = useTranslation();
  return (
    <CollapsibleItems className="confirmation__items">
      {items.map((item) => (
        <li key={item.itemId}>
          <span className="confirmation__item-name">{item.name}</span>
          <span>{planLabel(t, item)}</span>
          <span className="confirmation__price">{item.price.formatted}</span>
        </li>
      ))}
    </CollapsibleItems>
  );
}
