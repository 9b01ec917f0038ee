import type { components } from '../../lib/api/client.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';

/**
 * A payment method in words (account §2 Order detail and My Subscriptions): a card's brand and last
 * four digits, iDEAL, Bancontact, Google Pay or Apple Pay.
 */
export function PaymentMethodText({ method }: { method: components['schemas']['PaymentMethodDisplay'] }) {
  const { t } = useTranslation();
  const name = t(`confirmation.paymentType.${method.type}`);
  if (method.type === 'CREDIT_CARD' && method.last4) {
    return (
      <>
        {method.brand ? <span className="payment-brand">{method.brand}</span> : name}{' '}
        {t('confirmation.cardEnding', { last4: method.last4 })}
      </>
    );
  }
  return <>{name}</>;
}
