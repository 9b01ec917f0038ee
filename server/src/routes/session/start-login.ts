import { zStartLoginQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { Handler } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { DEFAULT_LOCALE, marketOfLocale } from '../../markets.ts';
import { randomToken } from '../../session.ts';
import { pkceChallenge, pkceVerifier } from '../../services/shopper-auth.ts';
import { resolveSite } from '../../site.ts';
import { parseQuery } from '../../validate.ts';

/** openid email profile and the two customer scopes (storefront §9). */
export const IDENTITY_SCOPES = 'openid email profile customer.identifiers customer.vehicles';
/** The identity provider sends the browser back to this page of the shop. */
export const IDENTITY_CALLBACK_PATH = '/callback/forgerock';

/** The region's login-page flags from the `CustomPreferences` custom object; defaults when unreadable. */
async function regionFlags(
  ctx: Parameters<Handler>[2],
  site: string,
  country: string,
  signal: AbortSignal,
): Promise<{ hideAccountPage: boolean; autoRenewal: boolean }> {
  try {
    const { data } = await ctx.upstreams.commerceClassic.GET(
      '/s/{siteId}/dw/shop/v24_5/custom_objects/{object_type}/{key}',
      { params: { path: { siteId: site, object_type: 'CustomPreferences', key: country } }, signal },
    );
    return { hideAccountPage: data?.c_hideAccountPage ?? false, autoRenewal: data?.c_showAutoRenewal ?? false };
  } catch {
    return { hideAccountPage: false, autoRenewal: false };
  }
}

/**
 * GET /api/session/login: a PKCE verifier (96 characters, S256), a state and a nonce kept in the
 * server session, and the identity provider's authorize URL carrying the challenge and the
 * parameters of the site (hide-account-page, auto-renewal flag, country, locale, brand).
 */
export const startLogin: Handler = async (req, res, ctx) => {
  const query = parseQuery(zStartLoginQuery, req);
  const site = resolveSite(req, ctx.config, query.site);
  if (!site) {
    throw new AppError(400, 'validation-error', 'Invalid request', `Unknown site '${query.site}'.`, {
      errors: [{ field: 'site', message: 'Unknown site.', code: 'unknown_site' }],
    });
  }
  if (query.returnTo?.startsWith('//')) {
    throw new AppError(400, 'validation-error', 'Invalid request', 'returnTo must be a same-origin path.', {
      errors: [{ field: 'returnTo', message: 'Must be a same-origin path.', code: 'invalid_string' }],
    });
  }
  const session = await ctx.sessions.currentOrNew(req, { site, locale: query.locale ?? DEFAULT_LOCALE });
  const locale = query.locale ?? session.locale;
  const market = marketOfLocale(locale);
  const country = market?.country ?? 'GB';
  const flags = await regionFlags(ctx, site, country, req.signal);

  const verifier = pkceVerifier(96);
  const state = randomToken(24);
  const nonce = randomToken(24);
  const redirectUri = `${ctx.config.publicOrigin}${IDENTITY_CALLBACK_PATH}`;
  session.login = { verifier, state, nonce, redirectUri, ...(query.returnTo ? { returnTo: query.returnTo } : {}) };
  await ctx.sessions.save(res, session);

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
    ui_locales: locale,
    brand: site,
    country,
    locale,
    'hide-account-page': String(flags.hideAccountPage),
    'auto-renewal': String(flags.autoRenewal),
  };
  for (const [name, value] of Object.entries(params)) authorize.searchParams.set(name, value);
  const body: components['schemas']['LoginStart'] = { authorizeUrl: authorize.toString(), state };
  res.setHeader('Cache-Control', 'no-store');
  res.json(body);
};
