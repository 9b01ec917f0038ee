import type { components } from '../../../../generated/proxy/types.ts';
import type { Handler } from '../../context.ts';
import { DEFAULT_LOCALE } from '../../markets.ts';
import { becomeGuest, clearAuth, commerceLogin, commerceLogout } from '../../services/shopper-auth.ts';
import type { SessionData } from '../../session.ts';
import { sessionView } from './get-session.ts';

/** The renewal page of the current vehicle, by its mail token or VIN; the main page otherwise. */
export function logoutRedirect(session: SessionData): string {
  if (session.mailToken) return `/service/cn-connected-navigation?token=${encodeURIComponent(session.mailToken)}`;
  if (session.vehicle?.vin) return `/service/cn-connected-navigation?carvin=${encodeURIComponent(session.vehicle.vin)}`;
  return '/';
}

/**
 * POST /api/session/logout: ends the identity-provider session (id token) and the commerce session
 * (refresh token), clears all auth items, logs in as guest again (storefront §4) and answers the
 * path to go to. Upstream logout failures are logged: the local logout always happens.
 */
export const logout: Handler = async (req, res, ctx) => {
  const session = await ctx.sessions.currentOrNew(req, { site: ctx.config.sites.defaultSite, locale: DEFAULT_LOCALE });
  if (session.idToken) {
    try {
      const { response } = await ctx.upstreams.vehicles.GET('/v1/identity/logout', {
        params: { query: { id_token: session.idToken } },
        signal: req.signal,
      });
      if (!response.ok) req.log.warn({ status: response.status }, 'identity logout failed');
    } catch (error) {
      req.log.warn({ err: error }, 'identity logout failed');
    }
  }
  await commerceLogout(session, ctx);
  clearAuth(session);
  becomeGuest(session, await commerceLogin(session, ctx, { signal: req.signal }));
  await ctx.sessions.save(res, session);
  const body: components['schemas']['LogoutResult'] = {
    redirectTo: logoutRedirect(session),
    session: sessionView(session),
  };
  res.setHeader('Cache-Control', 'no-store');
  res.json(body);
};
