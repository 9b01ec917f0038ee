/** addPaymentMethod (POST /api/account/payment-method): Add payment method (account §2). */
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';
import { useMutation } from '../../../lib/api/mutation.ts';

const addPaymentMethod = (body: components['schemas']['SavePaymentMethodRequest']) =>
  request(api.POST('/account/payment-method', { params: { header: CSRF }, body }));

/** Saves the first method; a saved answer is the payment details (the cache table puts it in place). */
export const useAddPaymentMethod = () => useMutation('addPaymentMethod', addPaymentMethod);
