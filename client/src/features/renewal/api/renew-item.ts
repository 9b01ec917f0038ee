/** renewItem (POST /api/basket/items): puts the chosen plan of the vehicle's service in the basket. */
import { useMutation } from '../../../lib/api/mutation.ts';
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';

const renewItem = (body: components['schemas']['RenewItemRequest']) =>
  request(api.POST('/basket/items', { params: { header: CSRF }, body }));

/**
 * Renews, then refreshes what the cache table says in the background: the checkout the shopper
 * goes to next reads its own state on arrival.
 */
export const useRenewItem = () => useMutation('renewItem', renewItem, { background: true });
