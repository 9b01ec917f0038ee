import { zCompleteLoginBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import {
  customerAuthType,
  hasRequiredIdentifiers,
  LOGIN_ERRORS,
  mismatchedUserOutcome,
} from '../../../../domain/login.ts';
import type { AppContext, Handler } from '../../context.ts';
import { AppError, upstreamError } from '../../errors.ts';
import { randomToken, type SessionData } from '../../session.ts';
import { commerceLogin } from '../../services/shopper-auth.ts';
import { parseBody } from '../../validate.ts';
import { sessionView } from './get-session.ts';

interface IdTokenClaims {
  sub?: string;
  nonce?: string;
  email?: string;
  given_name?: string;
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

/** The vehicle's owner (customer id and e-mail) from the vehicle services, or undefined. */
async function ownerOf(ctx: AppContext, vin: string, signal: AbortSignal) {
  const { data } = await ctx.upstreams.vehicles
    .GET('/{version}/vehicles', { params: { path: { version: 'v12' }, query: { service: 'VCS', vin } }, signal })
    .catch((cause: unknown) => {
      throw upstreamError('vehicles', cause);
    });
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
      { code: 'E000', redirectUrl: '/restricted-access' },
    );
  }
  throw new AppError(
    403,
    'vin-connected-to-another-user',
    'Vehicle belongs to another user',
    LOGIN_ERRORS.vinConnectedToAnotherUser,
    {
      code: 'E001',
    },
  );
}

/**
 * POST /api/session/login/callback: checks the state, exchanges code and verifier at the vehicle
 * services (principalUUID and id token), requires the id token's customer-relations id and
 * directory UID, logs the customer in at the commerce platform, checks the session's vehicle
 * owner (E001/E000) and merges the guest basket. The session id is renewed on login.
 */
export const completeLogin: Handler = async (req, res, ctx) => {
  const body = parseBody(zCompleteLoginBody, req);
  const session = await ctx.sessions.current(req);
  const login = session?.login;
  if (!session || !login || login.state !== body.state) {
    throw new AppError(400, 'login-state-mismatch', 'Login failed', 'The login state does not match; start again.', {
      errors: [{ field: '/state', message: 'Does not match the login in progress.', code: 'state_mismatch' }],
    });
  }
  // The verifier is single use, whatever happens next (stored now; the cookie is set once, below).
  delete session.login;
  await ctx.sessions.options.store.set(session, ctx.sessions.options.ttlSeconds);

  const exchange = await ctx.upstreams.vehicles
    .POST('/v1/identity/access-token', {
      body: {
        customerCode: body.code,
        codeVerifier: login.verifier,
        origin: login.redirectUri ?? `${ctx.config.publicOrigin}/callback/forgerock`,
      },
      signal: req.signal,
    })
    .catch((cause: unknown) => {
      throw upstreamError('vehicles', cause);
    });
  if (!exchange.data) {
    if (exchange.response.status >= 500) throw upstreamError('vehicles');
    req.log.warn({ status: exchange.response.status }, 'identity code exchange refused');
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

  const email = claims.email ?? '';
  const tokens = await commerceLogin(session, ctx, { loginId: email, signal: req.signal });
  const { organizationId } = ctx.config.credentials.commerce;
  const auth = { Authorization: `Bearer ${tokens.accessToken}` };
  const customerId = tokens.customerId ?? '';
  const customer = await ctx.upstreams.commerce
    .GET('/customer/shopper-customers/v1/organizations/{organizationId}/customers/{customerId}', {
      params: { path: { organizationId, customerId }, query: { siteId: session.site } },
      headers: auth,
      signal: req.signal,
    })
    .catch((cause: unknown) => {
      throw upstreamError('commerce', cause);
    });
  if (!customer.data) throw upstreamError('commerce');

  await checkVehicleOwner(
    ctx,
    session,
    { email: customer.data.email ?? email, sapCdcId: customer.data.c_sapCdcId ?? null },
    req.signal,
  );

  // Merge the guest basket (409: the guest had none). A failed merge does not fail the login.
  const merged = await ctx.upstreams.commerce
    .POST('/checkout/shopper-baskets/v1/organizations/{organizationId}/baskets/actions/merge', {
      params: { path: { organizationId }, query: { siteId: session.site, createDestinationBasket: true } },
      headers: auth,
      signal: req.signal,
    })
    .catch((error: unknown) => {
      req.log.warn({ err: error }, 'basket merge failed');
      return undefined;
    });
  if (merged?.data) {
    session.basketItemCount = (merged.data.productItems ?? []).reduce((n, item) => n + (item.quantity ?? 0), 0);
  } else if (merged && merged.response.status !== 409) {
    req.log.warn({ status: merged.response.status }, 'basket merge refused');
  }

  // A new session id on login (no fixation); the store forgets the old one.
  await ctx.sessions.options.store.delete(session.id);
  session.id = randomToken();
  session.shopperTokens = tokens;
  session.authType = customerAuthType(Boolean(tokens.refreshToken));
  session.idToken = idToken;
  session.principalUUID = principalUUID;
  if (customer.data.c_sapCdcId) session.sapCdcId = customer.data.c_sapCdcId;
  session.customer = {
    customerId,
    firstName: customer.data.firstName ?? claims.given_name ?? null,
    email: customer.data.email ?? (email || null),
  };
  await ctx.sessions.save(res, session);
  const result: components['schemas']['LoginResult'] = {
    session: sessionView(session),
    redirectTo: login.returnTo ?? '/',
  };
  res.setHeader('Cache-Control', 'no-store');
  res.json(result);
};
