/**
 * The identity provider (openapi/upstream/identity.yaml): a real OpenID Connect provider
 * (oidc-provider v9) under `/identity/am/oauth2/realms/root/realms/alpha`, with the authorization
 * code flow and PKCE (S256 only, mandatory), RS256-signed id tokens with a published key set, a
 * sign-in page for the seed shoppers (by their e-mail at the provider now: directory.ts), consent
 * granted automatically, and the identifier claims (`identifiers.crmId`, `identifiers.uid`) in the
 * id token and userinfo.
 *
 * Around the provider, Express handles what the contract asks differently from oidc-provider's
 * defaults: the checks of `/authorize` that answer 400 with an OAuth error instead of redirecting,
 * `client_secret_post` besides `client_secret_basic`, and RP-initiated logout that ends the session
 * on GET and redirects (or answers 204) without a confirmation page.
 *
 * The provider is built on the first request, when the sandbox's port (part of the issuer) is known.
 * Sessions, grants, codes and tokens live in memory ({@link OidcStore}), expire on the sandbox clock
 * and are dropped by `/__sandbox/reset`. The signing key is generated at start.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import Provider, { type Account, type KoaContextWithOIDC } from 'oidc-provider';
import type { components } from '../../../../../generated/identity/types.ts';
import { zOAuthError } from '../../../../../generated/identity/zod/zod.gen.ts';
import type { SandboxContext, UpstreamModule } from '../../app.ts';
import { CREDENTIALS, SANDBOX_PASSWORD, SHOPPERS, VEHICLES, MARKETS, type Shopper } from '../../seed.ts';
import { emailAtProvider, resetDirectory, shopperByEmail } from './directory.ts';
import { signInPage } from './signin-page.ts';
import { OidcStore } from './store.ts';

type OAuthError = components['schemas']['OAuthError'];
type UserInfo = components['schemas']['UserInfo'];

export const REALM_PATH = '/am/oauth2/realms/root/realms/alpha';
export const SIGNING_KEY_ID = 'sandbox-rsa-1';
export const SCOPES = ['openid', 'email', 'profile', 'customer.identifiers', 'customer.vehicles'];
/** The client's registered redirect URIs: its callback paths on each of the shop's origins (core/shop-origins.ts). */
export const redirectUrisOf = (origins: readonly string[]): string[] =>
  origins.flatMap((origin) => CREDENTIALS.identity.redirectPaths.map((path) => `${origin}${path}`));
/** The client's registered post-logout redirect URIs: each of the shop's origins, with and without its slash. */
export const postLogoutRedirectUrisOf = (origins: readonly string[]): string[] =>
  origins.flatMap((origin) => [`${origin}/`, origin]);
const UI_LOCALES = ['en-GB', 'fr-FR', 'de-DE', 'it-IT', 'es-ES', 'pt-PT', 'nl-NL', 'cs-CZ'];
const OAUTH_ERRORS: ReadonlyArray<OAuthError['error']> = zOAuthError.shape.error.options;

const oauthError = (error: OAuthError['error'], description: string): OAuthError => ({
  error,
  error_description: description,
});

/** The shopper's locale: that of the market of their first vehicle, else en-GB. */
function localeOf(shopper: Shopper): string {
  const vehicle = VEHICLES.find((v) => v.owner === shopper.handle);
  return (vehicle && MARKETS[vehicle.market]?.locales[0]) ?? 'en-GB';
}

/** The claims of a shopper (userinfo and id token), filtered by oidc-provider on the granted scopes. */
export function claimsOf(shopper: Shopper): UserInfo {
  return {
    sub: shopper.uid,
    email: emailAtProvider(shopper),
    email_verified: true,
    given_name: shopper.firstName,
    family_name: shopper.lastName,
    name: `${shopper.firstName} ${shopper.lastName}`,
    locale: localeOf(shopper),
    identifiers: { crmId: shopper.crmId, uid: shopper.uid },
  };
}

function findShopperBySub(sub: string): Shopper | undefined {
  return SHOPPERS.find((shopper) => shopper.uid === sub);
}

function signingKey(): JsonWebKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: SIGNING_KEY_ID, alg: 'RS256', use: 'sig' };
}

