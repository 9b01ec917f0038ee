/**
 * Commerce shopper tokens (SLAS) kept in the server session: storefront §4 Authentication. The
 * decision order is the domain's (`loginDecision`): reuse a token valid with its 60 s margin, else
 * refresh with the refresh token, else a guest login; a refresh failing with 'invalid
 * refresh_token' or EXPIRED_TOKEN clears auth and logs in as guest once more. PKCE verifiers are
 * 128 characters for the commerce login and 96 for the identity provider (storefront §9).
 *
 * Guests log in with the site's public client (authorize with `hint=guest`, PKCE). A registered
 * shopper's tokens come, after the identity provider's login, from SLAS's trusted-system
 * on-behalf-of token with the server's private client (HTTP Basic): the same call in sandbox and
 * live mode. Those tokens belong to the private client, which refreshes them (the refresh token is
 * kept, 90 days) and names itself on logout.
 */
import { createHash, randomBytes } from 'node:crypto';
import { loginDecision, shouldRetryAfterRefreshFailure } from '../../../domain/login.ts';
import type { AppContext } from '../context.ts';
import { upstreamError } from '../errors.ts';
import type { SessionData, ShopperTokens } from '../session.ts';

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

/** A refresh that failed with an OAuth error the spec retries on (or any other failure). */
class RefreshFailure extends Error {
  readonly oauthMessage: string;
  constructor(message: string) {
    super(message);
    this.oauthMessage = message;
  }
}

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
  const { organizationId, clientIds } = ctx.config.credentials.commerce;
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
  const authorize = await ctx.upstreams.commerce
    .GET('/shopper/auth/v1/organizations/{organizationId}/oauth2/authorize', {
      params: { path: { organizationId }, query },
      redirect: 'manual',
      ...(options.signal ? { signal: options.signal } : {}),
    })
    .catch((cause: unknown) => {
      throw upstreamError('commerce', cause);
    });
  const location = authorize.response.headers.get('location');
  const target = location && URL.canParse(location) ? new URL(location) : undefined;
  const code = target?.searchParams.get('code');
  const usid = target?.searchParams.get('usid');
  if (authorize.response.status >= 400 || !code || !usid) {
    ctx.logger.warn({ status: authorize.response.status, error: authorize.error }, 'commerce authorize failed');
    throw upstreamError('commerce');
  }
  const token = await ctx.upstreams.commerce
    .POST('/shopper/auth/v1/organizations/{organizationId}/oauth2/token', {
      params: { path: { organizationId } },
      body: {
        grant_type: 'authorization_code_pkce',
        code,
        usid,
        code_verifier: verifier,
        redirect_uri: redirectUri,
        client_id: clientId,
        channel_id: session.site,
      },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ...(options.signal ? { signal: options.signal } : {}),
    })
    .catch((cause: unknown) => {
      throw upstreamError('commerce', cause);
    });
  if (!token.data) {
    ctx.logger.warn({ status: token.response.status, error: token.error }, 'commerce token exchange failed');
    throw upstreamError('commerce');
  }
  return tokensOf(token.data, Date.now());
}

/**
 * A registered shopper's tokens after the identity provider's login: SLAS's trusted-system
 * on-behalf-of token (`grant_type=client_credentials`, `hint=ts_ext_on_behalf_of`) for `loginId`,
 * the shopper's login at the identity provider, with the server's private client (HTTP Basic).
 * The guest's usid goes along so that the guest basket can be merged.
 */
