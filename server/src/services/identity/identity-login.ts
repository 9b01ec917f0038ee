/**
 * The external login (storefront §4 Authentication, §9): a PKCE login at the identity provider
 * started and completed by the proxy, the vehicle-owner check (E001/E000), the registered commerce
 * login with the guest basket merged, and the logout of both sessions. Only the session's id
 * leaves the server; tokens stay in the session.
 */
import {
  customerAuthType,
  hasRequiredIdentifiers,
  LOGIN_ERRORS,
  mismatchedUserOutcome,
} from '../../../../domain/login.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError, upstreamError } from '../../errors.ts';
import { marketOfLocale } from '../../../../domain/locales.ts';
import { randomToken, sessionView, type SessionData } from '../../session.ts';
import { mergeGuestBasket } from '../../upstream/commerce/baskets.ts';
import { followIdentityProfile } from './identity-profile.ts';
import { customPreferences } from '../../upstream/commerce/preferences.ts';
import {
  becomeGuest,
  clearAuth,
  commerceLogin,
  commerceLogout,
  pkceChallenge,
  pkceVerifier,
  registeredLogin,
} from './shopper-auth.ts';
import type { RequestScope } from './shopper.ts';
import { getCustomer } from '../../upstream/commerce/customers.ts';
import { exchangeIdentityCode, logoutIdentity, lookupVehicle } from '../../upstream/vehicles.ts';

type Schemas = components['schemas'];

/**
 * The request's scope at login and logout: `rotate` gives the session a new id and CSRF token,
 * stores it and sets the cookie (Sessions.rotate; no fixation, issue 16).
 */
export interface LoginScope extends RequestScope {
  rotate(): Promise<void>;
}

/** openid email profile and the two customer scopes (storefront §9). */
export const IDENTITY_SCOPES = 'openid email profile customer.identifiers customer.vehicles';
/** The identity provider sends the browser back to this page of the shop. */
export const IDENTITY_CALLBACK_PATH = '/callback/forgerock';

/**
 * A PKCE verifier (96 characters, S256), a state and a nonce kept in the server session, and the
 * identity provider's authorize URL carrying the challenge and the parameters of the site
 * (hide-account-page, auto-renewal flag, country, locale, brand).
 */
export async function startLogin(
  ctx: AppContext,
  session: SessionData,
  scope: RequestScope,
  input: { site: SessionData['site']; locale: string; returnTo?: string | undefined },
): Promise<Schemas['LoginStart']> {
  const country = marketOfLocale(input.locale)?.country ?? 'GB';
  const tokens = session.shopperTokens;
  const flags = await customPreferences(
    ctx,
    input.site,
    country,
    tokens ? { Authorization: `Bearer ${tokens.accessToken}` } : undefined,
  );
  const verifier = pkceVerifier(96);
  const state = randomToken(24);
  const nonce = randomToken(24);
  const redirectUri = `${ctx.config.publicOrigin}${IDENTITY_CALLBACK_PATH}`;
  session.login = { verifier, state, nonce, redirectUri, ...(input.returnTo ? { returnTo: input.returnTo } : {}) };
  await scope.persist();

  const authorize = new URL(`${ctx.config.baseUrls.identity}/authorize`);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: ctx.config.credentials.identity.clientId,
    redirect_uri: redirectUri,
    scope: IDENTITY_SCOPES,
    state,
    nonce,
    code_challenge: pkceChallenge(verifier),
    code_challenge_method: 'S256',
    ui_locales: input.locale,
    brand: input.site,
    country,
    locale: input.locale,
    'hide-account-page': String(flags.c_hideAccountPage ?? false),
    'auto-renewal': String(flags.c_showAutoRenewal ?? false),
  };
  for (const [name, value] of Object.entries(params)) authorize.searchParams.set(name, value);
  return { authorizeUrl: authorize.toString(), state };
}

interface IdTokenClaims {
  sub?: string;
  nonce?: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  identifiers?: { crmId?: string; uid?: string };
}

/** The id token's payload (the vehicle services verified it with the provider; read only here). */
function claimsOf(idToken: string): IdTokenClaims | undefined {
  try {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as unknown;
    return payload && typeof payload === 'object' ? (payload as IdTokenClaims) : undefined;
  } catch {
    return undefined;
  }
}

