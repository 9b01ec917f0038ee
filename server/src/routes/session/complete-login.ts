import { zCompleteLoginBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import { sendNoStore } from '../../http/send.ts';
import { requestScope } from '../../http/shopper.ts';
import { completeLogin as complete } from '../../services/identity/identity-login.ts';
import { parseBody } from '../../validate.ts';
import { httpOperation } from '../../http/operation.ts';

/**
 * POST /api/session/login/callback: back from the identity provider (storefront §4 Authentication).
 * A completed login rotates the session id and CSRF token (issue 16).
 */
export const completeLogin = httpOperation(async (req, res, ctx) => {
  const body = parseBody(zCompleteLoginBody, req);
  const session = await ctx.sessions.current(req);
  const scope = {
    ...requestScope(req, res, ctx, session),
    rotate: async () => {
      if (session) await ctx.sessions.rotate(res, session);
    },
  };
  sendNoStore(res, await complete(ctx, session, scope, body));
});
