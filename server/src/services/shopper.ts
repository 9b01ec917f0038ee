/**
 * What a shopper call needs: the server-side session (created when missing), a valid commerce
 * shopper token by the spec's login decision (storefront §4 Authentication), and the market of the
 * session's locale. Saving the session after the token step keeps refreshed tokens.
 */
import type { Request, Response } from 'express';
import type { AppContext } from '../context.ts';
import { DEFAULT_LOCALE, marketOfLocale, type Market } from '../markets.ts';
import type { SessionData, ShopperTokens } from '../session.ts';
import { resolveSite } from '../site.ts';
import { ensureShopperToken } from './shopper-auth.ts';

export interface Shopper {
  session: SessionData;
  tokens: ShopperTokens;
  /** `Authorization: Bearer <shopper token>` for commerce calls. */
  headers: { Authorization: string };
  organizationId: string;
  siteId: SessionData['site'];
  locale: string;
  market: Market;
}

export function marketOf(session: Pick<SessionData, 'locale'>): Market {
  return marketOfLocale(session.locale) ?? marketOfLocale(DEFAULT_LOCALE)!;
}

/** The session's shopper, logged in as guest when it had no usable token; the session is saved. */
export async function shopperOf(req: Request, res: Response, ctx: AppContext): Promise<Shopper> {
  const site = resolveSite(req, ctx.config, undefined) ?? ctx.config.sites.defaultSite;
  const session = await ctx.sessions.currentOrNew(req, { site, locale: DEFAULT_LOCALE });
  const tokens = await ensureShopperToken(session, ctx, req.signal);
  await ctx.sessions.save(res, session);
  return {
    session,
    tokens,
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
    organizationId: ctx.config.credentials.commerce.organizationId,
    siteId: session.site,
    locale: session.locale,
    market: marketOf(session),
  };
}