const tokenError = (detail: string = LOGIN_ERRORS.tokenError) =>
  new AppError(401, 'forgerock-token-error', 'Login failed', detail, { code: 'FORGEROCK_TOKEN_ERROR' });

const unreachable = (upstream: string) => (cause: unknown) => {
  throw upstreamError(upstream, cause);
};

/** The vehicle's owner (customer id and e-mail) from the vehicle services, or undefined. */
async function ownerOf(ctx: AppContext, vin: string, signal: AbortSignal) {
  const { data } = await lookupVehicle(ctx, 'v12', { service: 'VCS', vin }, signal).catch(unreachable('vehicles'));
  return data?.result?.find((v) => v.vin === vin)?.customer ?? undefined;
}

/** E001 (or E000 in production) unless the customer owns the session's vehicle or the domain is allowed. */
async function checkVehicleOwner(
  ctx: AppContext,
  session: SessionData,
  customer: { email?: string | null; sapCdcId?: string | null },
  signal: AbortSignal,
): Promise<void> {
  const vin = session.vehicle?.vin;
  if (!vin) return;
  const owner = await ownerOf(ctx, vin, signal);
  if (!owner) return;
  const email = customer.email?.toLowerCase() ?? '';
  const sameUser =
    (customer.sapCdcId && owner.id === customer.sapCdcId) || (email !== '' && owner.email?.toLowerCase() === email);
  if (sameUser) return;
  const domain = email.split('@')[1] ?? '';
  const outcome = mismatchedUserOutcome({
    production: ctx.config.production,
    domainAllowed: domain !== '' && ctx.config.loginAllowedDomains.includes(domain),
  });
  if (outcome === 'allowed') return;
  if (outcome === 'E000') {
    throw new AppError(
      403,
      'user-mismatch',
      'User mismatch',
      'E000: The logged-in user is not the owner of this vehicle',
      {
        code: 'E000',
        redirectUrl: '/restricted-access',
      },
    );
  }
  throw new AppError(
    403,
    'vin-connected-to-another-user',
    'Vehicle belongs to another user',
    LOGIN_ERRORS.vinConnectedToAnotherUser,
    { code: 'E001' },
  );
}

/** The login in progress is not this one (its state differs) or not there any more. */
function loginStateMismatch(): AppError {
  return new AppError(400, 'login-state-mismatch', 'Login failed', 'The login state does not match; start again.', {
    errors: [{ field: '/state', message: 'Does not match the login in progress.', code: 'state_mismatch' }],
  });
}

/**
 * Back from the identity provider: checks the state, exchanges code and verifier at the vehicle
 * services (principalUUID and id token), requires the id token's customer-relations id and
 * directory UID, logs the customer in at the commerce platform, checks the session's vehicle
 * owner (E001/E000) and merges the guest basket. The session id and CSRF token are renewed on
 * login; the rest of the session (the guest's basket reference, the vehicle) stays.
 */
