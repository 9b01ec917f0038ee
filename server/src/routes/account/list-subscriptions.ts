import { accountPagePath } from '../../../../domain/pages.ts';
import type { ShopperOperation } from '../../http/operation.ts';
import { listSubscriptions as list } from '../../services/account/subscriptions.ts';

/** GET /api/account/subscriptions (account §2 My Subscriptions / My Services). */
export const listSubscriptions = {
  access: { customer: () => accountPagePath('my-subscriptions') },
  run: (ctx, shopper, { query }) => list(ctx, shopper, query.carvin),
} satisfies ShopperOperation<'listSubscriptions'>;
