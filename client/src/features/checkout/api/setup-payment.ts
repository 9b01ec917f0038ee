/**
 * setupPayment (POST /api/checkout/payment-setup): the market's provider and what its form needs
 * (Stripe's client secret, Adyen's payment methods, or the sandbox form). A POST that changes
 * nothing the client reads (its cache row is empty), read through SWR once per basket total.
 */
import useSWR from 'swr';
import { useCacheRow } from '../../../lib/api/mutation.ts';
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';

export type AdyenPaymentSetup = components['schemas']['AdyenPaymentSetup'];

const setupPaymentKey = (total: string) => ['setupPayment', total] as const;

const setupPayment = () =>
  request(api.POST('/checkout/payment-setup', { params: { header: CSRF }, body: { context: 'checkout' } }));

export function usePaymentSetup(total: string) {
  const applyRow = useCacheRow();
  return useSWR(setupPaymentKey(total), async () => {
    const answer = await setupPayment();
    void applyRow('setupPayment', answer);
    return answer;
  });
}
