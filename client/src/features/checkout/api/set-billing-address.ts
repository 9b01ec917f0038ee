/** setBillingAddress (PUT /api/basket/billing-address): the basket's billing address. */
import { useMutation } from '../../../lib/api/mutation.ts';
import { api, CSRF, request } from '../../../lib/api/client.ts';
import type { Address } from './set-shipping-address.ts';

const setBillingAddress = (body: Address) =>
  request(api.PUT('/basket/billing-address', { params: { header: CSRF }, body }));

/** Saves the address, then refreshes the checkout state and the session (the cache table). */
export const useSetBillingAddress = () => useMutation('setBillingAddress', setBillingAddress);
