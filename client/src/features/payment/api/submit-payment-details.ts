/**
 * submitPaymentDetails (POST /api/checkout/payment-details): the Adyen component's
 * onAdditionalDetails state.data after a native 3-D Secure 2 challenge; the proxy asks Adyen's
 * /payments/details and settles the order (or the account's saving).
 */
import { useMutation } from '../../../lib/api/mutation.ts';
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';
import { orderPlaced } from '../../../lib/order-storage.ts';

async function submitPaymentDetails(body: components['schemas']['PaymentDetailsRequest']) {
  const answer = await request(api.POST('/checkout/payment-details', { params: { header: CSRF }, body }));
  if (answer.outcome !== 'pending' && answer.orderNo) orderPlaced(answer.orderNo);
  return answer;
}

/** Settles with the details, then refreshes what the cache table says in the background. */
export const useSubmitPaymentDetails = () =>
  useMutation('submitPaymentDetails', submitPaymentDetails, { background: true });
