/** getPaymentMethod (GET /api/account/payment-method): Payment details (account §2). */
import useSWR from 'swr';
import { api, request } from '../../../lib/api/client.ts';

export const getPaymentMethodKey = ['getPaymentMethod'] as const;

const getPaymentMethod = () => request(api.GET('/account/payment-method'));

export function usePaymentMethod() {
  return useSWR(getPaymentMethodKey, getPaymentMethod);
}
