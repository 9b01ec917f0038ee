import { invalidField } from '../../errors.ts';
import { Reply, type ShopperOperation } from '../../http/operation.ts';
import { countPaymentOutcome } from '../../metrics/place-order.ts';
import { finishPaymentMethodSave } from '../../services/account/payment-method-save.ts';
import { confirmPayment } from '../../services/checkout/confirm-payment.ts';
import type { ReturnRequest } from '../../services/payments/provider.ts';

/**
 * POST /api/checkout/payment-details: the Adyen component's `onAdditionalDetails` state.data after
 * a native 3-D Secure 2 challenge (or a redirect result), for the order in flight or (context
 * accountPaymentMethod) the account's saving. Adyen's /payments/details gives the result, then the
 * order is settled exactly as after a redirect return (confirmPayment).
 */
export const submitPaymentDetails = {
  access: 'shopper',
  locked: true,
  cache: 'no-store',
  run: async (ctx, shopper, { body }) => {
    const request: ReturnRequest = {
      context: body.context,
      provider: 'adyen',
      ...(body.orderNo ? { orderNo: body.orderNo } : {}),
      ...(body.details.threeDSResult ? { threeDSResult: body.details.threeDSResult } : {}),
      ...(body.details.redirectResult ? { redirectResult: body.details.redirectResult } : {}),
    };
    const saving = body.context === 'accountPaymentMethod';
    const settle = async () => {
      const pending = saving ? shopper.session.pendingMethodSave : shopper.session.pendingPayment;
      // Only an Adyen payment has additional details.
      if (pending && pending.provider !== 'adyen')
        throw invalidField('The payment in flight is not an Adyen payment.', {
          field: '/details',
          message: 'Not an Adyen payment.',
          code: 'mismatch',
        });
      return saving ? finishPaymentMethodSave(ctx, shopper, request) : confirmPayment(ctx, shopper, request);
    };
    // An order's payment return counts with the place-order outcomes (metrics/place-order.ts, issue 16).
    const answer = await countPaymentOutcome(ctx, saving ? undefined : 'submitPaymentDetails', settle());
    return new Reply(answer.body, answer.status);
  },
} satisfies ShopperOperation<'submitPaymentDetails'>;
