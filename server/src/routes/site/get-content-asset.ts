import { zGetContentAssetPath, zGetContentAssetQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { shopperOf } from '../../http/shopper.ts';
import { requireContentAsset } from '../../services/content.ts';
import { parsePath, parseQuery } from '../../validate.ts';

/** GET /api/content/{assetId}: an asset's HTML body, the footer's year filled in. */
export const getContentAsset: Handler = async (req, res, ctx) => {
  const { assetId } = parsePath(zGetContentAssetPath, req);
  const query = parseQuery(zGetContentAssetQuery, req);
  const shopper = await shopperOf(req, res, ctx);
  const asset = await requireContentAsset(ctx, { ...shopper, locale: query.locale ?? shopper.locale }, assetId);
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.json(asset);
};
