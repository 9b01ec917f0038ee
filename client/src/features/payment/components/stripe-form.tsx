import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import type { StripeElementsOptionsMode, StripePaymentElementOptions } from '@stripe/stripe-js';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { providerMethodType, walletOf } from '../../../../../domain/payment-method.ts';
import type { WalletRecurringPayment } from '../../../../../domain/wallet.ts';
import type { components } from '../../../lib/api/client.ts';
import type { PaymentMethodInput } from './payment-method-input.ts';

type StripePaymentSetup = components['schemas']['StripePaymentSetup'];

/**
 * Live mode, Stripe markets: Stripe's Payment Element collects the card (or iDEAL/Bancontact) in
 * Stripe's own frames, finalised on the server as Stripe documents it
 * (https://docs.stripe.com/payments/finalize-payments-on-the-server-legacy?platform=web&type=setup):
 * the Elements group is created without an Intent, with the payment setup's options (setup mode,
 * the currency, `paymentMethodCreation: 'manual'`, the SetupIntent's payment method types; see
 * `elementsGroupOptions`); on submit, `elements.submit()` validates the form, then
 * `stripe.createPaymentMethod({elements})` creates the PaymentMethod, whose id the proxy confirms
 * with the checkout's SetupIntent. Loaded only in live mode (a separate chunk), since Stripe.js comes
 * from Stripe's servers. A subscription tells Apple Pay it recurs (storefront §9 wallet values):
 * Stripe builds the request's final, recurring line from the label, amount and interval given here.
 */
export function StripeForm({
  setup,
  locale,
  submitLabel,
  disabled,
  wallet,
  onPay,
}: {
  setup: StripePaymentSetup;
  locale: string;
  submitLabel: string;
  disabled: boolean;
  wallet?: WalletRecurringPayment;
  onPay: (request: PaymentMethodInput) => Promise<void>;
}) {
  const { publishableKey, elementsOptions } = setup;
  const stripe = useMemo(() => loadStripe(publishableKey, { locale: locale as 'auto' }), [publishableKey, locale]);
  // Elements takes its options once, when the group is created: kept stable across renders.
  const groupOptions = useMemo(() => elementsGroupOptions(elementsOptions), [elementsOptions]);
  const options = useMemo(() => paymentElementOptions(wallet, setup.wallets ?? []), [wallet, setup.wallets]);
  return (
    <Elements stripe={stripe} options={groupOptions}>
      <StripeFields submitLabel={submitLabel} disabled={disabled} options={options} onPay={onPay} />
    </Elements>
  );
}

/**
 * The Elements group's options without an Intent
 * (https://docs.stripe.com/js/elements_object/create_without_intent): `mode: 'setup'` and the
 * currency as the server's SetupIntent will have them, `paymentMethodCreation: 'manual'` (without it
 * Stripe.js refuses `createPaymentMethod({elements})`,
 * https://docs.stripe.com/js/payment_methods/create_payment_method_elements), and the SetupIntent's
 * `payment_method_types` as the only types offered.
 */
export function elementsGroupOptions(options: StripePaymentSetup['elementsOptions']): StripeElementsOptionsMode {
  return {
    mode: options.mode,
    currency: options.currency,
    paymentMethodCreation: options.paymentMethodCreation,
    allowedPaymentMethodTypes: [...options.allowedPaymentMethodTypes],
  };
}

/**
 * The Payment Element's options (https://docs.stripe.com/js/elements_object/create_payment_element):
 * Google Pay and Apple Pay shown ('auto': where the browser has them) only where the market offers
 * them (the payment setup's `wallets`), and Apple Pay's recurring-payment request when the plan
 * recurs. Google Pay has no recurring request in Stripe's options: its sheet shows the final total.
 */
export function paymentElementOptions(
  wallet: WalletRecurringPayment | undefined,
  offered: readonly string[] = [],
): StripePaymentElementOptions {
  const wallets = {
    googlePay: offered.includes('GOOGLE_PAY') ? ('auto' as const) : ('never' as const),
    applePay: offered.includes('APPLE_PAY') ? ('auto' as const) : ('never' as const),
  };
  if (!wallet || wallets.applePay === 'never') return { wallets };
  return {
    wallets,
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

/**
 * The order system's type of a Stripe PaymentMethod. A wallet's card names its wallet in
 * `card.wallet.type` (Stripe's PaymentMethod object), so a Google Pay or Apple Pay failure takes
 * its own error kind (storefront §8: gPay-error, aPay-error).
 */
export function orderMethodType(method: {
  type: string;
  card?: { wallet?: { type?: string } | null } | null | undefined;
}): PaymentMethodInput['paymentMethodType'] {
  // The server reads the type the same way (domain/payment-method.ts) and refuses another.
  return providerMethodType({ type: method.type, wallet: walletOf(method.card?.wallet?.type) }) ?? 'CREDIT_CARD';
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
    // Stripe's order: the Payment Element validates and collects first, then the PaymentMethod is made.
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
    await onPay({
      provider: 'stripe',
      paymentMethodType: orderMethodType(paymentMethod),
      stripePaymentMethodId: paymentMethod.id,
    });
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
