import type { components } from '../../../lib/api/client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { PaymentMethodText } from '../../../components/ui/payment-method-text.tsx';

export type CardChoice = 'saved' | 'new';

/**
 * The registered customer's saved card beside a new method (storefront §6 "Registered customers get
 * saved addresses and saved payment methods"): the saved card comes chosen; "A new card or payment
 * method" shows the market's payment form instead. The card is the account's, as the proxy offers it
 * (PaymentSetup.savedPaymentMethod): an order with it names no method of its own.
 */
export function SavedCardChoice({
  card,
  choice,
  onChange,
}: {
  card: components['schemas']['PaymentMethodDisplay'];
  choice: CardChoice;
  onChange: (choice: CardChoice) => void;
}) {
  const { t } = useTranslation();
  const expiry =
    card.expMonth && card.expYear
      ? t('checkout.payment.savedCardExpires', { month: String(card.expMonth).padStart(2, '0'), year: card.expYear })
      : undefined;
  return (
    <fieldset className="choice-list">
      <legend>{t('checkout.payment.method')}</legend>
      <label className="choice">
        <input
          type="radio"
          name="card-choice"
          value="saved"
          checked={choice === 'saved'}
          onChange={() => onChange('saved')}
        />
        <span>
          {t('checkout.payment.savedCard')}: <PaymentMethodText method={card} />
          {expiry ? `, ${expiry}` : null}
        </span>
      </label>
      <label className="choice">
        <input
          type="radio"
          name="card-choice"
          value="new"
          checked={choice === 'new'}
          onChange={() => onChange('new')}
        />
        {t('checkout.payment.newMethod')}
      </label>
    </fieldset>
  );
}
