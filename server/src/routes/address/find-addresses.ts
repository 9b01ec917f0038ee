import type { OpenOperation } from '../../http/operation.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import { DEFAULT_LOCALE, marketOfLocale } from '../../../../domain/locales.ts';
import { findAddressItems, lookupProblem } from '../../services/site/address-lookup.ts';

type Schemas = components['schemas'];

/**
 * GET /api/address/find: Loqate Find through the server, which holds the key (storefront §5
 * "Address form", §7 "Address capture"). Countries from the query, else the allowed countries of
 * the market of the locale (query, session or en-GB); `container` drills into a container
 * suggestion. Not found → 422 on the addressLookup field; unavailable → 503 (manual entry).
 */
export const findAddresses = {
  access: 'anyone',
  run: async (ctx, { query }, request) => {
    const { text, container, countries, limit } = query;
    const locale = query.locale ?? request.session?.locale ?? DEFAULT_LOCALE;
    const market = marketOfLocale(locale) ?? marketOfLocale(DEFAULT_LOCALE);
    const result = await findAddressItems(
      ctx,
      {
        text,
        container,
        countries: countries ?? market?.allowedCountries.join(','),
        limit,
        language: locale.split('-')[0],
      },
      request,
    );
    if (!result.ok) throw lookupProblem(result.outcome, result.code);
    const body: Schemas['AddressSuggestions'] = {
      items: result.items.map((item) => ({
        Id: item.Id,
        Text: item.Text,
        Description: item.Description ?? '',
        Type: item.Type,
      })),
    };
    return body;
  },
} satisfies OpenOperation<'findAddresses'>;
