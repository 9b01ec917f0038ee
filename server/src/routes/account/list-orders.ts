import { accountPagePath } from '../../../../domain/pages.ts';
import type { ShopperOperation } from '../../http/operation.ts';
import { listOrders as list } from '../../services/account/orders.ts';

/** GET /api/account/orders (account §2 My Orders), a page at a time. */
export const listOrders = {
  access: { customer: () => accountPagePath('my-orders') },
  run: (ctx, shopper, { query }) => list(ctx, shopper, query),
} satisfies ShopperOperation<'listOrders'>;
