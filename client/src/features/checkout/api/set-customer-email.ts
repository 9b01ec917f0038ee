/** setCustomerEmail (PUT /api/basket/customer): the guest's (or the registered customer's) e-mail on the basket. */
import { useMutation } from '../../../lib/api/cache.ts';
import { api, CSRF, request } from '../../../lib/api/client.ts';

const setCustomerEmail = (email: string) =>
  request(api.PUT('/basket/customer', { params: { header: CSRF }, body: { email } }));

/** Saves the e-mail, then refreshes the checkout state and the session (the cache table). */
export const useSetCustomerEmail = () => useMutation('setCustomerEmail', setCustomerEmail);
