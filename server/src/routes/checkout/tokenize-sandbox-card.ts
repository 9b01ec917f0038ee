import { zTokenizeSandboxCardBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendNoStore } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { tokenizeSandboxCard as tokenize } from '../../services/payments/sandbox-methods.ts';
import { parseBody } from '../../validate.ts';

/** POST /api/sandbox/card-tokens (sandbox mode only): the card form's values as a provider token. */
export const tokenizeSandboxCard: Handler = async (req, res, ctx) => {
  const body = parseBody(zTokenizeSandboxCardBody, req);
  sendNoStore(res, await tokenize(ctx, await shopperOf(req, res, ctx), body), 201);
};
