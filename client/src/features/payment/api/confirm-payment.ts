/**
 * confirmPayment (POST /api/checkout/payment-confirmation): back from 3-D Secure or a bank page,
 * the proxy checks the payment with the provider and places the order.
 */
import { useMutation } from '../../../lib/api/mutation.ts';
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';
import { orderPlaced } from '../../../lib/order-storage.ts';

async function confirmPayment(body: components['schemas']['ConfirmPaymentRequest']) {
  const answer = await request(api.POST('/checkout/payment-confirmation', { params: { header: CSRF }, body }));
  if (answer.outcome !== 'pending' && answer.orderNo) orderPlaced(answer.orderNo);
  return answer;
}

/** Confirms, then refreshes what the cache table says in the background. */
export const useConfirmPayment = () => useMutation('confirmPayment', confirmPayment, { background: true });
