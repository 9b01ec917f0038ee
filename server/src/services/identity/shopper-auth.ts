/**
 * Commerce shopper tokens (SLAS) kept in the server session: storefront §4 Authentication. The
 * decision order is the domain's (`loginDecision`): reuse a token valid with its 60 s margin, else
 * refresh with the refresh token, else a guest login; a refresh the platform refuses (`isRefreshRefused`:
 * invalid_grant, 'invalid refresh_token', EXPIRED_TOKEN) clears auth and logs in as guest once more,
 * and a registered shopper's sign-in ends there (`endSignIn`, issue 30). A token the platform refuses
 * before its expiry is refreshed once too (`renewRefused`). The requests of a session that hold the
 * same token share one refresh (`sharedRefresh`). PKCE verifiers are 128 characters for the commerce
 * login and 96 for the identity provider (storefront §9).
 *
 * Guests log in with the site's public client (authorize with `hint=guest`, PKCE); an authorize refused
 * for its redirect URI is also said once, with what to configure (redirect-refusal.ts). A registered
 * shopper's tokens come, after the identity provider's login, from SLAS's trusted-system
 * on-behalf-of token with the server's private client (HTTP Basic): the same call in sandbox and
 * live mode. Those tokens belong to the private client, which refreshes them (the refresh token is
 * kept, 90 days) and names itself on logout.
 */
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRefreshRefused, loginDecision } from '../../../../domain/login.ts';
import type { AppContext } from '../../context.ts';
import { upstreamError } from '../../errors.ts';
import { ROTATED_TOMBSTONE_SECONDS, type SessionData, type ShopperTokens } from '../../session.ts';
import { refusesRedirectUri, reportRefusedRedirect } from './redirect-refusal.ts';
import {
  authorizeCustomer,
  getAccessToken,
  getTrustedSystemAccessToken,
  logoutCustomer,
} from '../../upstream/commerce/shopper-login.ts';

/** A PKCE verifier of exactly `length` characters from the unreserved set (base64url). */
export function pkceVerifier(length: 96 | 128): string {
  return randomBytes((length / 4) * 3).toString('base64url');
}

/** S256 code challenge: BASE64URL(SHA-256(verifier)) without padding. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The commerce SLAS redirect URI (never followed: the code is read from the Location header). */
export const commerceRedirectUri = (ctx: AppContext): string => `${ctx.config.publicOrigin}/callback`;

interface OAuthFailure {
  error?: string;
  error_description?: string;
}

/** A refresh's outcome: new tokens, or the platform's refusal (its OAuth error); a failure to answer throws. */
type RefreshOutcome = { tokens: ShopperTokens } | { refused: string };

function tokensOf(
  data: { access_token: string; refresh_token: string; usid: string; customer_id: string; expires_in: number },
  now: number,
): ShopperTokens {
  return {
    accessToken: data.access_token,
    refreshToken: data.refresh_token,
    usid: data.usid,
    customerId: data.customer_id,
    expiresAt: now + data.expires_in * 1000,
  };
}

/** Removes every auth item from the session (tokens, identity, customer, login in progress). */
export function clearAuth(session: SessionData): void {
  delete session.sessionEnded;
  delete session.shopperTokens;
  delete session.idToken;
  delete session.principalUUID;
  delete session.sapCdcId;
  delete session.login;
  session.customer = null;
  session.authType = 'none';
  session.basketItemCount = 0;
}

