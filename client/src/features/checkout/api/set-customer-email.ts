/** setCustomerEmail (PUT /api/basket/customer): the guest's (or the registered customer's) e-mail on the basket. */
import { contractMaxLength } from '../../../../../domain/address-form.ts';
import { zSetCustomerEmailBody } from '../../../../../generated/proxy/zod-mini/zod.gen.ts';
import { useMutation } from '../../../lib/api/mutation.ts';
import { api, CSRF, request } from '../../../lib/api/client.ts';

/**
 * The guest e-mail form's schema: the contract's request body as it is (the step shows the
 * catalogue's message for any problem with the address).
 */
export const customerEmailSchema = zSetCustomerEmailBody;
export const EMAIL_MAX_LENGTH = contractMaxLength(zSetCustomerEmailBody.shape.email);

const setCustomerEmail = (email: string) =>
  request(api.PUT('/basket/customer', { params: { header: CSRF }, body: { email } }));

/** Saves the e-mail, then refreshes the checkout state and the session (the cache table). */
export const useSetCustomerEmail = () => useMutation('setCustomerEmail', setCustomerEmail);
