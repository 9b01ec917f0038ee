/** probeAddressLookup (GET /api/address/status): whether the address lookup can be offered (the probe search of storefront §4). */
import { api, request } from '../../../lib/api/client.ts';

export const probeAddressLookup = () => request(api.GET('/address/status'));
