import type { Handler } from '../../context.ts';
import { withLockedShopper } from '../../http/shopper.ts';
import { deletePaymentMethod as remove } from '../../services/account/payment-method.ts';

/** DELETE /api/account/payment-method (account §2: the delete modal's confirmation), under the session's lock. */
export const deletePaymentMethod: Handler = async (req, res, ctx) => {
  await withLockedShopper(req, res, ctx, (shopper) => remove(ctx, shopper));
  res.status(204).set('Cache-Control', 'no-store').end();
};
