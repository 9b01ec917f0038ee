import { accountPagePath } from '../../../../domain/pages.ts';
import { PdfReply, type ShopperOperation } from '../../http/operation.ts';
import { orderDocument } from '../../services/account/orders.ts';

/** GET /api/account/orders/{id}/credit-notes/{creditNoteId}: one credit note PDF (account §2 Order detail, §8). */
export const getCreditNoteDocument = {
  access: { customer: () => accountPagePath('my-orders') },
  run: async (ctx, shopper, { path }) =>
    new PdfReply(
      await orderDocument(ctx, shopper, path.id, { kind: 'creditNote', creditNoteId: path.creditNoteId }),
      `credit-note-${path.creditNoteId}`,
    ),
} satisfies ShopperOperation<'getCreditNoteDocument'>;
