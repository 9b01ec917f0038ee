import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaceOrderRequest } from '../api/checkout.ts';

/**
 * Live mode, Stripe markets: Stripe's Payment Element collects the card (or iDEAL/Bancontact) in
 * Stripe's own frames; the payment method it creates is what the proxy confirms and verifies.
 * Loaded only in live mode (a separate chunk), since Stripe.js comes from Stripe's servers.
 */
export function StripeForm({
  publishableKey,
  clientSecret,
  locale,
  submitLabel,
  disabled,
  onPay,
}: {
  publishableKey: string;
  clientSecret: string;
  locale: string;
  submitLabel: string;
  disabled: boolean;
  onPay: (request: PlaceOrderRequest) => Promise<void>;
}) {
  const stripe = useMemo(() => loadStripe(publishableKey, { locale: locale as 'auto' }), [publishableKey, locale]);
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <StripeFields submitLabel={submitLabel} disabled={disabled} onPay={onPay} />
    </Elements>
  );
}

function StripeFields({
  submitLabel,
  disabled,
  onPay,
}: {
  submitLabel: string;
  disabled: boolean;
  onPay: (request: PlaceOrderRequest) => Promise<void>;
}) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setError(undefined);
    const checked = await elements.submit();
    if (checked.error) {
      setError(checked.error.message);
      return;
    }
    const { paymentMethod, error: createError } = await stripe.createPaymentMethod({ elements });
    if (createError || !paymentMethod) {
      setError(createError?.message ?? t('checkout.unexpectedError'));
      return;
    }
    const type =
      paymentMethod.type === 'ideal' ? 'IDEAL' : paymentMethod.type === 'bancontact' ? 'BANCONTACT' : 'CREDIT_CARD';
    await onPay({ provider: 'stripe', paymentMethodType: type, stripePaymentMethodId: paymentMethod.id });
  };
  return (
    <form className="form" onSubmit={(e) => void submit(e)}>
      <PaymentElement />
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={disabled || !stripe}>
        {submitLabel}
      </button>
    </form>
  );
}
