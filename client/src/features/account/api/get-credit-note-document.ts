/** getCreditNoteDocument (GET /api/account/orders/{id}/credit-notes/{creditNoteId}): one credit note as a PDF. */
import { api, request } from '../../../lib/api/client.ts';

export const getCreditNoteDocument = (id: string, creditNoteId: string): Promise<Blob> =>
  request(
    api.GET('/account/orders/{id}/credit-notes/{creditNoteId}', {
      params: { path: { id, creditNoteId } },
      parseAs: 'blob',
    }),
  ) as Promise<Blob>;
