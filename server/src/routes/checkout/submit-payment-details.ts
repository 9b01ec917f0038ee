import { zSubmitPaymentDetailsBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { invalidField } from '../../errors.ts';
import { sendNoStore } from '../../http/send.ts';
import { withLockedShopper } from '../../http/shopper.ts';
import { countPaymentOutcome } from '../../metrics/place-order.ts';
import { finishPaymentMethodSave } from '../../services/account/payment-method-save.ts';
import { confirmPayment } from '../../services/checkout/confirm-payment.ts';
import type { ReturnRequest } from '../../services/payments/provider.ts';
import { parseBody } from '../../validate.ts';

/**
 * POST /api/checkout/payment-details: the Adyen component's `onAdditionalDetails` state.data after
 * a native 3-D Secure 2 challenge (or a redirect result), for the order in flight or (context
 * accountPaymentMethod) the account's saving. Adyen's /payments/details gives the result, then the
 * order is settled exactly as after a redirect return (confirmPayment).
 */
export const submitPaymentDetails: Handler = async (req, res, ctx) => {
  const body = parseBody(zSubmitPaymentDetailsBody, req);
  const request: ReturnRequest = {
    context: body.context,
    provider: 'adyen',
    ...(body.orderNo ? { orderNo: body.orderNo } : {}),
    ...(body.details.threeDSResult ? { threeDSResult: body.details.threeDSResult } : {}),
    ...(body.details.redirectResult ? { redirectResult: body.details.redirectResult } : {}),
  };
  // An order's payment return counts with the place-order outcomes (metrics/place-order.ts, issue 16).
  const counted = body.context === 'accountPaymentMethod' ? undefined : 'submitPaymentDetails';
  const answer = await countPaymentOutcome(
    ctx,
    counted,
    withLockedShopper(req, res, ctx, (shopper) => {
      const pending =
        body.context === 'accountPaymentMethod' ? shopper.session.pendingMethodSave : shopper.session.pendingPayment;
      // Only an Adyen payment has additional details.
      if (pending && pending.provider !== 'adyen')
        throw invalidField('The payment in flight is not an Adyen payment.', {
          field: '/details',
          message: 'Not an Adyen payment.',
          code: 'mismatch',
        });
      return body.context === 'accountPaymentMethod'
        ? finishPaymentMethodSave(ctx, shopper, request)
        : confirmPayment(ctx, shopper, request);
    }),
  );
  sendNoStore(res, answer.body, answer.status);
};
