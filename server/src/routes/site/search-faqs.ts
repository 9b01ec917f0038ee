import { Reply, type ShopperOperation } from '../../http/operation.ts';
import { isRenewalFaqs, searchFaqs as search } from '../../upstream/commerce/content.ts';

/**
 * GET /api/faqs: FAQ search, or the market's top renewal FAQs (storefront §7 search-assets, §8:
 * failures answer an empty list flagged unavailable). Search answers may be kept five minutes.
 */
export const searchFaqs = {
  access: 'shopper',
  run: async (ctx, shopper, { query }) =>
    new Reply(await search(ctx, shopper, query), 200, isRenewalFaqs(query) ? undefined : 'public, max-age=300'),
} satisfies ShopperOperation<'searchFaqs'>;
