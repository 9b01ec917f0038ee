import { zPlaceOrderBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { invalidField } from '../../errors.ts';
import { sendNoStore } from '../../http/send.ts';
import { withLockedShopper } from '../../http/shopper.ts';
import { countPaymentOutcome } from '../../metrics/place-order.ts';
import { placeOrder as place } from '../../services/checkout/place-order.ts';
import { parseBody } from '../../validate.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,255}$/;

/**
 * POST /api/checkout/orders: place the order and pay (storefront §4 "On payment"), one attempt per
 * Idempotency-Key, under the session's lock (one order and one charge for a double submit).
 */
export const placeOrder: Handler = async (req, res, ctx) => {
  const key = req.get('idempotency-key') ?? '';
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw invalidField('The Idempotency-Key header is missing or invalid.', {
      field: 'Idempotency-Key',
      message: 'Give a fresh random key per order attempt.',
      code: 'required',
    });
  }
  const body = parseBody(zPlaceOrderBody, req);
  const client = { ipAddress: req.ip ?? '', userAgent: req.get('user-agent') ?? '' };
  // Each answer counted by outcome (metrics/place-order.ts, issue 16).
  const answer = await countPaymentOutcome(
    ctx,
    'placeOrder',
    withLockedShopper(req, res, ctx, (shopper) => place(ctx, shopper, body, key, client)),
  );
  sendNoStore(res, answer.body, answer.status);
};
