/** deletePaymentMethod (DELETE /api/account/payment-method): the delete modal's confirmation (account §2). */
import type { NoContent } from '../../../lib/api/cache.ts';
import { api, CSRF, request } from '../../../lib/api/client.ts';
import { useMutation } from '../../../lib/api/mutation.ts';

const deletePaymentMethod = () =>
  request(api.DELETE('/account/payment-method', { params: { header: CSRF } })).then((): NoContent => ({
    noContent: true,
  }));

/** Deletes the saved method, then asks the payment details and the subscriptions again (the cache table). */
export const useDeletePaymentMethod = () => useMutation('deletePaymentMethod', deletePaymentMethod);
