/** getInvoiceDocument (GET /api/account/orders/{id}/invoice): the order's invoice as a PDF (account §2 Order detail). */
import { api, request } from '../../../lib/api/client.ts';

export const getInvoiceDocument = (id: string): Promise<Blob> =>
  request(api.GET('/account/orders/{id}/invoice', { params: { path: { id } }, parseAs: 'blob' })) as Promise<Blob>;