export async function completeLogin(
  ctx: AppContext,
  session: SessionData | undefined,
  scope: LoginScope,
  body: Schemas['LoginCallbackRequest'],
): Promise<Schemas['LoginResult']> {
  const login = session?.login;
  if (!session || !login || login.state !== body.state) {
    throw loginStateMismatch();
  }
  // The verifier is single use, whatever happens next (stored now; the cookie is set once, below).
  // Only while the session still exists: a login whose session a concurrent login or logout
  // rotated away is not in progress any more, and must not bring that session back (issue 30).
  delete session.login;
  if (!(await ctx.sessions.options.store.update(session, ctx.sessions.ttlOf(session)))) {
    throw loginStateMismatch();
  }

  const exchange = await exchangeIdentityCode(
    ctx,
    {
      customerCode: body.code,
      codeVerifier: login.verifier,
      origin: login.redirectUri ?? `${ctx.config.publicOrigin}${IDENTITY_CALLBACK_PATH}`,
    },
    scope.signal,
  ).catch(unreachable('vehicles'));
  if (!exchange.data) {
    if (exchange.response.status >= 500) throw upstreamError('vehicles');
    scope.log.warn({ status: exchange.response.status }, 'identity code exchange refused');
    throw tokenError();
  }
  const { idToken, principalUUID } = exchange.data;
  const claims = claimsOf(idToken);
  if (
    !claims ||
    !hasRequiredIdentifiers({
      idToken,
      customerRelationsId: claims.identifiers?.crmId ?? null,
      directoryUid: claims.identifiers?.uid ?? null,
    }) ||
    (login.nonce !== undefined && claims.nonce !== undefined && claims.nonce !== login.nonce)
  ) {
    throw tokenError();
  }

  // SLAS's trusted-system token gives the registered shopper's commerce tokens, keyed by the
  // directory UID checked above: it stays when the shopper changes e-mail at the identity provider,
  // where an e-mail key would make SLAS create a new, empty shopper (docs/decisions/030). The
  // e-mail is the identity provider's, for the profile only.
  const directoryUid = claims.identifiers?.uid ?? '';
  const email = claims.email ?? '';
  if (!email) throw tokenError();
  const tokens = await registeredLogin(session, ctx, { directoryUid, email }, scope.signal);
  const auth = { Authorization: `Bearer ${tokens.accessToken}` };
  const customerId = tokens.customerId ?? '';
  const customer = await getCustomer(ctx, {
    customerId,
    siteId: session.site,
    headers: auth,
    signal: scope.signal,
  }).catch(unreachable('commerce'));
  if (!customer.data) throw upstreamError('commerce');

  await checkVehicleOwner(
    ctx,
    session,
    { email: customer.data.email ?? email, sapCdcId: customer.data.c_sapCdcId ?? null },
    scope.signal,
  );
  const profile = await followIdentityProfile(ctx, scope, {
    siteId: session.site,
    customerId,
    profile: customer.data,
    identity: { directoryUid, email, givenName: claims.given_name, familyName: claims.family_name },
    headers: auth,
  });
  const merged = await mergeGuestBasket(ctx, { siteId: session.site, headers: auth, ...scope });
  if (merged !== undefined) session.basketItemCount = merged;

  session.shopperTokens = tokens;
  delete session.sessionEnded;
  session.authType = customerAuthType(Boolean(tokens.refreshToken));
  session.idToken = idToken;
  session.principalUUID = principalUUID;
  if (customer.data.c_sapCdcId) session.sapCdcId = customer.data.c_sapCdcId;
  session.customer = {
    customerId,
    firstName: profile.firstName ?? claims.given_name ?? null,
    // The identity provider's e-mail, which the profile now follows.
    email,
  };
  // A new session id on login (no fixation): stored with the login's state, the old id deleted.
  await scope.rotate();
  return { session: sessionView(session), redirectTo: login.returnTo ?? '/' };
}

/** The renewal page of the current vehicle, by its mail token or VIN; the main page otherwise. */
export function logoutRedirect(session: SessionData): string {
  if (session.mailToken) return `/service/cn-connected-navigation?token=${encodeURIComponent(session.mailToken)}`;
  if (session.vehicle?.vin) return `/service/cn-connected-navigation?carvin=${encodeURIComponent(session.vehicle.vin)}`;
  return '/';
}

/**
 * Ends the identity-provider session (id token) and the commerce session (refresh token), clears
 * all auth items, logs in as guest again (storefront §4) and answers the path to go to. Upstream
 * logout failures are logged: the local logout always happens, under a new session id and CSRF
 * token (the old id, which held the login, is deleted; issue 16).
 */
export async function logout(
  ctx: AppContext,
  session: SessionData,
  scope: LoginScope,
): Promise<Schemas['LogoutResult']> {
  if (session.idToken) {
    try {
      const { response } = await logoutIdentity(ctx, session.idToken, scope.signal);
      if (!response.ok) scope.log.warn({ status: response.status }, 'identity logout failed');
    } catch (error) {
      scope.log.warn({ err: error }, 'identity logout failed');
    }
  }
  await commerceLogout(session, ctx);
  clearAuth(session);
  becomeGuest(session, await commerceLogin(session, ctx, { signal: scope.signal }));
  await scope.rotate();
  return { redirectTo: logoutRedirect(session), session: sessionView(session) };
}
