import { zGetInvoiceDocumentPath } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendPdf } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { orderDocument } from '../../services/account/orders.ts';
import { parsePath } from '../../validate.ts';

/** GET /api/account/orders/{id}/invoice: the order's invoice PDF (account §2 Order detail, §8). */
export const getInvoiceDocument: Handler = async (req, res, ctx) => {
  const { id } = parsePath(zGetInvoiceDocumentPath, req);
  const pdf = await orderDocument(ctx, await shopperOf(req, res, ctx), id, { kind: 'invoice' });
  sendPdf(res, pdf, `invoice-${id}`);
};
