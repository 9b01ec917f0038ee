/** setShippingAddress (PUT /api/basket/shipping-address): the basket's shipping address. */
import { useMutation } from '../../../lib/api/mutation.ts';
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';

export type Address = components['schemas']['Address'];

const setShippingAddress = (body: Address) =>
  request(api.PUT('/basket/shipping-address', { params: { header: CSRF }, body }));

/** Saves the address, then refreshes the checkout state and the session (the cache table). */
export const useSetShippingAddress = () => useMutation('setShippingAddress', setShippingAddress);
