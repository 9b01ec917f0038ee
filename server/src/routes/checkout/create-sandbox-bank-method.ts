import type { ShopperOperation } from '../../http/operation.ts';
import { createSandboxBankMethod as create } from '../../services/payments/sandbox-methods.ts';

/** POST /api/sandbox/bank-methods (sandbox mode only): the iDEAL or Bancontact method of the market. */
export const createSandboxBankMethod = {
  access: 'shopper',
  cache: 'no-store',
  status: 201,
  run: (ctx, shopper, { body }) => create(ctx, shopper, body),
} satisfies ShopperOperation<'createSandboxBankMethod'>;
