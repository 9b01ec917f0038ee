/**
 * getOrder (GET /api/account/orders/{id}/{orderNo}): the order detail (account §2), with the page's
 * test hooks (refunded, creditNoteError) when its URL has them; the proxy honours them on test hosts only.
 */
import useSWR from 'swr';
import { api, request } from '../../../lib/api/client.ts';

export type OrderTestHooks = { refunded?: true; creditNoteError?: true };

/** The test hooks of the page's query (`?refunded=true`, `?creditNoteError=true`). */
export function orderTestHooks(search: string): OrderTestHooks {
  const query = new URLSearchParams(search);
  return {
    ...(query.get('refunded') === 'true' ? { refunded: true } : {}),
    ...(query.get('creditNoteError') === 'true' ? { creditNoteError: true } : {}),
  };
}

export const getOrderKey = (id: string, orderNo: string, locale: string, hooks: OrderTestHooks = {}) =>
  ['getOrder', id, orderNo, locale, hooks] as const;

const getOrder = ([, id, orderNo, locale, hooks]: ReturnType<typeof getOrderKey>) =>
  request(
    api.GET('/account/orders/{id}/{orderNo}', { params: { path: { id, orderNo }, query: { locale, ...hooks } } }),
  );

export function useOrder(id: string, orderNo: string, locale: string, hooks: OrderTestHooks = {}) {
  return useSWR(getOrderKey(id, orderNo, locale, hooks), getOrder);
}
