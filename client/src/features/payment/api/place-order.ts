/**
 * placeOrder (POST /api/checkout/orders): pays and places the order, or answers where the shopper
 * completes the payment (3-D Secure, a bank page). One Idempotency-Key per payment attempt.
 */
import { useCallback } from 'react';
import { useCacheRow, useMutation } from '../../../lib/api/mutation.ts';
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';
import { orderCreated, orderPlaced } from '../../../lib/order-storage.ts';

export type PlaceOrderRequest = components['schemas']['PlaceOrderRequest'];

/** One Idempotency-Key per payment attempt: a double click or a retry of the same attempt reuses it. */
export function newAttemptKey(): string {
  return crypto.randomUUID().replace(/[^A-Za-z0-9-]/g, '');
}

/** Places the order; the tab remembers the order it placed, or the one a redirect will complete. */
async function placeOrder(body: PlaceOrderRequest, attemptKey: string) {
  const answer = await request(
    api.POST('/checkout/orders', { params: { header: { ...CSRF, 'Idempotency-Key': attemptKey } }, body }),
  );
  if (answer.outcome === 'orderPlaced' && answer.orderNo) orderPlaced(answer.orderNo);
  else if (answer.orderNo) orderCreated(answer.orderNo);
  return answer;
}

/** Places the order, then refreshes what the cache table says in the background. */
export const usePlaceOrder = () => useMutation('placeOrder', placeOrder, { background: true });

/** After a failed payment (its modal closed): the reads the proxy changed when it restored the basket. */
export function usePaymentFailed(): () => void {
  const applyRow = useCacheRow();
  return useCallback(() => void applyRow('placeOrder'), [applyRow]);
}
