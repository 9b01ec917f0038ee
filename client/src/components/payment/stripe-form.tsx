import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import type { StripePaymentElementOptions } from '@stripe/stripe-js';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import type { WalletRecurringPayment } from '../../../../domain/wallet.ts';
import type { PaymentMethodInput } from './payment-method-input.ts';

/**
 * Live mode, Stripe markets: Stripe's Payment Element collects the card (or iDEAL/Bancontact) in
 * Stripe's own frames; the payment method it creates is what the proxy confirms and verifies.
 * Loaded only in live mode (a separate chunk), since Stripe.js comes from Stripe's servers.
 * A subscription tells Apple Pay it recurs (storefront §9 wallet values): Stripe builds the
 * request's final, recurring line from the label, amount and interval given here.
 */
export function StripeForm({
  publishableKey,
  clientSecret,
  locale,
  submitLabel,
  disabled,
  wallet,
  onPay,
}: {
  publishableKey: string;
  clientSecret: string;
  locale: string;
  submitLabel: string;
  disabled: boolean;
  wallet?: WalletRecurringPayment;
  onPay: (request: PaymentMethodInput) => Promise<void>;
}) {
  const stripe = useMemo(() => loadStripe(publishableKey, { locale: locale as 'auto' }), [publishableKey, locale]);
  const options = useMemo(() => paymentElementOptions(wallet), [wallet]);
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <StripeFields submitLabel={submitLabel} disabled={disabled} options={options} onPay={onPay} />
    </Elements>
  );
}

/** The Payment Element's options: Apple Pay's recurring-payment request when the plan recurs. */
export function paymentElementOptions(wallet: WalletRecurringPayment | undefined): StripePaymentElementOptions {
  if (!wallet) return {};
  return {
    applePay: {
      recurringPaymentRequest: {
        paymentDescription: wallet.paymentDescription,
        managementURL: wallet.managementURL,
        regularBilling: {
          label: wallet.label,
          amount: wallet.amount,
          recurringPaymentIntervalUnit: wallet.intervalUnit,
          recurringPaymentIntervalCount: wallet.intervalCount,
        },
      },
    },
  };
}

function StripeFields({
  submitLabel,
  disabled,
  options,
  onPay,
}: {
  submitLabel: string;
  disabled: boolean;
  options: StripePaymentElementOptions;
  onPay: (request: PaymentMethodInput) => Promise<void>;
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
      <PaymentElement options={options} />
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
