import { accountPagePath } from '../../../../domain/pages.ts';
import type { ShopperOperation } from '../../http/operation.ts';
import { orderDetail } from '../../services/account/orders.ts';

/** GET /api/account/orders/{id}/{orderNo} (account §2 Order detail). */
export const getOrder = {
  access: { customer: (path) => accountPagePath('my-orders/:id/:orderNo', path) },
  run: (ctx, shopper, { path, query }, request) =>
    orderDetail(ctx, shopper, path.id, path.orderNo, {
      // The test flags of account §8 (a refunded order, a credit note that fails), on a test host only.
      forceRefunded: request.testHost && (query.refunded === true || query.creditNoteError === true),
    }),
} satisfies ShopperOperation<'getOrder'>;
