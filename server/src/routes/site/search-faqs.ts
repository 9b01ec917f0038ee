import { zSearchFaqsQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { shopperOf } from '../../http/shopper.ts';
import { isRenewalFaqs, searchFaqs as search } from '../../services/content.ts';
import { parseQuery } from '../../validate.ts';

/**
 * GET /api/faqs: FAQ search, or the market's top renewal FAQs (storefront §7 search-assets, §8:
 * failures answer an empty list flagged unavailable). Search answers may be kept five minutes.
 */
export const searchFaqs: Handler = async (req, res, ctx) => {
  const query = parseQuery(zSearchFaqsQuery, req);
  const shopper = await shopperOf(req, res, ctx);
  const result = await search(ctx, { ...shopper, locale: query.locale ?? shopper.locale }, query);
  if (!isRenewalFaqs(query)) res.setHeader('Cache-Control', 'public, max-age=300');
  res.json(result);
};
