import { lazy, Suspense } from 'react';
import type { WalletRecurringPayment } from '../../../../../domain/wallet.ts';
import type { components } from '../../../lib/api/client.ts';
import { loadChunk } from '../../../lib/lazy.ts';
import type { PaymentMethodInput } from './payment-method-input.ts';
import type { AdyenActionAnswer, AdyenDetails } from './redirect-form.ts';

// The providers' own components load only in live mode, each as its own chunk.
const StripeForm = lazy(() => loadChunk(() => import('./stripe-form.tsx')).then((m) => ({ default: m.StripeForm })));
const AdyenForm = lazy(() => loadChunk(() => import('./adyen-form.tsx')).then((m) => ({ default: m.AdyenForm })));

/**
 * Live mode's payment form: Stripe's Payment Element or Adyen's card component for the market's
 * set-up (the checkout's payment step, the account's Add and Edit payment method). `onStripePay`
 * is Stripe's handler where it differs (the checkout's keeps Stripe's form quiet on a failure).
 */
export function LivePaymentForm({
  setup,
  locale,
  submitLabel,
  disabled,
  loading,
  wallet,
  onPay,
  onStripePay = onPay,
  onAdyenPay = onPay,
  onAdyenDetails,
}: {
  setup: components['schemas']['PaymentSetup'];
  locale: string;
  submitLabel: string;
  disabled: boolean;
  /** What shows while the provider's component loads. */
  loading: string;
  wallet?: WalletRecurringPayment | undefined;
  onPay: (request: PaymentMethodInput) => Promise<void>;
  onStripePay?: (request: PaymentMethodInput) => Promise<void>;
  /** Adyen's handler where it differs: it answers Adyen's action, which the component then handles. */
  onAdyenPay?: (request: PaymentMethodInput) => Promise<AdyenActionAnswer | void>;
  /** The Adyen component's additional details (after a native 3-D Secure 2 challenge). */
  onAdyenDetails?: (data: AdyenDetails) => Promise<AdyenActionAnswer | void>;
}) {
  return (
    <Suspense fallback={<p role="status">{loading}</p>}>
      {setup.provider === 'stripe' ? (
        <StripeForm
          setup={setup}
          locale={locale}
          submitLabel={submitLabel}
          disabled={disabled}
          {...(wallet ? { wallet } : {})}
          onPay={onStripePay}
        />
      ) : (
        <AdyenForm
          setup={setup}
          locale={locale}
          country={locale.split('-')[1] ?? 'FR'}
          {...(wallet ? { wallet } : {})}
          onPay={onAdyenPay}
          {...(onAdyenDetails ? { onDetails: onAdyenDetails } : {})}
        />
      )}
    </Suspense>
  );
}
