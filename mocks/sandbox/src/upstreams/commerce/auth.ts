/**
 * Shopper login (SLAS): the guest's authorize (`hint=guest`, public client) and PKCE code exchange;
 * the registered shopper's trusted-system on-behalf-of token after the identity provider's login
 * (private client, HTTP Basic: the only way to a registered token here, as on the live tenant
 * whose shoppers sign in at the identity provider; a `login_id` never seen creates a shopper,
 * trusted-system.ts); refresh (rotated for a public client, kept for the private one), logout; and
 * the bearer-token check every shopper API uses.
 */
import { createHash, randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { SandboxContext } from '../../app.ts';
import { onShopOrigin } from '../../core/shop-origins.ts';
import { CREDENTIALS, type SiteId } from '../../seed.ts';
import { oauthError, ocapiFault, problem, type Schemas } from './errors.ts';
import { bodyObject, isSite, query } from './http.ts';
import {
  alphaId,
  ORGANIZATION_ID,
  randomId,
  state,
  type AccessTokenRecord,
  type RefreshTokenRecord,
  type ShopperSession,
} from './state.ts';
import { LOGIN_ID_MAX, takesLogin, trustedSystemShopper } from './trusted-system.ts';

const GUEST_REFRESH_S = 2_592_000;
const REGISTERED_REFRESH_S = 7_776_000;
const CODE_LIFETIME_MS = 10 * 60_000;

const CLIENTS: Record<string, SiteId> = Object.fromEntries(
  Object.entries(CREDENTIALS.commerce.clients).map(([site, client]) => [client, site as SiteId]),
);
const PRIVATE_CLIENT = CREDENTIALS.commerce.privateClient;
/** The identity providers configured for the sandbox tenant (the shop's identity provider). */
const IDP_ORIGINS = new Set(['forgerock']);
const TSOB_HINT = 'ts_ext_on_behalf_of';

/**
 * The token endpoints' client: the private client by HTTP Basic (id and secret), else a public
 * client by `client_id` in the form. A Basic header that is not the private client's fails.
 */
function tokenClient(
  req: Request,
  body: Record<string, string | undefined>,
): { id: string; private: boolean } | undefined {
  const basic = /^Basic (.+)$/i.exec(req.get('authorization') ?? '');
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString();
    const colon = decoded.indexOf(':');
    const id = colon < 0 ? decoded : decoded.slice(0, colon);
    const secret = colon < 0 ? '' : decoded.slice(colon + 1);
    return id === PRIVATE_CLIENT.id && secret === PRIVATE_CLIENT.secret ? { id, private: true } : undefined;
  }
  const id = typeof body.client_id === 'string' ? body.client_id : undefined;
  return id && id in CLIENTS ? { id, private: false } : undefined;
}

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function issueAccessToken(context: SandboxContext, session: ShopperSession): AccessTokenRecord {
  const nowMs = context.clock.nowMs();
  const expiresAtMs = nowMs + state.tokenLifetimeS * 1000;
  const customer = session.registered ? state.customers.get(session.customerId) : undefined;
  const isb = customer
    ? `uido:ecom::upn:${customer.login}::uidn:${customer.firstName} ${customer.lastName}::gcid:${session.previousGuestId ?? ''}::rcid:${customer.customerId}::chid:${session.siteId}`
    : `uido:slas::upn:Guest::uidn:Guest User::gcid:${session.customerId}::chid:${session.siteId}`;
  const header = { ver: '1.0', jku: 'slas/prod/zzzz_001', kid: 'sandbox', typ: 'jwt', clv: 'J2.3.4', alg: 'ES256' };
  const payload = {
    aut: 'GUID',
    scp: 'sfcc.shopper-myaccount.baskets sfcc.shopper-myaccount sfcc.shopper-customers.login sfcc.shopper-baskets-orders.rw',
    sub: `cc-slas::zzzz_001::scid:${session.clientId}::usid:${session.usid}`,
    ctx: 'slas',
    iss: 'slas/prod/zzzz_001',
    ist: 1,
    dnt: '0',
    aud: 'commercecloud/prod/zzzz_001',
    nbf: Math.floor(nowMs / 1000) - 30,
    sty: 'User',
    isb,
    customer_id: session.customerId,
    usid: session.usid,
    exp: Math.floor(expiresAtMs / 1000),
    iat: Math.floor(nowMs / 1000),
    jti: `C2C${randomId('', 16)}`,
  };
  const token = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}.${base64url(`sandbox-signature-${randomId('', 8)}`)}`;
  const record: AccessTokenRecord = { ...session, token, expiresAtMs, revoked: false };
  state.accessTokens.set(token, record);
  return record;
}

function issueTokens(context: SandboxContext, session: ShopperSession): Schemas['TokenResponse'] {
  const access = issueAccessToken(context, session);
  const refreshLifetimeS = session.registered ? REGISTERED_REFRESH_S : GUEST_REFRESH_S;
  const refresh: RefreshTokenRecord = {
    ...session,
    token: `rt-${session.registered ? 'registered' : 'guest'}-${randomId('', 16)}`,
    expiresAtMs: context.clock.nowMs() + refreshLifetimeS * 1000,
    revoked: false,
    accessToken: access.token,
  };
  state.refreshTokens.set(refresh.token, refresh);
  return tokenResponse(session, access.token, refresh.token, refreshLifetimeS);
}

function tokenResponse(
  session: ShopperSession,
  accessToken: string,
  refreshToken: string,
  refreshLifetimeS: number,
): Schemas['TokenResponse'] {
  const registered = session.registered;
  return {
    access_token: accessToken,
    id_token: registered
      ? `${base64url('{"typ":"JWT"}')}.${base64url(JSON.stringify({ sub: session.customerId }))}.sandbox-signature`
      : '',
    refresh_token: refreshToken,
    expires_in: state.tokenLifetimeS,
    refresh_token_expires_in: refreshLifetimeS,
    token_type: 'Bearer',
    usid: session.usid,
    customer_id: session.customerId,
    enc_user_id: registered ? base64url(`sandbox-${session.customerId}`) : '',
    idp_access_token: registered ? `idp-at-${session.customerId}-sandbox` : '',
    ...(registered ? { idp_refresh_token: `idp-rt-${session.customerId}-sandbox` } : {}),
  };
}

function newGuest(context: SandboxContext): string {
  const customerId = alphaId('bc', 18);
  state.guests.set(customerId, { customerId, creationMs: context.clock.nowMs() });
  return customerId;
}

export function authRouter(context: SandboxContext): Router {
  const router = express.Router({ mergeParams: true });
  router.use(express.urlencoded({ extended: false }));
  router.use(express.json());

  router.use((req, res, next) => {
    if ((req.params as Record<string, string>).organizationId !== ORGANIZATION_ID) {
      oauthError(
        res,
        400,
        'invalid_request',
        `Unknown organization '${(req.params as Record<string, string>).organizationId}'.`,
      );
      return;
    }
    next();
  });

  router.get('/oauth2/authorize', (req, res) => {
    const clientId = query(req, 'client_id');
    const redirectUri = query(req, 'redirect_uri');
    const responseType = query(req, 'response_type');
    const hint = query(req, 'hint');
    const challenge = query(req, 'code_challenge');
    const channelId = query(req, 'channel_id');
    const state_ = query(req, 'state');
    if (!clientId || !(clientId in CLIENTS))
      return oauthError(res, 401, 'invalid_client', 'Client authentication failed.');
    // The public clients register any path on the shop's origins (SANDBOX_SHOP_ORIGINS, core/shop-origins.ts).
    if (!redirectUri || !onShopOrigin(redirectUri, context.shopOrigins))
      return oauthError(res, 400, 'invalid_request', `Redirect URI not registered for client '${clientId}'.`);
    if (responseType !== 'code') return oauthError(res, 400, 'invalid_request', 'response_type must be code.');
    if (!challenge || challenge.length < 43 || challenge.length > 128)
      return oauthError(res, 400, 'invalid_request', 'A public client must send a code_challenge (PKCE, S256).');
    const siteId = channelId ?? CLIENTS[clientId]!;
    if (!isSite(siteId)) return oauthError(res, 400, 'invalid_request', `Unknown channel_id '${siteId}'.`);

    const givenUsid = query(req, 'usid');
    const usid = givenUsid && givenUsid.length <= 256 ? givenUsid : randomUUID();
    const previous = state.usids.get(usid);
    // The tenant's shoppers sign in at the identity provider, whose login the shop's server turns
    // into tokens with the trusted-system token: authorize serves guests only.
    if (hint !== 'guest')
      return oauthError(
        res,
        400,
        'invalid_request',
        `No identity provider is configured for hint '${hint ?? ''}': use hint=guest, or the trusted-system token for a registered shopper.`,
      );
    const customerId = previous && !previous.registered ? previous.customerId : newGuest(context);
    state.usids.set(usid, { customerId, registered: false });
    const code = `gc-${randomId('', 12)}`;
    state.codes.set(code, {
      code,
      clientId,
      siteId,
      redirectUri,
      challenge,
      usid,
      customerId,
      registered: false,
      expiresAtMs: context.clock.nowMs() + CODE_LIFETIME_MS,
    });
    const location = new URL(redirectUri);
    location.searchParams.set('code', code);
    location.searchParams.set('usid', usid);
    if (state_) location.searchParams.set('state', state_);
    res.redirect(303, location.toString());
  });

  router.post('/oauth2/token', (req, res) => {
    const body = bodyObject(req) as Record<string, string | undefined>;
    const client = tokenClient(req, body);
    if (!client) return oauthError(res, 401, 'invalid_client', 'Client authentication failed.');
    const clientId = client.id;

    if (body.grant_type === 'authorization_code_pkce') {
      const code = typeof body.code === 'string' ? state.codes.get(body.code) : undefined;
      if (!code || code.clientId !== clientId || code.expiresAtMs <= context.clock.nowMs())
        return oauthError(res, 400, 'invalid_grant', 'Invalid authorization code');
      if (typeof body.redirect_uri === 'string' && body.redirect_uri !== code.redirectUri)
        return oauthError(res, 400, 'invalid_grant', 'redirect_uri does not match the authorize request');
      if (typeof body.usid === 'string' && body.usid !== code.usid)
        return oauthError(res, 400, 'invalid_grant', 'usid does not match the authorize request');
      if (typeof body.code_verifier !== 'string' || s256(body.code_verifier) !== code.challenge)
        return oauthError(res, 400, 'invalid_grant', 'Invalid code_verifier');
      state.codes.delete(code.code);
      const session: ShopperSession = {
        clientId,
        siteId: code.siteId,
        usid: code.usid,
        customerId: code.customerId,
        registered: code.registered,
        ...(code.previousGuestId ? { previousGuestId: code.previousGuestId } : {}),
      };
      res.json(issueTokens(context, session));
      return;
    }

    if (body.grant_type === 'refresh_token') {
      const refresh = typeof body.refresh_token === 'string' ? state.refreshTokens.get(body.refresh_token) : undefined;
      if (!refresh || refresh.revoked || refresh.clientId !== clientId)
        return oauthError(res, 400, 'invalid_grant', 'invalid refresh_token');
      if (refresh.expiresAtMs <= context.clock.nowMs()) return oauthError(res, 400, 'invalid_grant', 'EXPIRED_TOKEN');
      const { token: _t, expiresAtMs: _e, revoked: _r, accessToken: _a, ...session } = refresh;
      if (client.private) {
        // A private client's refresh keeps the refresh token (and its expiry); only the access token is new.
        const access = issueAccessToken(context, session);
        refresh.accessToken = access.token;
        const remainingS = Math.floor((refresh.expiresAtMs - context.clock.nowMs()) / 1000);
        res.json(tokenResponse(session, access.token, refresh.token, remainingS));
        return;
      }
      refresh.revoked = true;
      res.json(issueTokens(context, session));
      return;
    }

    oauthError(res, 400, 'unsupported_grant_type', `grant_type must be authorization_code_pkce or refresh_token.`);
  });

  router.post('/oauth2/trusted-system/token', (req, res) => {
    const body = bodyObject(req) as Record<string, string | undefined>;
    const client = tokenClient(req, body);
    // A private client with the sfcc.ts_ext_on_behalf_of scope only: public client ids are refused.
    if (!client?.private) return oauthError(res, 401, 'invalid_client', 'Client authentication failed.');
    if (body.grant_type !== 'client_credentials')
      return oauthError(res, 400, 'unsupported_grant_type', 'grant_type must be client_credentials.');
    if (body.hint !== TSOB_HINT) return oauthError(res, 400, 'invalid_request', `hint must be ${TSOB_HINT}.`);
    const publicClient = body.client_id;
    if (!publicClient || !(publicClient in CLIENTS))
      return oauthError(res, 400, 'invalid_request', `client_id must be a public client of the tenant.`);
    const siteId = body.channel_id;
    if (!siteId || !isSite(siteId))
      return oauthError(res, 400, 'invalid_request', `Unknown channel_id '${siteId ?? ''}'.`);
    if (!body.idp_origin || !IDP_ORIGINS.has(body.idp_origin))
      return oauthError(res, 400, 'invalid_request', `Unknown idp_origin '${body.idp_origin ?? ''}'.`);
    const loginId = body.login_id;
    if (!loginId || loginId.length > LOGIN_ID_MAX)
      return oauthError(res, 400, 'invalid_request', `login_id is required (at most ${LOGIN_ID_MAX} characters).`);
    if (body.email_id !== undefined && (!body.email_id || body.email_id.length > LOGIN_ID_MAX))
      return oauthError(res, 400, 'invalid_request', `email_id must have 1 to ${LOGIN_ID_MAX} characters.`);
    if (!takesLogin(context, loginId))
      return oauthError(res, 409, 'conflict', 'Too many logins for this shopper; try again in 3 seconds.');
    // As SLAS with an external identity provider: an unknown login_id is a new shopper, not an error.
    const shopper = trustedSystemShopper(context, loginId, body.email_id);
    const givenUsid = body.usid;
    const usid = givenUsid && givenUsid.length <= 256 ? givenUsid : randomUUID();
    const previous = state.usids.get(usid);
    const customerId = shopper.registered
      ? shopper.customer.customerId
      : previous && !previous.registered
        ? previous.customerId
        : newGuest(context);
    state.usids.set(usid, { customerId, registered: shopper.registered });
    const session: ShopperSession = {
      clientId: client.id,
      siteId,
      usid,
      customerId,
      registered: shopper.registered,
      ...(shopper.registered && previous && !previous.registered ? { previousGuestId: previous.customerId } : {}),
    };
    res.json(issueTokens(context, session));
  });

  router.get('/oauth2/logout', (req, res) => {
    const clientId = query(req, 'client_id');
    if (!clientId || !(clientId in CLIENTS || clientId === PRIVATE_CLIENT.id))
      return oauthError(res, 401, 'invalid_client', 'Client authentication failed.');
    const refreshToken = query(req, 'refresh_token');
    const refresh = refreshToken ? state.refreshTokens.get(refreshToken) : undefined;
    if (!refresh || refresh.revoked || refresh.clientId !== clientId)
      return oauthError(res, 400, 'invalid_grant', 'invalid refresh_token');
    refresh.revoked = true;
    for (const access of state.accessTokens.values())
      if (access.usid === refresh.usid && access.customerId === refresh.customerId) access.revoked = true;
    const bearer = bearerToken(req);
    const access = bearer ? state.accessTokens.get(bearer) : undefined;
    if (access) access.revoked = true;
    const lifetime = refresh.registered ? REGISTERED_REFRESH_S : GUEST_REFRESH_S;
    res.json(tokenResponse(refresh, refresh.accessToken, refresh.token, lifetime));
  });

  return router;
}

function bearerToken(req: Request): string | undefined {
  return /^Bearer (.+)$/i.exec(req.get('authorization') ?? '')?.[1]?.trim();
}

export type TokenCheck =
  { ok: true; shopper: AccessTokenRecord } | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

export function checkToken(context: SandboxContext, req: Request): TokenCheck {
  const token = bearerToken(req);
  if (!token) return { ok: false, reason: 'missing' };
  const record = state.accessTokens.get(token);
  if (!record || record.revoked) return { ok: false, reason: 'invalid' };
  if (record.expiresAtMs <= context.clock.nowMs()) return { ok: false, reason: 'expired' };
  return { ok: true, shopper: record };
}

/** The shopper of the request's bearer token (set by `requireShopper`). */
export function shopperOf(res: Response): AccessTokenRecord {
  return res.locals.shopper as AccessTokenRecord;
}

/** SCAPI: a valid shopper token, else 401 problem details (expired-token once it has expired). */
export function requireShopper(context: SandboxContext) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const check = checkToken(context, req);
    if (check.ok) {
      res.locals.shopper = check.shopper;
      return next();
    }
    if (check.reason === 'expired')
      return problem(
        res,
        401,
        'expired-token',
        'Expired Token',
        'The access token has expired; refresh it or log in again.',
      );
    problem(
      res,
      401,
      'unauthorized',
      'Unauthorized',
      "Your access token is invalid or expired and can't be used to identify a user.",
    );
  };
}

/** Classic OCAPI: a valid shopper token, else 401 fault. */
export function requireOcapiShopper(context: SandboxContext) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const check = checkToken(context, req);
    if (check.ok) {
      res.locals.shopper = check.shopper;
      return next();
    }
    ocapiFault(
      res,
      401,
      check.reason === 'expired' ? 'ExpiredTokenException' : 'InvalidAccessTokenException',
      check.reason === 'expired'
        ? 'The request is unauthorized, the access token has expired.'
        : 'The request is unauthorized, the access token is invalid.',
    );
  };
}