/** HTTP Basic of the server's private SLAS client. */
function privateClientAuth(ctx: AppContext): string {
  const { id, secret } = ctx.config.credentials.commerce.privateClient;
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

/** The identity provider the shoppers sign in with, as SLAS names it (`idp_origin`). */
export const IDP_ORIGIN = 'forgerock';

/**
 * A guest login: SLAS authorize with `hint=guest` (code flow with a 128-character PKCE verifier)
 * then the authorization_code_pkce exchange, with the site's public client.
 */
export async function commerceLogin(
  session: SessionData,
  ctx: AppContext,
  options: { signal?: AbortSignal } = {},
): Promise<ShopperTokens> {
  const { clientIds } = ctx.config.credentials.commerce;
  const clientId = clientIds[session.site];
  const verifier = pkceVerifier(128);
  const redirectUri = commerceRedirectUri(ctx);
  const query = {
    redirect_uri: redirectUri,
    response_type: 'code' as const,
    client_id: clientId,
    channel_id: session.site,
    code_challenge: pkceChallenge(verifier),
    hint: 'guest',
    ...(session.shopperTokens?.usid ? { usid: session.shopperTokens.usid } : {}),
  };
  const authorize = await authorizeCustomer(ctx, query, options.signal).catch((cause: unknown) => {
    throw upstreamError('commerce', cause);
  });
  const location = authorize.response.headers.get('location');
  const target = location && URL.canParse(location) ? new URL(location) : undefined;
  const code = target?.searchParams.get('code');
  const usid = target?.searchParams.get('usid');
  if (authorize.response.status >= 400 || !code || !usid) {
    ctx.logger.warn({ status: authorize.response.status, error: authorize.error }, 'commerce authorize failed');
    if (refusesRedirectUri(authorize.response.status, authorize.error))
      reportRefusedRedirect(ctx, { redirectUri, clientId, error: authorize.error });
    throw upstreamError('commerce');
  }
  const token = await getAccessToken(
    ctx,
    {
      grant_type: 'authorization_code_pkce',
      code,
      usid,
      code_verifier: verifier,
      redirect_uri: redirectUri,
      client_id: clientId,
      channel_id: session.site,
    },
    options.signal ? { signal: options.signal } : {},
  ).catch((cause: unknown) => {
    throw upstreamError('commerce', cause);
  });
  if (!token.data) {
    ctx.logger.warn({ status: token.response.status, error: token.error }, 'commerce token exchange failed');
    throw upstreamError('commerce');
  }
  return tokensOf(token.data, Date.now());
}

/**
 * SLAS's service protection window for trusted-system logins: a second login of the same shopper
 * within 3 seconds answers 409 (https://developer.salesforce.com/docs/commerce/commerce-api/guide/slas-trusted-system.html).
 */
const TSOB_WINDOW_MS = 3000;
const TSOB_RETRY_MS = 1000;

/**
 * A registered shopper's tokens after the identity provider's login: SLAS's trusted-system
 * on-behalf-of token (`grant_type=client_credentials`, `hint=ts_ext_on_behalf_of`) with the
 * server's private client (HTTP Basic). `login_id` is the shopper's stable id at the identity
 * provider, the directory UID: SLAS makes a new shopper of every login_id it has not seen, so an
 * e-mail there would lose the shopper's account when it changes (docs/decisions/030). The e-mail
 * goes as `email_id`, for the profile of a shopper SLAS creates. The guest's usid goes along so
 * that the guest basket can be merged.
 */
export async function registeredLogin(
  session: SessionData,
  ctx: AppContext,
  identity: { directoryUid: string; email: string },
  signal?: AbortSignal,
): Promise<ShopperTokens> {
  const { clientIds } = ctx.config.credentials.commerce;
  const login = () =>
    getTrustedSystemAccessToken(
      ctx,
      {
        grant_type: 'client_credentials',
        hint: 'ts_ext_on_behalf_of',
        login_id: identity.directoryUid,
        email_id: identity.email,
        idp_origin: IDP_ORIGIN,
        client_id: clientIds[session.site],
        channel_id: session.site,
        ...(session.shopperTokens?.usid ? { usid: session.shopperTokens.usid } : {}),
      },
      privateClientAuth(ctx),
      signal,
    ).catch((cause: unknown) => {
      throw upstreamError('commerce', cause);
    });
  let token = await login();
  // SLAS refuses a second login of the same shopper within its 3-second service protection window
  // (409): another tab or device of theirs signed in a moment ago. Asked again each second until the
  // window has surely passed (one more try than the window's seconds: timers and clocks round).
  for (let wait = 0; token.response.status === 409 && wait <= TSOB_WINDOW_MS; wait += TSOB_RETRY_MS) {
    await sleep(TSOB_RETRY_MS, undefined, signal ? { signal } : {});
    token = await login();
  }
  if (!token.data) {
    ctx.logger.warn({ status: token.response.status, error: token.error }, 'commerce trusted-system login failed');
    throw upstreamError('commerce');
  }
  return { ...tokensOf(token.data, Date.now()), privateClient: true };
}

/**
 * A registered shopper's sign-in ended without a logout: the platform refused the tokens (issue 30).
 * Auth is cleared as at logout, and the session remembers why, for the account's login problem.
 */
export function endSignIn(session: SessionData): void {
  clearAuth(session);
  session.sessionEnded = 'token-refused';
}

async function refresh(session: SessionData, ctx: AppContext): Promise<RefreshOutcome> {
  const { clientIds } = ctx.config.credentials.commerce;
  const refreshToken = session.shopperTokens?.refreshToken ?? '';
  // The private client authenticates with HTTP Basic; a public client names itself in the form.
  const privateClient = session.shopperTokens?.privateClient === true;
  const result = await getAccessToken(
    ctx,
    {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      ...(privateClient ? {} : { client_id: clientIds[session.site] }),
      channel_id: session.site,
    },
    privateClient ? { authorization: privateClientAuth(ctx) } : {},
  ).catch((cause: unknown) => {
    throw upstreamError('commerce', cause);
  });
  if (result.data)
    return { tokens: { ...tokensOf(result.data, Date.now()), ...(privateClient ? { privateClient } : {}) } };
  const failure = (result.error ?? {}) as OAuthFailure;
  const reason = `${failure.error ?? ''}: ${failure.error_description ?? ''}`;
  const status = result.response.status;
  if (isRefreshRefused({ status, error: failure.error, message: reason })) return { refused: reason };
  ctx.logger.warn({ status, reason }, 'shopper token refresh failed');
  throw upstreamError('commerce');
}

/**
 * How long a refresh's outcome is kept for the token it replaced: as long as a rotated id's
 * tombstone, which outlasts any request in flight (issue 30).
 */
const REFRESH_KEPT_MS = ROTATED_TOMBSTONE_SECONDS * 1000;
/** Refreshes in flight or just done, per instance (its context) and by the token they replace. */
const refreshes = new WeakMap<object, Map<string, Promise<RefreshOutcome>>>();

/**
 * One refresh for every request of the session holding the same token (issue 30): a page's
 * parallel reads, or a read that lands after another renewed or lost the token, adopt the first
 * one's outcome instead of asking again, which a public client's rotated refresh token would
 * refuse. Kept REFRESH_KEPT_MS; a failure to reach the platform is not kept (the next request asks
 * again). The refresh carries no request's signal: one shopper leaving does not fail the others.
 */
function sharedRefresh(session: SessionData, ctx: AppContext): Promise<RefreshOutcome> {
  const tokens = session.shopperTokens;
  const key = `${tokens?.accessToken ?? ''} ${tokens?.refreshToken ?? ''}`;
  let inFlight = refreshes.get(ctx);
  if (!inFlight) refreshes.set(ctx, (inFlight = new Map()));
  const known = inFlight.get(key);
  if (known) return known;
  const running = refresh(session, ctx);
  const kept = inFlight;
  kept.set(key, running);
  running.then(
    () => setTimeout(() => kept.delete(key), REFRESH_KEPT_MS).unref(),
    () => kept.delete(key),
  );
  return running;
}

/** Takes a refused refresh's consequence: a registered shopper's sign-in ends, a guest's tokens go. */
function refused(session: SessionData, ctx: AppContext, reason: string): void {
  if (session.authType === 'registered') {
    ctx.logger.info({ reason }, 'registered shopper signed out: the platform refused the refresh token');
    endSignIn(session);
  } else {
    clearAuth(session);
  }
}

/** Stores a guest login's tokens: a guest without customer summary. */
export function becomeGuest(session: SessionData, tokens: ShopperTokens): void {
  session.shopperTokens = tokens;
  session.authType = 'guest';
  session.customer = null;
}

/**
 * A usable shopper token for the session, by the spec's decision order. Mutates the session (the
 * caller saves it). A refused refresh ends a registered shopper's sign-in (`endSignIn`) and logs in
 * as guest, as for a guest (storefront §4). Throws a 502 problem when the commerce platform cannot
 * give one.
 */
export async function ensureShopperToken(
  session: SessionData,
  ctx: AppContext,
  signal?: AbortSignal,
): Promise<ShopperTokens> {
  const current = session.shopperTokens;
  const step = loginDecision(
    {
      ...(current?.expiresAt !== undefined ? { accessTokenExpiresAt: current.expiresAt } : {}),
      hasRefreshToken: Boolean(current?.refreshToken),
    },
    Date.now(),
  );
  if (step === 'reuseToken' && current) return current;
  if (step === 'refresh') {
    const outcome = await sharedRefresh(session, ctx);
    if ('tokens' in outcome) {
      session.shopperTokens = outcome.tokens;
      if (session.authType === 'none') session.authType = 'guest';
      return outcome.tokens;
    }
    // One retry after clearing auth: a new guest login.
    refused(session, ctx, outcome.refused);
  }
  const tokens = await commerceLogin(session, ctx, signal ? { signal } : {});
  becomeGuest(session, tokens);
  return tokens;
}

/**
 * The commerce platform answered 401 to `refusedToken`, an access token of the session that had
 * not expired (revoked at the platform, issue 30): one refresh (shared as `sharedRefresh` shares
 * it). The session's new tokens; its current ones when another call renewed it meanwhile; or
 * undefined when the refresh was refused too: a registered shopper's sign-in has ended
 * (`endSignIn`), a guest's tokens are gone. Throws a 502 problem when the platform cannot answer.
 */
export async function renewRefused(
  session: SessionData,
  ctx: AppContext,
  refusedToken: string,
): Promise<ShopperTokens | undefined> {
  const current = session.shopperTokens;
  if (current && current.accessToken !== refusedToken) return current;
  if (!current?.refreshToken) return undefined;
  const outcome = await sharedRefresh(session, ctx);
  // Another call of the request took an outcome meanwhile (the same refresh, or the guest login after it).
  const now = session.shopperTokens;
  if (now?.accessToken !== refusedToken) return now;
  if ('tokens' in outcome) {
    session.shopperTokens = outcome.tokens;
    return outcome.tokens;
  }
  refused(session, ctx, outcome.refused);
  return undefined;
}

/** Ends the commerce session of the refresh token (failures are logged, never thrown). */
export async function commerceLogout(session: SessionData, ctx: AppContext): Promise<void> {
  const tokens = session.shopperTokens;
  if (!tokens?.refreshToken) return;
  const { clientIds, privateClient } = ctx.config.credentials.commerce;
  const clientId = tokens.privateClient ? privateClient.id : clientIds[session.site];
  try {
    const { response } = await logoutCustomer(
      ctx,
      { client_id: clientId, refresh_token: tokens.refreshToken, channel_id: session.site },
      tokens.accessToken,
    );
    if (!response.ok) ctx.logger.warn({ status: response.status }, 'commerce logout failed');
  } catch (error) {
    ctx.logger.warn({ err: error }, 'commerce logout failed');
  }
}
