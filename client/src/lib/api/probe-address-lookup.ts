/** probeAddressLookup (GET /api/address/status): whether the address lookup can be offered (the probe search of storefront §4). */
import { api, request } from './client.ts';

export const probeAddressLookup = () => request(api.GET('/address/status'));