export async function registeredLogin(
  session: SessionData,
  ctx: AppContext,
  loginId: string,
  signal?: AbortSignal,
): Promise<ShopperTokens> {
  const { organizationId, clientIds } = ctx.config.credentials.commerce;
  const token = await ctx.upstreams.commerce
    .POST('/shopper/auth/v1/organizations/{organizationId}/oauth2/trusted-system/token', {
      params: { path: { organizationId } },
      body: {
        grant_type: 'client_credentials',
        hint: 'ts_ext_on_behalf_of',
        login_id: loginId,
        idp_origin: IDP_ORIGIN,
        client_id: clientIds[session.site],
        channel_id: session.site,
        ...(session.shopperTokens?.usid ? { usid: session.shopperTokens.usid } : {}),
      },
      headers: { 'content-type': 'application/x-www-form-urlencoded', Authorization: privateClientAuth(ctx) },
      ...(signal ? { signal } : {}),
    })
    .catch((cause: unknown) => {
      throw upstreamError('commerce', cause);
    });
  if (!token.data) {
    ctx.logger.warn({ status: token.response.status, error: token.error }, 'commerce trusted-system login failed');
    throw upstreamError('commerce');
  }
  return { ...tokensOf(token.data, Date.now()), privateClient: true };
}

async function refresh(session: SessionData, ctx: AppContext, signal?: AbortSignal): Promise<ShopperTokens> {
  const { organizationId, clientIds } = ctx.config.credentials.commerce;
  const refreshToken = session.shopperTokens?.refreshToken ?? '';
  // The private client authenticates with HTTP Basic; a public client names itself in the form.
  const privateClient = session.shopperTokens?.privateClient === true;
  const result = await ctx.upstreams.commerce
    .POST('/shopper/auth/v1/organizations/{organizationId}/oauth2/token', {
      params: { path: { organizationId } },
      body: {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        ...(privateClient ? {} : { client_id: clientIds[session.site] }),
        channel_id: session.site,
      },
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(privateClient ? { Authorization: privateClientAuth(ctx) } : {}),
      },
      ...(signal ? { signal } : {}),
    })
    .catch((cause: unknown) => {
      throw upstreamError('commerce', cause);
    });
  if (!result.data) {
    const failure = (result.error ?? {}) as OAuthFailure;
    throw new RefreshFailure(`${failure.error ?? ''}: ${failure.error_description ?? ''}`);
  }
  return { ...tokensOf(result.data, Date.now()), ...(privateClient ? { privateClient } : {}) };
}

/** Stores a guest login's tokens: a guest without customer summary. */
export function becomeGuest(session: SessionData, tokens: ShopperTokens): void {
  session.shopperTokens = tokens;
  session.authType = 'guest';
  session.customer = null;
}

/**
 * A usable shopper token for the session, by the spec's decision order. Mutates the session (the
 * caller saves it). Throws a 502 problem when the commerce platform cannot give one.
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
    try {
      const renewed = await refresh(session, ctx, signal);
      session.shopperTokens = renewed;
      if (session.authType === 'none') session.authType = 'guest';
      return renewed;
    } catch (error) {
      if (!(error instanceof RefreshFailure)) throw error;
      if (!shouldRetryAfterRefreshFailure(error.oauthMessage, 0)) {
        ctx.logger.warn({ reason: error.oauthMessage }, 'shopper token refresh failed');
        throw upstreamError('commerce');
      }
      // One retry after clearing auth: a new guest login.
      clearAuth(session);
    }
  }
  const tokens = await commerceLogin(session, ctx, signal ? { signal } : {});
  becomeGuest(session, tokens);
  return tokens;
}

/** Ends the commerce session of the refresh token (failures are logged, never thrown). */
export async function commerceLogout(session: SessionData, ctx: AppContext): Promise<void> {
  const tokens = session.shopperTokens;
  if (!tokens?.refreshToken) return;
  const { organizationId, clientIds, privateClient } = ctx.config.credentials.commerce;
  const clientId = tokens.privateClient ? privateClient.id : clientIds[session.site];
  try {
    const { response } = await ctx.upstreams.commerce.GET(
      '/shopper/auth/v1/organizations/{organizationId}/oauth2/logout',
      {
        params: {
          path: { organizationId },
          query: { client_id: clientId, refresh_token: tokens.refreshToken, channel_id: session.site },
        },
        headers: { Authorization: `Bearer ${tokens.accessToken}` },
      },
    );
    if (!response.ok) ctx.logger.warn({ status: response.status }, 'commerce logout failed');
  } catch (error) {
    ctx.logger.warn({ err: error }, 'commerce logout failed');
  }
}
