import { zCreateSandboxBankMethodBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendNoStore } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { createSandboxBankMethod as create } from '../../services/payments/sandbox-methods.ts';
import { parseBody } from '../../validate.ts';

/** POST /api/sandbox/bank-methods (sandbox mode only): the iDEAL or Bancontact method of the market. */
export const createSandboxBankMethod: Handler = async (req, res, ctx) => {
  const body = parseBody(zCreateSandboxBankMethodBody, req);
  sendNoStore(res, await create(ctx, await shopperOf(req, res, ctx), body), 201);
};
