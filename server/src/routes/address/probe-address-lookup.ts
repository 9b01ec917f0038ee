import type { OpenOperation } from '../../http/operation.ts';
import { ADDRESS_LOOKUP_PROBE_TEXT, ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE } from '../../../../domain/address-form.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import { findAddressItems } from '../../services/site/address-lookup.ts';

type Schemas = components['schemas'];

/**
 * GET /api/address/status: the form's probe on load (storefront §4 "Address form modes"): a Find
 * with the text "test". Only an unavailable outcome (HTTP 400-599, codes above 1008, account
 * errors such as a wrong key, network error) reports the lookup as unavailable; "not found" still
 * means the service answers.
 */
export const probeAddressLookup = {
  access: 'anyone',
  cache: 'no-store',
  run: async (ctx, _input, request) => {
    const result = await findAddressItems(ctx, { text: ADDRESS_LOOKUP_PROBE_TEXT }, request);
    const available = result.ok || result.outcome !== 'unavailable';
    const body: Schemas['AddressLookupStatus'] = available
      ? { available: true }
      : { available: false, message: ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE };
    return body;
  },
} satisfies OpenOperation<'probeAddressLookup'>;
