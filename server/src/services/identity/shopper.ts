/**
 * The shopper a service works for: the server-side session, a valid commerce shopper token (by
 * the spec's login decision, storefront §4 Authentication), the market of the session's locale,
 * and what the service needs of the request that brought it: its abort signal, its logger (with
 * the request id) and `persist()`, the one way to save the session. Services never see Express's
 * request or response; the request edge (http/shopper.ts) builds the shopper.
 */
import type { Logger } from 'pino';
import type { SiteId } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { DEFAULT_LOCALE, marketOfLocale, type Market } from '../../../../domain/locales.ts';
import type { SessionData, ShopperTokens } from '../../session.ts';

export interface Shopper {
  session: SessionData;
  tokens: ShopperTokens;
  /** `Authorization: Bearer <shopper token>` for commerce calls. */
  headers: { Authorization: string };
  organizationId: string;
  siteId: SessionData['site'];
  locale: string;
  market: Market;
  /** The request's abort signal: a shopper who leaves cancels the upstream calls made for them. */
  signal: AbortSignal;
  /** The request's logger (it carries the request id). */
  log: Logger;
  /** Saves the session (store and cookie); services call it where a change must outlive the call. */
  persist(): Promise<void>;
}

/** What a shopper is made of besides session and tokens: the request's signal, logger and saving. */
export type RequestScope = Pick<Shopper, 'signal' | 'log' | 'persist'>;

export function marketOf(session: Pick<SessionData, 'locale'>): Market {
  return marketOfLocale(session.locale) ?? marketOfLocale(DEFAULT_LOCALE)!;
}

export function shopperFor(ctx: AppContext, session: SessionData, tokens: ShopperTokens, scope: RequestScope): Shopper {
  return {
    session,
    tokens,
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
    organizationId: ctx.config.credentials.commerce.organizationId,
    siteId: session.site,
    locale: session.locale,
    market: marketOf(session),
    ...scope,
  };
}

/** Makes `site` the shopper's (and the session's); saved at once. */
export async function switchSite(shopper: Shopper, site: SiteId | undefined): Promise<void> {
  if (!site || site === shopper.session.site) return;
  shopper.session.site = site;
  shopper.siteId = site;
  await shopper.persist();
}

/** Makes `locale` the shopper's (and the session's) when it names a market; saved at once. */
export async function switchLocale(shopper: Shopper, locale: string | undefined): Promise<void> {
  if (!locale || !marketOfLocale(locale) || locale === shopper.session.locale) return;
  shopper.session.locale = locale;
  shopper.locale = locale;
  shopper.market = marketOf(shopper.session);
  await shopper.persist();
}