function createProvider(issuer: string, store: OidcStore, key: JsonWebKey, shopOrigins: readonly string[]): Provider {
  const { clientId, clientSecret } = CREDENTIALS.identity;
  const provider = new Provider(issuer, {
    adapter: store.adapterClass(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUrisOf(shopOrigins),
        post_logout_redirect_uris: postLogoutRedirectUrisOf(shopOrigins),
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    clientBasedCORS: () => false,
    jwks: { keys: [key] },
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    cookies: { keys: ['sandbox-identity-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'locale'],
      'customer.identifiers': ['identifiers'],
      'customer.vehicles': [],
    },
    scopes: ['openid', 'offline_access'],
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    routes: {
      authorization: '/authorize',
      token: '/access_token',
      end_session: '/connect/endSession',
      jwks: '/connect/jwk_uri',
      userinfo: '/userinfo',
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true },
      userinfo: { enabled: true },
      pushedAuthorizationRequests: { enabled: false },
    },
    discovery: { ui_locales_supported: UI_LOCALES, claim_types_supported: ['normal'] },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 120,
      IdToken: 3600,
      RefreshToken: 14 * 86_400,
      Interaction: 3600,
      Session: 14 * 86_400,
      Grant: 14 * 86_400,
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${issuer}/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string): Promise<Account | undefined> => {
      const shopper = findShopperBySub(sub);
      if (!shopper) return undefined;
      return { accountId: sub, claims: async () => ({ ...claimsOf(shopper) }) };
    },
    // First-party client: consent is granted for whatever the request asks.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { session, client, params, result } = ctx.oidc;
      if (!session?.accountId || !client) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const grant =
        (grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined) ??
        new ctx.oidc.provider.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope(typeof params?.scope === 'string' ? params.scope : 'openid');
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    renderError: async (ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }) => {
      const serverError = ctx.status >= 500;
      ctx.status = serverError ? 500 : 400;
      ctx.type = 'json';
      const error =
        OAUTH_ERRORS.find((known) => known === out.error) ?? (serverError ? 'server_error' : 'invalid_request');
      ctx.body = oauthError(error, out.error_description ?? out.error ?? 'Invalid request');
    },
  });
  return provider;
}

function send(res: Response, status: number, body: OAuthError): void {
  res.status(status).set('Cache-Control', 'no-store').json(body);
}

