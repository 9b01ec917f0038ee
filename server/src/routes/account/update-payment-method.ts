import { accountPagePath } from '../../../../domain/pages.ts';
import { Reply, type ShopperOperation } from '../../http/operation.ts';
import { savePaymentMethod } from '../../services/account/payment-method-save.ts';

/** PUT /api/account/payment-method (account §2 Edit payment method: the IP address recorded), under the session's lock. */
export const updatePaymentMethod = {
  access: { customer: () => accountPagePath('my-payment-method/edit-payment-method') },
  locked: true,
  cache: 'no-store',
  run: async (ctx, shopper, { body }, { client }) => {
    const answer = await savePaymentMethod(ctx, shopper, body, 'update', client.ipAddress, client.userAgent);
    return new Reply(answer.body, answer.status);
  },
} satisfies ShopperOperation<'updatePaymentMethod'>;
