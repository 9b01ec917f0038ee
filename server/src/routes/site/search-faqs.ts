import { zSearchFaqsQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { shopperOf } from '../../http/shopper.ts';
import { searchFaqs as search } from '../../services/content.ts';
import { parseQuery } from '../../validate.ts';

/**
 * GET /api/faqs: FAQ search, or the market's top renewal FAQs (storefront §7, §8). A list that
 * could not be read is not kept; others are, by shared caches only when the locale is in the URL.
 */
export const searchFaqs: Handler = async (req, res, ctx) => {
  const query = parseQuery(zSearchFaqsQuery, req);
  const shopper = await shopperOf(req, res, ctx);
  const result = await search(ctx, { ...shopper, locale: query.locale ?? shopper.locale }, query);
  res.setHeader(
    'Cache-Control',
    result.unavailable ? 'no-store' : query.locale ? 'public, max-age=300' : 'private, max-age=300',
  );
  res.json(result);
};
