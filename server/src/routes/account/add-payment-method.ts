import { accountPagePath } from '../../../../domain/pages.ts';
import { Reply, type ShopperOperation } from '../../http/operation.ts';
import { savePaymentMethod } from '../../services/account/payment-method-save.ts';

/** POST /api/account/payment-method (account §2 Add payment method), under the session's lock. */
export const addPaymentMethod = {
  access: { customer: () => accountPagePath('my-payment-method/add-payment-method') },
  locked: true,
  cache: 'no-store',
  run: async (ctx, shopper, { body }, { client }) => {
    const answer = await savePaymentMethod(ctx, shopper, body, 'add', client.ipAddress, client.userAgent);
    return new Reply(answer.body, answer.status);
  },
} satisfies ShopperOperation<'addPaymentMethod'>;
