import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useLocation, useNavigate } from 'react-router';
import { useLocale } from '../../../lib/locales.ts';
import type { Problem } from '../../../lib/api/client.ts';
import { useConfirmPayment } from '../../../features/payment/api/confirm-payment.ts';
import { PaymentErrorDialog, paymentProblemOf } from '../../../features/payment/components/payment-error-dialog.tsx';

const REDIRECT_STATUSES = ['succeeded', 'failed', 'processing', 'requires_payment_method'] as const;

/**
 * /payment-confirmation: where 3-D Secure and bank pages send the shopper back. The proxy checks
 * the payment with the provider; a success opens the confirmation, a failure the payment error
 * modal, whose closing goes back to checkout with the basket kept.
 */
export function PaymentConfirmationPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const confirmPayment = useConfirmPayment();
  const started = useRef(false);
  const [problem, setProblem] = useState<Partial<Problem> | undefined>();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(search);
    const providerParam = params.get('provider');
    const provider: 'stripe' | 'adyen' | undefined =
      providerParam === 'stripe' || providerParam === 'adyen' ? providerParam : undefined;
    const status = params.get('redirect_status');
    const body = {
      context: 'checkout' as const,
      ...(params.get('orderNo') ? { orderNo: params.get('orderNo')! } : {}),
      ...(provider ? { provider } : {}),
      ...(params.get('redirectResult') ? { redirectResult: params.get('redirectResult')! } : {}),
      ...(params.get('setup_intent') ? { setup_intent: params.get('setup_intent')! } : {}),
      ...(params.get('payment_intent') ? { payment_intent: params.get('payment_intent')! } : {}),
      ...(status && (REDIRECT_STATUSES as readonly string[]).includes(status)
        ? { redirect_status: status as (typeof REDIRECT_STATUSES)[number] }
        : {}),
    };
    confirmPayment(body)
      .then((result) => {
        if (result.outcome === 'pending') {
          setPending(true);
          return;
        }
        void navigate(to(`/confirmation/${result.orderNo ?? ''}`), { replace: true });
      })
      .catch((error: unknown) => setProblem(paymentProblemOf(error)));
  }, [search, navigate, to, confirmPayment]);

  return (
    <section className="page page--narrow">
      <h1>{t('checkout.confirming.title')}</h1>
      <p role="status">{pending ? t('checkout.confirming.pending') : t('checkout.confirming.text')}</p>
      <PaymentErrorDialog
        problem={problem}
        onClose={() => {
          setProblem(undefined);
          void navigate(to('/checkout'), { replace: true });
        }}
      />
    </section>
  );
}
