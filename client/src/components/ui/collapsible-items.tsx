import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';

/**
 * A basket item list that can be collapsed with "hide items" and brought back with "show items"
 * (storefront §2: in the order summary and the confirmation). The button names the list it controls.
 */
export function CollapsibleItems({ className, children }: { className: string; children: ReactNode }) {
  const { t } = useTranslation();
  const listId = useId();
  const [shown, setShown] = useState(true);
  return (
    <>
      <button
        type="button"
        className="link-button"
        aria-expanded={shown}
        aria-controls={listId}
        onClick={() => setShown(!shown)}
      >
        {shown ? t('checkout.summary.hideItems') : t('checkout.summary.showItems')}
      </button>
      <ul id={listId} className={className} hidden={!shown}>
        {children}
      </ul>
    </>
  );
}
