/** retrieveAddress (GET /api/address/retrieve/{id}): the full address of a chosen suggestion. */
import { api, request } from '../../../lib/api/client.ts';

export const retrieveAddress = (id: string) => request(api.GET('/address/retrieve/{id}', { params: { path: { id } } }));
