/** getOrder (GET /api/account/orders/{id}/{orderNo}): the order detail (account §2). */
import useSWR from 'swr';
import { api, request } from '../../../lib/api/client.ts';

export const getOrderKey = (id: string, orderNo: string, locale: string) => ['getOrder', id, orderNo, locale] as const;

const getOrder = ([, id, orderNo, locale]: ReturnType<typeof getOrderKey>) =>
  request(api.GET('/account/orders/{id}/{orderNo}', { params: { path: { id, orderNo }, query: { locale } } }));

export function useOrder(id: string, orderNo: string, locale: string) {
  return useSWR(getOrderKey(id, orderNo, locale), getOrder);
}
