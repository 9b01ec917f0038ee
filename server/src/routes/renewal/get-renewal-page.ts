import type { ShopperOperation } from '../../http/operation.ts';
import { renewalPage } from '../../services/renewal/renewal-page.ts';

/** GET /api/renewal/{productId}: everything the renewal page shows, in one call (storefront §2, §4, §5). */
export const getRenewalPage = {
  access: 'shopper',
  run: (ctx, shopper, { path, query }, request) =>
    renewalPage(ctx, shopper, {
      productId: path.productId,
      query,
      testHost: request.testHost,
      // The page to come back to: the one being rendered, else the renewal page the browser shows.
      pagePath: request.page ?? `/service/${encodeURIComponent(path.productId)}${request.search}`,
    }),
} satisfies ShopperOperation<'getRenewalPage'>;
