/** findAddresses (GET /api/address/find): the address lookup's suggestions for a text (storefront §5). */
import { api, ApiError, request, type components } from '../../../lib/api/client.ts';

export type AddressSuggestion = components['schemas']['AddressSuggestion'];

/** Up to ten suggestions; a container (a street, a building) narrows them. */
export const findAddresses = (text: string, countries: string, container?: string) =>
  request(
    api.GET('/address/find', {
      params: { query: { text, countries, limit: 10, ...(container ? { container } : {}) } },
    }),
  );

/** The lookup's errors, of finding and of retrieving (storefront §5): 503 or a network error → unavailable; 422 → not found. */
export function lookupOutcome(error: unknown): 'unavailable' | 'notFound' {
  return error instanceof ApiError && error.status === 422 ? 'notFound' : 'unavailable';
}
