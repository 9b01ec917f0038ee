/** updatePaymentMethod (PUT /api/account/payment-method): Edit payment method, one method kept (account §2). */
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';
import { useMutation } from '../../../lib/api/mutation.ts';

const updatePaymentMethod = (body: components['schemas']['SavePaymentMethodRequest']) =>
  request(api.PUT('/account/payment-method', { params: { header: CSRF }, body }));

/** Replaces the method; a saved answer is the payment details (the cache table puts it in place). */
export const useUpdatePaymentMethod = () => useMutation('updatePaymentMethod', updatePaymentMethod);
