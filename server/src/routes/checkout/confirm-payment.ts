import { zConfirmPaymentBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendNoStore } from '../../http/send.ts';
import { withLockedShopper } from '../../http/shopper.ts';
import { countPaymentOutcome } from '../../metrics/place-order.ts';
import { finishPaymentMethodSave } from '../../services/account/payment-method-save.ts';
import { confirmPayment as confirm } from '../../services/checkout/confirm-payment.ts';
import { parseBody } from '../../validate.ts';

/**
 * POST /api/checkout/payment-confirmation: back from 3-D Secure or the bank page, of an order's
 * payment or (context accountPaymentMethod) of the account's saving of a payment method.
 */
export const confirmPayment: Handler = async (req, res, ctx) => {
  const body = parseBody(zConfirmPaymentBody, req);
  // An order's payment return counts with the place-order outcomes (metrics/place-order.ts, issue 16).
  const answer = await countPaymentOutcome(
    ctx,
    body.context === 'accountPaymentMethod' ? undefined : 'confirmPayment',
    withLockedShopper(req, res, ctx, (shopper) =>
      body.context === 'accountPaymentMethod'
        ? finishPaymentMethodSave(ctx, shopper, body)
        : confirm(ctx, shopper, body),
    ),
  );
  sendNoStore(res, answer.body, answer.status);
};
