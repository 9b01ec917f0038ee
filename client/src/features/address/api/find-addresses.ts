/** findAddresses (GET /api/address/find): the address lookup's suggestions for a text (storefront §5). */
import { api, request, type components } from '../../../lib/api/client.ts';

export type AddressSuggestion = components['schemas']['AddressSuggestion'];

/** Up to ten suggestions; a container (a street, a building) narrows them. */
export const findAddresses = (text: string, countries: string, container?: string) =>
  request(
    api.GET('/address/find', {
      params: { query: { text, countries, limit: 10, ...(container ? { container } : {}) } },
    }),
  );
