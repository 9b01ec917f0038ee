import { zGetCreditNoteDocumentPath } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendPdf } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { orderDocument } from '../../services/account/orders.ts';
import { parsePath } from '../../validate.ts';

/** GET /api/account/orders/{id}/credit-notes/{creditNoteId}: one credit note PDF (account §2 Order detail, §8). */
export const getCreditNoteDocument: Handler = async (req, res, ctx) => {
  const { id, creditNoteId } = parsePath(zGetCreditNoteDocumentPath, req);
  const pdf = await orderDocument(ctx, await shopperOf(req, res, ctx), id, { kind: 'creditNote', creditNoteId });
  sendPdf(res, pdf, `credit-note-${creditNoteId}`);
};
