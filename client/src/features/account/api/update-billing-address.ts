/** updateBillingAddress (PUT /api/account/billing-address): Edit billing address (account §2, §5). */
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';
import { useMutation } from '../../../lib/api/mutation.ts';

const updateBillingAddress = (address: components['schemas']['Address']) =>
  request(api.PUT('/account/billing-address', { params: { header: CSRF }, body: address }));

/** Saves the address; the answer is the payment details (the cache table puts it in place). */
export const useUpdateBillingAddress = () => useMutation('updateBillingAddress', updateBillingAddress);
