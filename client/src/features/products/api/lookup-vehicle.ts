/** lookupVehicle (GET /api/vehicles/lookup): the vehicle a link names, with its connected services. */
import useSWR from 'swr';
import { api, request, type operationTypes } from '../../../lib/api/client.ts';

export type VehicleQuery = NonNullable<operationTypes['lookupVehicle']['parameters']['query']>;

/** Under the page's locale too: the services are named in the session's language. */
const lookupVehicleKey = (query: VehicleQuery, locale: string) => ['lookupVehicle', query, locale] as const;

export const lookupVehicle = (query: VehicleQuery) => request(api.GET('/vehicles/lookup', { params: { query } }));

/** The vehicle; not asked while the query is null (a link without a vehicle). */
export function useVehicleLookup(query: VehicleQuery | null, locale: string) {
  return useSWR(query ? lookupVehicleKey(query, locale) : null, () => lookupVehicle(query!));
}
