import { accountPagePath } from '../../../../domain/pages.ts';
import type { ShopperOperation } from '../../http/operation.ts';
import { accountOverview } from '../../services/account/overview.ts';

/** GET /api/account/overview (account §2 My Overview). */
export const getAccountOverview = {
  access: { customer: () => accountPagePath('my-overview') },
  run: (ctx, shopper, { query }) => accountOverview(ctx, shopper, query.carvin),
} satisfies ShopperOperation<'getAccountOverview'>;
