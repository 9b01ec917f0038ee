/** getCheckoutState (GET /api/checkout): the basket and the checkout's first incomplete step. */
import useSWR from 'swr';
import { api, ApiError, request, type components } from '../../../lib/api/client.ts';

export type CheckoutState = components['schemas']['CheckoutState'];
export type Basket = components['schemas']['Basket'];

export const getCheckoutStateKey = ['getCheckoutState'] as const;

/** The checkout state, or null when the basket is empty (409 basket-empty). */
async function getCheckoutState(): Promise<CheckoutState | null> {
  try {
    return await request(api.GET('/checkout'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return null;
    throw error;
  }
}

export const useCheckoutState = () => useSWR(getCheckoutStateKey, getCheckoutState);
