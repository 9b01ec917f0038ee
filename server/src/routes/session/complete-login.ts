import { zCompleteLoginBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendNoStore } from '../../http/send.ts';
import { requestScope } from '../../http/shopper.ts';
import { completeLogin as complete } from '../../services/identity-login.ts';
import { parseBody } from '../../validate.ts';

/** POST /api/session/login/callback: back from the identity provider (storefront §4 Authentication). */
export const completeLogin: Handler = async (req, res, ctx) => {
  const body = parseBody(zCompleteLoginBody, req);
  const session = await ctx.sessions.current(req);
  sendNoStore(res, await complete(ctx, session, requestScope(req, res, ctx, session), body));
};
