/** getBasket (GET /api/basket): the basket the mini-cart shows. */
import useSWR from 'swr';
import { api, request } from './client.ts';

/** Under the session's item count, so a changed count asks again. */
const getBasketKey = (itemCount: number) => ['getBasket', itemCount] as const;

const getBasket = () => request(api.GET('/basket'));

/** The basket; not asked while `enabled` is false (the mini-cart reads it only when it opens). */
export function useBasket(enabled: boolean, itemCount: number) {
  return useSWR(enabled ? getBasketKey(itemCount) : null, getBasket);
}
