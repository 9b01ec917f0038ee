/** listShippingMethods (GET /api/basket/shipping-methods): the methods the basket can ship with. */
import useSWR from 'swr';
import { api, request } from '../../../lib/api/client.ts';

const listShippingMethodsKey = (basketId: string) => ['listShippingMethods', basketId] as const;

const listShippingMethods = () => request(api.GET('/basket/shipping-methods'));

export const useShippingMethods = (basketId: string) =>
  useSWR(listShippingMethodsKey(basketId), () => listShippingMethods());
