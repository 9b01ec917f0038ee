import { zCreateSandboxWalletMethodBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendNoStore } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { createSandboxWalletMethod as create } from '../../services/payments/sandbox-wallet.ts';
import { parseBody } from '../../validate.ts';

/** POST /api/sandbox/wallet-methods (sandbox mode only): the sandbox wallet sheet's Pay. */
export const createSandboxWalletMethod: Handler = async (req, res, ctx) => {
  const body = parseBody(zCreateSandboxWalletMethodBody, req);
  sendNoStore(res, await create(ctx, await shopperOf(req, res, ctx), body), 201);
};
