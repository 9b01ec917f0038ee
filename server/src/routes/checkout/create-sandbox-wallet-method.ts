import type { ShopperOperation } from '../../http/operation.ts';
import { createSandboxWalletMethod as create } from '../../services/payments/sandbox-wallet.ts';

/** POST /api/sandbox/wallet-methods (sandbox mode only): the sandbox wallet sheet's Pay. */
export const createSandboxWalletMethod = {
  access: 'shopper',
  cache: 'no-store',
  status: 201,
  run: (ctx, shopper, { body }) => create(ctx, shopper, body),
} satisfies ShopperOperation<'createSandboxWalletMethod'>;
