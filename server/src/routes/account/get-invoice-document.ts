import { accountPagePath } from '../../../../domain/pages.ts';
import { PdfReply, type ShopperOperation } from '../../http/operation.ts';
import { orderDocument } from '../../services/account/orders.ts';

/** GET /api/account/orders/{id}/invoice: the order's invoice PDF (account §2 Order detail, §8). */
export const getInvoiceDocument = {
  access: { customer: () => accountPagePath('my-orders') },
  run: async (ctx, shopper, { path }) =>
    new PdfReply(await orderDocument(ctx, shopper, path.id, { kind: 'invoice' }), `invoice-${path.id}`),
} satisfies ShopperOperation<'getInvoiceDocument'>;
