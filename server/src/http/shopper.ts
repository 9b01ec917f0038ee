/**
 * The request edge of every shopper operation: the session named by the request's cookie (a new
 * one when there is none), a usable commerce shopper token, and the Shopper handed to services.
 * Only this module and the routes touch Express's request and response.
 */
import type { Request, Response } from 'express';
import type { AppContext } from '../context.ts';
import { DEFAULT_LOCALE } from '../markets.ts';
import { ensureShopperToken } from '../services/shopper-auth.ts';
import { shopperFor, type RequestScope, type Shopper } from '../services/shopper.ts';
import type { SessionData } from '../session.ts';
import { resolveSite } from '../site.ts';

/**
 * The request's signal, logger and the saver of `session` that sets the cookie on this response
 * (the session's id may change before it saves: a login renews it).
 */
export function requestScope(
  req: Request,
  res: Response,
  ctx: AppContext,
  session: SessionData | undefined,
): RequestScope {
  return {
    signal: req.signal,
    log: req.log ?? ctx.logger,
    persist: async () => {
      if (session) await ctx.sessions.save(res, session);
    },
  };
}

/**
 * The session's shopper, logged in as guest when it had no usable token; the session is saved. A
 * new session takes `defaults` (a page names its site and locale), else the host's site in en-GB.
 */
export async function shopperOf(
  req: Request,
  res: Response,
  ctx: AppContext,
  defaults?: Partial<Pick<SessionData, 'site' | 'locale'>>,
): Promise<Shopper> {
  const site = defaults?.site ?? resolveSite(req, ctx.config, undefined) ?? ctx.config.sites.defaultSite;
  const session = await ctx.sessions.currentOrNew(req, { site, locale: defaults?.locale ?? DEFAULT_LOCALE });
  const tokens = await ensureShopperToken(session, ctx, req.signal);
  const shopper = shopperFor(ctx, session, tokens, requestScope(req, res, ctx, session));
  await shopper.persist();
  return shopper;
}

/**
 * Runs `work` for the request's shopper after every earlier locked work of the same session (of the
 * same customer, when registered) has finished (ctx.locks): the session is read inside the lock, so a double click or a second tab
 * sees what the first wrote (one order, one charge).
 */
export async function withLockedShopper<T>(
  req: Request,
  res: Response,
  ctx: AppContext,
  work: (shopper: Shopper) => Promise<T>,
): Promise<T> {
  // A registered shopper's basket is the customer's, shared by all their sessions (two browsers): their
  // attempts wait for each other too (services/checkout/ordered-basket.ts).
  const session = await ctx.sessions.current(req);
  const customerId = session?.authType === 'registered' ? session.shopperTokens?.customerId : undefined;
  const key = customerId ? `customer:${customerId}` : (session?.id ?? 'anonymous');
  return ctx.locks.run(key, async () => work(await shopperOf(req, res, ctx)));
}
