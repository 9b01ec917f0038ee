/** getOrderConfirmation (GET /api/checkout/confirmation/{orderNo}): the placed order the confirmation page shows. */
import useSWR from 'swr';
import { api, request } from '../../../lib/api/client.ts';

export const getOrderConfirmationKey = (orderNo: string) => ['getOrderConfirmation', orderNo] as const;

const getOrderConfirmation = (orderNo: string) =>
  request(api.GET('/checkout/confirmation/{orderNo}', { params: { path: { orderNo } } }));

export function useOrderConfirmation(orderNo: string) {
  return useSWR(getOrderConfirmationKey(orderNo), () => getOrderConfirmation(orderNo));
}
