import { zUpdateBillingAddressBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendNoStore } from '../../http/send.ts';
import { withLockedShopper } from '../../http/shopper.ts';
import { updateBillingAddress as update } from '../../services/account/payment-method.ts';
import { parseBody } from '../../validate.ts';

/** PUT /api/account/billing-address (account §2 Edit billing address, §5), under the session's lock. */
export const updateBillingAddress: Handler = async (req, res, ctx) => {
  const address = parseBody(zUpdateBillingAddressBody, req);
  sendNoStore(res, await withLockedShopper(req, res, ctx, (shopper) => update(ctx, shopper, address)));
};
