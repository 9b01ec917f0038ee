import { Reply, type ShopperOperation } from '../../http/operation.ts';
import { countPaymentOutcome } from '../../metrics/place-order.ts';
import { finishPaymentMethodSave } from '../../services/account/payment-method-save.ts';
import { confirmPayment as confirm } from '../../services/checkout/confirm-payment.ts';

/**
 * POST /api/checkout/payment-confirmation: back from 3-D Secure or the bank page, of an order's
 * payment or (context accountPaymentMethod) of the account's saving of a payment method.
 */
export const confirmPayment = {
  access: 'shopper',
  locked: true,
  cache: 'no-store',
  run: async (ctx, shopper, { body }) => {
    const saving = body.context === 'accountPaymentMethod';
    // An order's payment return counts with the place-order outcomes (metrics/place-order.ts, issue 16).
    const answer = await countPaymentOutcome(
      ctx,
      saving ? undefined : 'confirmPayment',
      saving ? finishPaymentMethodSave(ctx, shopper, body) : confirm(ctx, shopper, body),
    );
    return new Reply(answer.body, answer.status);
  },
} satisfies ShopperOperation<'confirmPayment'>;
