import { accountPagePath } from '../../../../domain/pages.ts';
import type { ShopperOperation } from '../../http/operation.ts';
import { deletePaymentMethod as remove } from '../../services/account/payment-method.ts';

/** DELETE /api/account/payment-method (account §2: the delete modal's confirmation), under the session's lock. */
export const deletePaymentMethod = {
  access: { customer: () => accountPagePath('my-payment-method') },
  locked: true,
  run: (ctx, shopper) => remove(ctx, shopper),
} satisfies ShopperOperation<'deletePaymentMethod'>;
