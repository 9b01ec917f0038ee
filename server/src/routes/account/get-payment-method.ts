import { accountPagePath } from '../../../../domain/pages.ts';
import type { ShopperOperation } from '../../http/operation.ts';
import { paymentMethodPage } from '../../services/account/payment-method.ts';

/** GET /api/account/payment-method (account §2 Payment method page). */
export const getPaymentMethod = {
  access: { customer: () => accountPagePath('my-payment-method') },
  run: (ctx, shopper) => paymentMethodPage(ctx, shopper),
} satisfies ShopperOperation<'getPaymentMethod'>;
