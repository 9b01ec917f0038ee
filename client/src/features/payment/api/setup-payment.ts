/**
 * setupPayment (POST /api/checkout/payment-setup): the market's provider and what its form needs
 * (Stripe's client secret, Adyen's payment methods, or the sandbox form), for the checkout or for the
 * account's Add and Edit payment method. A POST that changes
 * nothing the client reads (its cache row is empty), read through SWR once per basket total.
 */
import useSWR from 'swr';
import { useCacheRow } from '../../../lib/api/mutation.ts';
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';

export type AdyenPaymentSetup = components['schemas']['AdyenPaymentSetup'];

type SetupContext = NonNullable<components['schemas']['PaymentSetupRequest']['context']>;

const setupPaymentKey = (context: SetupContext, total: string) => ['setupPayment', context, total] as const;

const setupPayment = (context: SetupContext) =>
  request(api.POST('/checkout/payment-setup', { params: { header: CSRF }, body: { context } }));

/** The checkout's set-up for its total, or the account's for saving a method only (an amount of 0). */
export function usePaymentSetup(total: string, context: SetupContext = 'checkout') {
  const applyRow = useCacheRow();
  return useSWR(setupPaymentKey(context, total), async () => {
    const answer = await setupPayment(context);
    void applyRow('setupPayment', answer);
    return answer;
  });
}
