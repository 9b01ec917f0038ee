import type { ShopperOperation } from '../../http/operation.ts';
import { requireContentAsset } from '../../upstream/commerce/content.ts';

/** GET /api/content/{assetId}: an asset's HTML body, the footer's year filled in. */
export const getContentAsset = {
  access: 'shopper',
  cache: 'public, max-age=300',
  run: (ctx, shopper, { path }) => requireContentAsset(ctx, shopper, path.assetId),
} satisfies ShopperOperation<'getContentAsset'>;
