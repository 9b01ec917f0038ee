import type { components } from '../../lib/api/client.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';

/** The types whose card is shown: a card, and a wallet's card. */
const CARDS = new Set(['CREDIT_CARD', 'GOOGLE_PAY', 'APPLE_PAY']);

/**
 * A payment method in words (account §2 Order detail and My Subscriptions, the confirmation): a
 * card's brand and last four digits, iDEAL, Bancontact, Google Pay or Apple Pay (with the wallet's
 * card where it is known).
 */
export function PaymentMethodText({ method }: { method: components['schemas']['PaymentMethodDisplay'] }) {
  const { t } = useTranslation();
  const name = t(`confirmation.paymentType.${method.type}`);
  const ending = method.last4 && CARDS.has(method.type) ? t('confirmation.cardEnding', { last4: method.last4 }) : '';
  if (!ending) return <>{name}</>;
  const brand = method.brand ? <span className="payment-brand">{method.brand}</span> : null;
  if (method.type === 'CREDIT_CARD')
    return (
      <>
        {brand ?? name} {ending}
      </>
    );
  // A wallet's card: the wallet, then the card it paid with (Google Pay, Visa ending in 4242).
  return (
    <>
      {name}, {brand ? <>{brand} </> : null}
      {ending}
    </>
  );
}