function buildRouter(context: SandboxContext) {
  const store = new OidcStore(context.clock);
  context.resetHooks.push(() => {
    store.clear();
    resetDirectory();
  });
  const key = signingKey();
  let built: { issuer: string; provider: Provider; callback: ReturnType<Provider['callback']> } | undefined;
  const provider = () => {
    const issuer = `${context.baseUrl()}/identity${REALM_PATH}`;
    if (built?.issuer !== issuer) {
      const instance = createProvider(issuer, store, key, context.shopOrigins);
      instance.on('server_error', (_ctx, error) => console.error('[identity] server error', error));
      built = { issuer, provider: instance, callback: instance.callback() };
    }
    return built;
  };
  const { clientId } = CREDENTIALS.identity;
  const redirectUris = redirectUrisOf(context.shopOrigins);
  const postLogoutRedirectUris = postLogoutRedirectUrisOf(context.shopOrigins);

  const router = express.Router();
  const form = express.urlencoded({ extended: false });

  // oidc-provider redirects from the authorization endpoint with 303; the contract (and ForgeRock) use 302.
  router.get([`${REALM_PATH}/authorize`, `${REALM_PATH}/authorize/:uid`], (_req, res, next) => {
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      if (status !== 303) return writeHead(status, ...rest);
      res.statusMessage = 'Found';
      return writeHead(302, ...rest.filter((arg) => typeof arg !== 'string'));
    }) as unknown as typeof res.writeHead;
    next();
  });

  // The checks the contract answers with 400 instead of a redirect to the client.
  router.get(`${REALM_PATH}/authorize`, (req, res, next) => {
    const q = req.query as Record<string, unknown>;
    if (q.client_id !== clientId) return send(res, 400, oauthError('invalid_client', 'Client authentication failed'));
    if (typeof q.redirect_uri !== 'string' || !redirectUris.includes(q.redirect_uri))
      return send(
        res,
        400,
        oauthError('invalid_request', 'The redirection URI provided does not match a pre-registered value.'),
      );
    for (const name of ['code_challenge', 'code_challenge_method', 'response_type', 'scope'])
      if (typeof q[name] !== 'string' || q[name] === '')
        return send(res, 400, oauthError('invalid_request', `Missing parameter, '${name}'`));
    if (q.code_challenge_method !== 'S256')
      return send(res, 400, oauthError('invalid_request', 'Unsupported code_challenge_method; only S256 is accepted'));
    const challenge = q.code_challenge as string;
    if (!/^[A-Za-z0-9_-]{43,128}$/.test(challenge))
      return send(res, 400, oauthError('invalid_request', 'Invalid parameter, code_challenge'));
    next();
  });

  // client_secret_post: moved into a Basic header, since oidc-provider takes one method per client.
  router.post(`${REALM_PATH}/access_token`, (req, res, next) => {
    if (req.headers.authorization || !req.is('application/x-www-form-urlencoded')) return next();
    form(req, res, (error?: unknown) => {
      if (error) return next(error);
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (typeof body.client_id === 'string' && typeof body.client_secret === 'string') {
        const encode = (value: string) => encodeURIComponent(value);
        req.headers.authorization = `Basic ${Buffer.from(`${encode(body.client_id)}:${encode(body.client_secret)}`).toString('base64')}`;
        delete body.client_id;
        delete body.client_secret;
      }
      next();
    });
  });

  // RP-initiated logout: ends the shopper's sessions at once, then redirects or answers 204.
  router.get(`${REALM_PATH}/connect/endSession`, async (req, res, next) => {
    try {
      const { provider: instance } = provider();
      const q = req.query as Record<string, unknown>;
      if (typeof q.id_token_hint !== 'string' || q.id_token_hint === '')
        return send(res, 400, oauthError('invalid_request', "Missing parameter, 'id_token_hint'"));
      if (q.client_id !== undefined && q.client_id !== clientId)
        return send(res, 400, oauthError('invalid_client', 'Client authentication failed'));
      const client = await instance.Client.find(clientId);
      let sub: unknown;
      try {
        sub = (await instance.IdToken.validate(q.id_token_hint, client!)).payload.sub;
      } catch {
        return send(res, 400, oauthError('invalid_request', 'Invalid id_token_hint'));
      }
      const redirect = q.post_logout_redirect_uri;
      if (redirect !== undefined && (typeof redirect !== 'string' || !postLogoutRedirectUris.includes(redirect)))
        return send(res, 400, oauthError('invalid_request', 'post_logout_redirect_uri not registered'));
      const adapter = new (store.adapterClass())('Session');
      for (const [id, session] of store.entries('Session')) if (session.accountId === sub) await adapter.destroy(id);
      res.set('Cache-Control', 'no-store');
      if (typeof redirect === 'string') {
        const target = new URL(redirect);
        if (typeof q.state === 'string') target.searchParams.set('state', q.state);
        res.redirect(302, target.href);
      } else res.status(204).end();
    } catch (error) {
      next(error);
    }
  });

  // The sign-in page of the login interaction.
  router.get(`${REALM_PATH}/interaction/:uid`, async (req, res, next) => {
    try {
      const { provider: instance } = provider();
      const details = await instance.interactionDetails(req, res);
      if (details.prompt.name !== 'login') {
        // Consent is granted by loadExistingGrant; anything else is finished as is.
        await instance.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
        return;
      }
      const lang = typeof details.params.ui_locales === 'string' ? details.params.ui_locales.split(' ')[0] : 'en';
      const loginHint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
      res
        .status(200)
        .set('Cache-Control', 'no-store')
        .type('html')
        .send(signInPage({ action: req.originalUrl.split('?')[0]!, email: loginHint, lang }));
    } catch (error) {
      next(error);
    }
  });

  router.post(`${REALM_PATH}/interaction/:uid`, form, async (req, res, next) => {
    try {
      const { provider: instance } = provider();
      const details = await instance.interactionDetails(req, res);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const action = req.originalUrl.split('?')[0]!;
      if (body.action === 'cancel') {
        await instance.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'The shopper cancelled the sign-in.' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const email = typeof body.email === 'string' ? body.email.trim() : '';
      const password = typeof body.password === 'string' ? body.password : '';
      const shopper = shopperByEmail(email);
      if (!shopper || password !== SANDBOX_PASSWORD) {
        const lang = typeof details.params.ui_locales === 'string' ? details.params.ui_locales.split(' ')[0] : 'en';
        res
          .status(401)
          .set('Cache-Control', 'no-store')
          .type('html')
          .send(
            signInPage({
              action,
              email,
              lang,
              error:
                email && password
                  ? 'The email address or password is incorrect.'
                  : 'Enter your email address and password.',
            }),
          );
        return;
      }
      await instance.interactionFinished(
        req,
        res,
        { login: { accountId: shopper.uid, amr: ['pwd'], remember: true } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      next(error);
    }
  });

  router.use(REALM_PATH, (req, res) => {
    provider().callback(req, res);
  });

  router.use((_req: Request, res: Response) => {
    send(res, 404, oauthError('invalid_request', 'Unknown endpoint of the identity provider'));
  });
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number; statusCode?: number }).status ?? 500;
    if (status >= 400 && status < 500) {
      const name = (error as { name?: string }).name;
      // oidc-provider's SessionNotFound and friends: the interaction is over or unknown.
      const description =
        name === 'SessionNotFound'
          ? 'The sign-in has expired or was already completed; start again from the shop.'
          : String(
              (error as { error_description?: string; message?: string }).error_description ?? (error as Error).message,
            );
      send(res, 400, oauthError('invalid_request', description));
      return;
    }
    console.error('[identity] unexpected error', error);
    send(res, 500, oauthError('server_error', 'Internal Server Error'));
  });
  return router;
}

export const identityModule: UpstreamModule = {
  upstream: 'identity',
  errorBody: (status): OAuthError =>
    status >= 500
      ? oauthError('server_error', 'Internal Server Error')
      : status === 401
        ? oauthError(
            'invalid_token',
            'The access token provided is expired, revoked, malformed, or invalid for other reasons.',
          )
        : oauthError('invalid_request', `Request failed (HTTP ${status})`),
  router: buildRouter,
};
