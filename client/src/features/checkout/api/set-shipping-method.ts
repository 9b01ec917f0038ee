/** setShippingMethod (PUT /api/basket/shipping-method): the basket's shipping method. */
import { useMutation } from '../../../lib/api/mutation.ts';
import { api, CSRF, request } from '../../../lib/api/client.ts';

const setShippingMethod = (id: string) =>
  request(api.PUT('/basket/shipping-method', { params: { header: CSRF }, body: { id } }));

/** Saves the method, then refreshes the checkout state and the session (the cache table). */
export const useSetShippingMethod = () => useMutation('setShippingMethod', setShippingMethod);
