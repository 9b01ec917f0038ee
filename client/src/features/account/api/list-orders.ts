/** listOrders (GET /api/account/orders): one page of My Orders (account §2, §9: 5 at a time). */
import useSWR from 'swr';
import { ORDERS_PAGE_SIZE } from '../../../../../domain/my-orders.ts';
import { api, request } from '../../../lib/api/client.ts';

export const listOrdersKey = (locale: string, offset: number) => ['listOrders', locale, offset] as const;

const listOrders = ([, locale, offset]: ReturnType<typeof listOrdersKey>) =>
  request(api.GET('/account/orders', { params: { query: { locale, offset, limit: ORDERS_PAGE_SIZE } } }));

export function useOrders(locale: string, offset: number) {
  return useSWR(listOrdersKey(locale, offset), listOrders);
}
