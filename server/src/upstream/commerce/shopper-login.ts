/**
 * The commerce platform's Shopper Login (SLAS) calls, the only code that makes them
 * (https://developer.salesforce.com/docs/commerce/commerce-api/references/shopper-login). Each
 * function is one SCAPI operation, named by its operation id, and answers openapi-fetch's
 * `{ data, error, response }` as the platform gave it: what a refusal means is the caller's
 * (services/identity/shopper-auth.ts).
 */
import type { components, operations } from '../../../../generated/commerce/types.ts';
import type { AppContext } from '../../context.ts';

type Commerce = components['schemas'];
const FORM = { 'content-type': 'application/x-www-form-urlencoded' } as const;

const organization = (ctx: AppContext) => ({ organizationId: ctx.config.credentials.commerce.organizationId });

/** authorizeCustomer: the code and usid come back in the redirect's Location, so it is not followed. */
export function authorizeCustomer(
  ctx: AppContext,
  query: operations['authorizeCustomer']['parameters']['query'],
  signal?: AbortSignal,
) {
  return ctx.upstreams.commerce.GET('/shopper/auth/v1/organizations/{organizationId}/oauth2/authorize', {
    params: { path: organization(ctx), query },
    redirect: 'manual',
    ...(signal ? { signal } : {}),
  });
}

/**
 * getAccessToken (authorization_code_pkce, refresh_token): `authorization` is the private client's
 * HTTP Basic credentials, none for a public client (which names itself in the form).
 */
export function getAccessToken(
  ctx: AppContext,
  body: Commerce['TokenRequest'],
  options: { authorization?: string; signal?: AbortSignal } = {},
) {
  return ctx.upstreams.commerce.POST('/shopper/auth/v1/organizations/{organizationId}/oauth2/token', {
    params: { path: organization(ctx) },
    body,
    headers: { ...FORM, ...(options.authorization ? { Authorization: options.authorization } : {}) },
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** getTrustedSystemAccessToken: the on-behalf-of login, with the private client's credentials. */
export function getTrustedSystemAccessToken(
  ctx: AppContext,
  body: Commerce['TrustedSystemTokenRequest'],
  authorization: string,
  signal?: AbortSignal,
) {
  return ctx.upstreams.commerce.POST('/shopper/auth/v1/organizations/{organizationId}/oauth2/trusted-system/token', {
    params: { path: organization(ctx) },
    body,
    headers: { ...FORM, Authorization: authorization },
    ...(signal ? { signal } : {}),
  });
}

/** logoutCustomer: ends the session of the refresh token. */
export function logoutCustomer(
  ctx: AppContext,
  query: operations['logoutCustomer']['parameters']['query'],
  accessToken: string,
) {
  return ctx.upstreams.commerce.GET('/shopper/auth/v1/organizations/{organizationId}/oauth2/logout', {
    params: { path: organization(ctx), query },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
}
