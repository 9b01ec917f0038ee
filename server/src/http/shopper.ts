/**
 * The request edge of every shopper operation: the session named by the request's cookie (a new
 * one when there is none), a usable commerce shopper token, and the Shopper handed to services.
 * Only this module and the routes touch Express's request and response.
 *
 * A registered shopper's sign-in that ends because the platform refused the tokens (issue 30,
 * docs/decisions/029) ends cleanly here: the session is rotated away as at logout (decision 026),
 * an account operation answers the login problem (http/customer.ts), and any other goes on as a guest
 * (storefront §4: one retry after clearing auth).
 */
import type { Request, Response } from 'express';
import { renewBearerWith } from '../upstream/bearer-renewal.ts';
import type { AppContext } from '../context.ts';
import { DEFAULT_LOCALE } from '../../../domain/locales.ts';
import { becomeGuest, commerceLogin, ensureShopperToken, renewRefused } from '../services/identity/shopper-auth.ts';
import { shopperFor, type RequestScope, type Shopper } from '../services/identity/shopper.ts';
import type { SessionData, ShopperTokens } from '../session.ts';
import { resolveSite } from '../site.ts';
import { isCustomerRequest, markSignInEnded } from './customer.ts';
import { withholdAnswer } from './send.ts';

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

/** The rotations of ended sign-ins in flight, by the id they rotate away: one per session, whichever request saw it end. */
const endings = new Map<string, Promise<void>>();

/**
 * The platform refused the shopper's tokens during `req` and the session's sign-in ended
 * (`endSignIn`): the session gets a new id as at logout, its old id a tombstone (decision 026), so
 * no request still holding the signed-in session can write it back. The session's other requests
 * that see the same end (in flight on this instance, or later with the old id's tombstone in place)
 * leave the rotation to the first: their copies are never saved (Sessions.save finds the id gone).
 */
async function signOut(req: Request, res: Response, ctx: AppContext, session: SessionData): Promise<void> {
  markSignInEnded(req, session);
  // An account operation answers the login, whatever it read before (the route turns this into it).
  if (isCustomerRequest(req)) withholdAnswer(res, () => new Error('the sign-in ended during an account operation'));
  const id = session.id;
  const running = endings.get(id);
  if (running) return running;
  const rotation = (async () => {
    if (!(await ctx.sessions.options.store.rotated(id))) await ctx.sessions.rotate(res, session);
  })().finally(() => endings.delete(id));
  endings.set(id, rotation);
  return rotation;
}

/**
 * A usable token for `session` (ensureShopperToken), signing out cleanly when a refused refresh
 * ended the registered shopper's sign-in.
 */
export async function tokenFor(
  req: Request,
  res: Response,
  ctx: AppContext,
  session: SessionData,
): Promise<ShopperTokens> {
  const registered = session.authType === 'registered';
  const tokens = await ensureShopperToken(session, ctx, req.signal);
  if (registered && session.authType !== 'registered') await signOut(req, res, ctx, session);
  return tokens;
}

/**
 * How `shopper`'s request renews a token the platform refused (upstream/bearer-renewal.ts): one refresh
 * (renewRefused); when it is refused too, a registered shopper is signed out (`signOut`) and an
 * account operation stops there (it answers the login), any other request logs in as a guest and
 * sends the call again with the guest's token. A platform that cannot answer leaves the call its 401
 * (the services' 502).
 */
function renewalFor(req: Request, res: Response, ctx: AppContext, shopper: Shopper) {
  // The tokens this shopper held in this request: a call made with anyone else's (an order attempt's
  // own token) is not the shopper's to renew.
  const held = new Set([shopper.tokens.accessToken]);
  let guest: Promise<string> | undefined;
  const adopt = async (tokens: ShopperTokens) => {
    held.add(tokens.accessToken);
    shopper.tokens = tokens;
    shopper.headers.Authorization = `Bearer ${tokens.accessToken}`;
    await shopper.persist();
    return tokens.accessToken;
  };
  return async (refused: string): Promise<string | undefined> => {
    if (!held.has(refused)) return undefined;
    const { session } = shopper;
    const registered = session.authType === 'registered';
    let renewed: ShopperTokens | undefined;
    try {
      renewed = await renewRefused(session, ctx, refused);
    } catch (error) {
      shopper.log.warn({ err: error }, 'a refused shopper token could not be renewed');
      return undefined;
    }
    if (renewed) return adopt(renewed);
    if (registered) await signOut(req, res, ctx, session);
    if (isCustomerRequest(req)) return undefined;
    // One guest login for the request's calls refused together.
    guest ??= commerceLogin(session, ctx, { signal: req.signal }).then((tokens) => {
      becomeGuest(session, tokens);
      return adopt(tokens);
    });
    return guest;
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
  const tokens = await tokenFor(req, res, ctx, session);
  const shopper = shopperFor(ctx, session, tokens, requestScope(req, res, ctx, session));
  renewBearerWith(renewalFor(req, res, ctx, shopper));
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
  // attempts wait for each other too (services/attempts/order-attempt.ts, answerForOrderedBasket).
  const session = await ctx.sessions.current(req);
  const customerId = session?.authType === 'registered' ? session.shopperTokens?.customerId : undefined;
  const key = customerId ? `customer:${customerId}` : (session?.id ?? 'anonymous');
  return ctx.locks.run(key, async () => work(await shopperOf(req, res, ctx)));
}
