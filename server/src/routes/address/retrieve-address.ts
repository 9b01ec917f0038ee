import type { OpenOperation } from '../../http/operation.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import { lookupProblem, retrieveAddressItems } from '../../services/site/address-lookup.ts';

type Schemas = components['schemas'];

/**
 * GET /api/address/retrieve/{id}: Loqate Retrieve of one suggestion of type Address, reduced to
 * the fields the address form fills (storefront §7 "Address capture"): country, province (the
 * state for US and CA), city, postal code, two lines and the display label.
 */
export const retrieveAddress = {
  access: 'anyone',
  run: async (ctx, { path }, request) => {
    const result = await retrieveAddressItems(ctx, path.id, request);
    if (!result.ok) throw lookupProblem(result.outcome, result.code);
    const item = result.items[0];
    const country = (item?.CountryIso2 ?? '').toUpperCase();
    // An answer without a country or a first line cannot fill the form: the same as "not found".
    if (!item || !/^[A-Z]{2}$/.test(country) || !item.Line1) throw lookupProblem('notFound');
    const body: Schemas['AddressLookupResult'] = {
      CountryIso2: country,
      ProvinceCode: item.ProvinceCode ?? '',
      ProvinceName: item.ProvinceName ?? '',
      City: item.City ?? '',
      PostalCode: item.PostalCode ?? '',
      Line1: item.Line1,
      Line2: item.Line2 ?? '',
      Label: item.Label ?? '',
    };
    return body;
  },
} satisfies OpenOperation<'retrieveAddress'>;
