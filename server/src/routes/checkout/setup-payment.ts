import type { ShopperOperation } from '../../http/operation.ts';
import { setupPayment as setup } from '../../services/checkout/setup-payment.ts';

/** POST /api/checkout/payment-setup: what the market's payment form needs. */
export const setupPayment = {
  access: 'shopper',
  cache: 'no-store',
  run: (ctx, shopper, { body }) => setup(ctx, shopper, body),
} satisfies ShopperOperation<'setupPayment'>;
