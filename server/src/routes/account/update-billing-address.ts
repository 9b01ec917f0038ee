import { accountPagePath } from '../../../../domain/pages.ts';
import type { ShopperOperation } from '../../http/operation.ts';
import { updateBillingAddress as update } from '../../services/account/payment-method.ts';

/** PUT /api/account/billing-address (account §2 Edit billing address, §5), under the session's lock. */
export const updateBillingAddress = {
  access: { customer: () => accountPagePath('my-payment-method/edit-billing-address') },
  locked: true,
  cache: 'no-store',
  run: (ctx, shopper, { body }) => update(ctx, shopper, body),
} satisfies ShopperOperation<'updateBillingAddress'>;
