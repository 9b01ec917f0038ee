import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isCardExpiryInPast, isLuhnValid } from '../../../../../domain/payment-errors.ts';
import { ApiError } from '../../../lib/api/client.ts';
import type { PlaceOrderRequest } from '../api/place-order.ts';
import { useTokenizeSandboxCard } from '../api/tokenize-sandbox-card.ts';

type Field = 'number' | 'expiry' | 'cvc';
type Errors = Partial<Record<Field, string>>;

/** "4242424242424242" → "4242 4242 4242 4242" as typed. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1230" → "12 / 30" as typed. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** The card form's checks, with the messages of storefront §5 Card form (keys of checkout.card). */
export function cardErrors(number: string, expiry: string, cvc: string, now = Date.now()): Errors {
  const errors: Errors = {};
  const digits = number.replace(/\D/g, '');
  if (digits.length < 13) errors.number = 'numberIncomplete';
  else if (!isLuhnValid(digits)) errors.number = 'numberInvalid';
  const [mm, yy] = expiry.replace(/\s/g, '').split('/');
  if (!mm || !yy || mm.length !== 2 || yy.length !== 2 || Number(mm) < 1 || Number(mm) > 12) {
    errors.expiry = 'expiryIncomplete';
  } else if (isCardExpiryInPast(Number(mm), Number(yy), now)) errors.expiry = 'expiryYearInPast';
  if (cvc.replace(/\D/g, '').length < 3) errors.cvc = 'securityCodeIncomplete';
  return errors;
}

/**
 * Sandbox mode's card form (DESIGN.md): it stands where Stripe Elements or Adyen's card component
 * stand in live mode, and turns the card into the same kind of token through the proxy, so the
 * server's payment code is the same in every mode.
 */
export function SandboxCardForm({
  provider,
  disabled,
  submitLabel,
  onPay,
}: {
  provider: 'stripe' | 'adyen';
  disabled: boolean;
  submitLabel: string;
  onPay: (request: PlaceOrderRequest) => Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const tokenizeSandboxCard = useTokenizeSandboxCard();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [holder, setHolder] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || disabled) return;
    const found = cardErrors(number, expiry, cvc);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    const [mm, yy] = expiry.replace(/\s/g, '').split('/');
    setBusy(true);
    let request: PlaceOrderRequest;
    try {
      const token = await tokenizeSandboxCard({
        provider,
        number: number.replace(/\D/g, ''),
        expMonth: Number(mm),
        expYear: Number(yy),
        cvc,
        ...(holder.trim() ? { holderName: holder.trim() } : {}),
      });
      request =
        provider === 'stripe'
          ? { provider, paymentMethodType: 'CREDIT_CARD', sandboxCardToken: token.token ?? '' }
          : {
              provider,
              paymentMethodType: 'CREDIT_CARD',
              adyenPaymentMethod: {
                type: 'scheme',
                encryptedCardNumber: token.encryptedCardNumber ?? '',
                encryptedExpiryMonth: token.encryptedExpiryMonth ?? '',
                encryptedExpiryYear: token.encryptedExpiryYear ?? '',
                encryptedSecurityCode: token.encryptedSecurityCode ?? '',
                ...(holder.trim() ? { holderName: holder.trim() } : {}),
              },
            };
    } catch (error) {
      const first = error instanceof ApiError ? error.problem?.errors?.[0] : undefined;
      const field: Field = first?.field === '/cvc' ? 'cvc' : first?.field === '/expYear' ? 'expiry' : 'number';
      const key =
        first?.code === 'incomplete_number'
          ? 'numberIncomplete'
          : first?.code === 'invalid_expiry_year_past'
            ? 'expiryYearInPast'
            : first?.code === 'incomplete_cvc'
              ? 'securityCodeIncomplete'
              : 'numberInvalid';
      setErrors({ [field]: key });
      setBusy(false);
      return;
    }
    try {
      await onPay(request);
    } catch {
      // The payment step shows payment problems in its modal.
    } finally {
      setBusy(false);
    }
  };

  const describe = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);
  const error = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field__error">
        {t(`checkout.card.${errors[field]}`)}
      </p>
    ) : null;

  return (
    <form className="form card-form" noValidate onSubmit={(e) => void submit(e)}>
      <p className="notice">{t('checkout.card.sandboxNotice')}</p>
      <div className="field">
        <label htmlFor={`${id}-number`}>{t('checkout.card.number')}</label>
        <input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          value={number}
          onChange={(e) => setNumber(groupDigits(e.target.value))}
          aria-invalid={errors.number ? true : undefined}
          aria-describedby={describe('number')}
        />
        {error('number')}
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${id}-expiry`}>{t('checkout.card.expiry')}</label>
          <input
            id={`${id}-expiry`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('checkout.card.expiryPlaceholder')}
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            aria-invalid={errors.expiry ? true : undefined}
            aria-describedby={describe('expiry')}
          />
          {error('expiry')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-cvc`}>{t('checkout.card.cvc')}</label>
          <input
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, ''))}
            aria-invalid={errors.cvc ? true : undefined}
            aria-describedby={describe('cvc')}
          />
          {error('cvc')}
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-holder`}>{t('checkout.card.holder')}</label>
        <input
          id={`${id}-holder`}
          autoComplete="cc-name"
          maxLength={100}
          value={holder}
          onChange={(e) => setHolder(e.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={busy || disabled}>
        {submitLabel}
      </button>
    </form>
  );
}
