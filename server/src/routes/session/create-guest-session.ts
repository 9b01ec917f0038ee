import { DEFAULT_LOCALE } from '../../../../domain/locales.ts';
import { tokenFor } from '../../http/shopper.ts';
import { sessionView } from '../../session.ts';
import { httpOperation } from '../../http/operation.ts';

/**
 * POST /api/session/guest: a shopper token by the spec's order (reuse, refresh, guest login; one
 * guest retry after a refused refresh). A registered session stays registered, unless the platform
 * refused its refresh token: it is then signed out cleanly (issue 30). No token leaves the server:
 * the answer is the session view.
 */
export const createGuestSession = httpOperation(async (req, res, ctx) => {
  const session = await ctx.sessions.currentOrNew(req, { site: ctx.config.sites.defaultSite, locale: DEFAULT_LOCALE });
  await tokenFor(req, res, ctx, session);
  await ctx.sessions.save(res, session);
  res.setHeader('Cache-Control', 'no-store');
  res.status(201).json(sessionView(session));
});
