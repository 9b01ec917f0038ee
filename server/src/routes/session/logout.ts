import { sendNoStore } from '../../http/send.ts';
import { requestScope } from '../../http/shopper.ts';
import { DEFAULT_LOCALE } from '../../../../domain/locales.ts';
import { logout as logOut } from '../../services/identity/identity-login.ts';
import { httpOperation } from '../../http/operation.ts';

/**
 * POST /api/session/logout: both sessions end, a guest session goes on (storefront §4) under a new
 * session id and CSRF token (issue 16).
 */
export const logout = httpOperation(async (req, res, ctx) => {
  const session = await ctx.sessions.currentOrNew(req, { site: ctx.config.sites.defaultSite, locale: DEFAULT_LOCALE });
  const scope = { ...requestScope(req, res, ctx, session), rotate: () => ctx.sessions.rotate(res, session) };
  sendNoStore(res, await logOut(ctx, session, scope));
});
