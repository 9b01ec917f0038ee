import { invalidField } from '../../errors.ts';
import { Reply, type ShopperOperation } from '../../http/operation.ts';
import { countPaymentOutcome } from '../../metrics/place-order.ts';
import { placeOrder as place } from '../../services/checkout/place-order.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,255}$/;

/**
 * POST /api/checkout/orders: place the order and pay (storefront §4 "On payment"), one attempt per
 * Idempotency-Key, under the session's lock (one order and one charge for a double submit).
 */
export const placeOrder = {
  access: 'shopper',
  locked: true,
  cache: 'no-store',
  run: async (ctx, shopper, { body }, request) => {
    const key = request.header('idempotency-key') ?? '';
    if (!IDEMPOTENCY_KEY.test(key)) {
      throw invalidField('The Idempotency-Key header is missing or invalid.', {
        field: 'Idempotency-Key',
        message: 'Give a fresh random key per order attempt.',
        code: 'required',
      });
    }
    // Each answer counted by outcome (metrics/place-order.ts, issue 16).
    const answer = await countPaymentOutcome(ctx, 'placeOrder', place(ctx, shopper, body, key, request.client));
    return new Reply(answer.body, answer.status);
  },
} satisfies ShopperOperation<'placeOrder'>;
