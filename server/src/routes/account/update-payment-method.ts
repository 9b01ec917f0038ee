import { zUpdatePaymentMethodBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendNoStore } from '../../http/send.ts';
import { withLockedShopper } from '../../http/shopper.ts';
import { savePaymentMethod } from '../../services/account/payment-method-save.ts';
import { parseBody } from '../../validate.ts';

/** PUT /api/account/payment-method (account §2 Edit payment method: the IP address recorded), under the session's lock. */
export const updatePaymentMethod: Handler = async (req, res, ctx) => {
  const body = parseBody(zUpdatePaymentMethodBody, req);
  const answer = await withLockedShopper(req, res, ctx, (shopper) =>
    savePaymentMethod(ctx, shopper, body, 'update', req.ip ?? '', req.get('user-agent') ?? ''),
  );
  sendNoStore(res, answer.body, answer.status);
};
