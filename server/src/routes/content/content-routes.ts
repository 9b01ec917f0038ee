import {
  zGetContentAssetPath,
  zGetContentAssetQuery,
  zSearchFaqsQuery,
} from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Request, Response } from 'express';
import type { AppContext, Handler } from '../../context.ts';
import { faqItemsOf, requireContentAsset, searchFaqItems } from '../../services/content.ts';
import { shopperOf } from '../../services/shopper.ts';
import { parsePath, parseQuery } from '../../validate.ts';

/** Site and locale of the request, and a shopper token: the classic shop API asks for one. */
async function where(req: Request, res: Response, ctx: AppContext, locale: string | undefined) {
  const shopper = await shopperOf(req, res, ctx);
  return { siteId: shopper.siteId, locale: locale ?? shopper.locale, headers: shopper.headers, signal: req.signal };
}

/** GET /api/content/{assetId}: an asset's HTML body; the footer's year filled in. */
export const getContentAsset: Handler = async (req, res, ctx) => {
  const { assetId } = parsePath(zGetContentAssetPath, req);
  const query = parseQuery(zGetContentAssetQuery, req);
  const asset = await requireContentAsset(ctx, await where(req, res, ctx, query.locale), assetId);
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.json(asset);
};

/**
 * GET /api/faqs: FAQ search (storefront §7 search-assets, §9 limit 25 offset 0); `context=renewals`
 * gives the market's top renewal FAQs. Failures answer an empty list flagged unavailable (§8).
 */
export const searchFaqs: Handler = async (req, res, ctx) => {
  const query = parseQuery(zSearchFaqsQuery, req);
  const at = await where(req, res, ctx, query.locale);
  const limit = query.limit ?? 25;
  const offset = query.offset ?? 0;
  if (query.context === 'renewals' && !query.q && !query.category) {
    try {
      const asset = await requireContentAsset(ctx, at, 'FAQ_Renewals_Page');
      const all = faqItemsOf(asset.c_body);
      res.json({ total: all.length, offset, limit, unavailable: false, items: all.slice(offset, offset + limit) });
      return;
    } catch (error) {
      ctx.logger.warn({ err: error }, 'renewal FAQs failed');
      res.json({ total: 0, offset, limit, unavailable: true, items: [] });
      return;
    }
  }
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.json(await searchFaqItems(ctx, at, { q: query.q, category: query.category, limit, offset }));
};
