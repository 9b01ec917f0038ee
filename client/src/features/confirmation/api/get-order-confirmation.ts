/** getOrderConfirmation (GET /api/checkout/confirmation/{orderNo}): the placed order the confirmation page shows. */
import useSWR from 'swr';
import { api, ApiError, request } from '../../../lib/api/client.ts';

export const getOrderConfirmationKey = (orderNo: string) => ['getOrderConfirmation', orderNo] as const;

const getOrderConfirmation = (orderNo: string) =>
  request(api.GET('/checkout/confirmation/{orderNo}', { params: { path: { orderNo } } }));

/** 409: the order's payment is not settled yet (another tab's 3-D Secure or bank page is open). */
export const isPaymentPending = (error: unknown) => error instanceof ApiError && error.status === 409;

/** Asked again every PENDING_POLL_MS while the payment is pending, until the order is paid (or failed: 404). */
export const PENDING_POLL_MS = 2_000;
const PENDING_POLLS = 300;

export function useOrderConfirmation(orderNo: string) {
  return useSWR(getOrderConfirmationKey(orderNo), () => getOrderConfirmation(orderNo), {
    // Only the pending answer is asked again (for up to ten minutes); a 404 or a failure stays on screen.
    shouldRetryOnError: isPaymentPending,
    onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
      if (isPaymentPending(error) && retryCount <= PENDING_POLLS)
        setTimeout(() => void revalidate({ retryCount }), PENDING_POLL_MS);
    },
  });
}
