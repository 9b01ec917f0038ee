/** setCustomerEmail (PUT /api/basket/customer): the guest's (or the registered customer's) e-mail on the basket. */
import { maxLengths } from '../../../../../generated/proxy/max-lengths.ts';
import { useMutation } from '../../../lib/api/mutation.ts';
import { api, CSRF, request } from '../../../lib/api/client.ts';

/** The contract's maxLength of the e-mail address (setCustomerEmail's body). */
export const EMAIL_MAX_LENGTH = maxLengths.CustomerEmailRequest.email;

const setCustomerEmail = (email: string) =>
  request(api.PUT('/basket/customer', { params: { header: CSRF }, body: { email } }));

/** Saves the e-mail, then refreshes the checkout state and the session (the cache table). */
export const useSetCustomerEmail = () => useMutation('setCustomerEmail', setCustomerEmail);
