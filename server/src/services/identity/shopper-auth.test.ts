/**
 * The registered commerce login in live mode (storefront §4 Authentication): after the identity
 * provider's login the proxy asks SLAS for the shopper's tokens with the trusted-system
 * on-behalf-of token and its private client, refreshes them with that client (HTTP Basic) and names
 * it on logout. The guest login's PKCE pair is checked too (storefront §9 PKCE constants). The
 * requests are checked as the live platform receives them.
 */
import { createHash } from 'node:crypto';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { SessionData } from '../../session.ts';
import { createUpstreams } from '../../upstream/clients.ts';
import { commerceLogin, commerceLogout, ensureShopperToken, registeredLogin } from './shopper-auth.ts';
import { guestSessionData } from '../../test-helpers.ts';

const BASE_URLS = [
  'COMMERCE_BASE_URL',
  'COMMERCE_STOREFRONT_URL',
  'SOM_BASE_URL',
  'VEHICLES_BASE_URL',
  'IDENTITY_BASE_URL',
  'ADYEN_BASE_URL',
  'STRIPE_BASE_URL',
  'LOQATE_BASE_URL',
];

/** A live configuration: https hosts, the private client `shop-bff` with its secret. */
function liveConfig(): Config {
  const env: Record<string, string> = {
    UPSTREAM: 'live',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 's'.repeat(40),
    PUBLIC_ORIGIN: 'https://shop.aurora.example',
    COMMERCE_PRIVATE_CLIENT_ID: 'shop-bff',
    COMMERCE_PRIVATE_CLIENT_SECRET: 'bff-secret',
    COMMERCE_CLIENT_ID_AURORA: 'public-aurora',
  };
  for (const name of BASE_URLS) env[name] = `https://${name.toLowerCase().replaceAll('_', '-')}.example.com`;
  env.COMMERCE_BASE_URL = 'https://abcd1234.api.commercecloud.salesforce.com';
  // Every other credential: any value (required in live mode).
  for (const name of [
    'COMMERCE_ORGANIZATION_ID',
    'COMMERCE_CLIENT_ID_BOREALIS',
    'IDENTITY_CLIENT_ID',
    'SERVICE_TOKEN',
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'ADYEN_API_KEY',
    'ADYEN_MERCHANT_ACCOUNT',
    'ADYEN_CLIENT_KEY',
    'LOQATE_KEY',
  ])
    env[name] ??= `live-${name}`;
  env.COMMERCE_ORGANIZATION_ID = 'f_ecom_abcd_prd';
  // The webhook's HMAC key as Adyen's Customer Area shows it: hex (issue 29).
  env.ADYEN_HMAC_KEY ??= 'A1'.repeat(32);
  // Live keys in the providers' forms (a live shop refuses test ones: payment-keys.ts).
  Object.assign(env, {
    STRIPE_SECRET_KEY: 'sk_live_key',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_key',
    ADYEN_CLIENT_KEY: 'live_KEY',
    ADYEN_ENVIRONMENT: 'live',
  });
  try {
    return loadConfig(env);
  } catch (error) {
    // Other settings may become required in live mode: give them any value and try once more.
    const missing = String(error).match(/[A-Z_]+(?=: required in live mode)/g) ?? [];
    for (const name of missing) env[name] = `live-${name}`;
    return loadConfig(env);
  }
}

const TOKENS = {
  access_token: 'at-registered',
  id_token: '',
  refresh_token: 'rt-registered',
  expires_in: 1800,
  refresh_token_expires_in: 7_776_000,
  token_type: 'Bearer',
  usid: 'usid-guest-1',
  customer_id: 'abcRegistered01',
  enc_user_id: '',
  idp_access_token: '',
};

function liveContext() {
  const seen: Request[] = [];
  const config = liveConfig();
  const upstreams = createUpstreams(config, async (request) => {
    seen.push(request.clone());
    return Response.json(TOKENS);
  });
  const ctx = { config, upstreams, logger: pino({ level: 'silent' }) } as unknown as AppContext;
  return { ctx, seen };
}

const basic = `Basic ${Buffer.from('shop-bff:bff-secret').toString('base64')}`;

/** alex as the id token names him: the directory UID of its identifiers and his e-mail. */
const ALEX = { directoryUid: '8a1f0c2e-0001-4a6b-9c1d-a1e2c3d4e5f6', email: 'alex.owner@example.com' };

function guestSession(): SessionData {
  return guestSessionData({
    shopperTokens: { accessToken: 'at-guest', refreshToken: 'rt-guest', usid: 'usid-guest-1', expiresAt: 0 },
  });
}

describe('registered commerce login in live mode', () => {
  it('when the identity provider’s login is done, then the trusted-system token is asked for the shopper’s directory UID with the private client', async () => {
    const { ctx, seen } = liveContext();
    const tokens = await registeredLogin(guestSession(), ctx, ALEX);
    expect(tokens).toMatchObject({ accessToken: 'at-registered', customerId: 'abcRegistered01', privateClient: true });
    const request = seen[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(
      'https://abcd1234.api.commercecloud.salesforce.com/shopper/auth/v1/organizations/f_ecom_abcd_prd/oauth2/trusted-system/token',
    );
    expect(request.headers.get('authorization')).toBe(basic);
    expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(await request.text()))).toEqual({
      grant_type: 'client_credentials',
      hint: 'ts_ext_on_behalf_of',
      login_id: ALEX.directoryUid,
      email_id: 'alex.owner@example.com',
      idp_origin: 'forgerock',
      client_id: 'public-aurora',
      channel_id: 'aurora',
      usid: 'usid-guest-1',
    });
  });

  it('when the owner’s e-mail has changed at the identity provider, then SLAS is asked for the same login_id, his directory UID, and only email_id changes (issue 31, review item 6)', async () => {
    const { ctx, seen } = liveContext();
    await registeredLogin(guestSession(), ctx, ALEX);
    await registeredLogin(guestSession(), ctx, { ...ALEX, email: 'alex.new@example.com' });
    const [before, after] = await Promise.all(
      seen.map(async (request) => Object.fromEntries(new URLSearchParams(await request.text()))),
    );
    expect(after!.login_id).toBe(before!.login_id);
    expect(after!.login_id).toBe('8a1f0c2e-0001-4a6b-9c1d-a1e2c3d4e5f6');
    expect([before!.email_id, after!.email_id]).toEqual(['alex.owner@example.com', 'alex.new@example.com']);
  });

  it('when a registered token has expired, then the private client refreshes it with HTTP Basic and no public client id', async () => {
    const { ctx, seen } = liveContext();
    const session = guestSession();
    session.authType = 'registered';
    session.shopperTokens = { ...session.shopperTokens!, refreshToken: 'rt-registered', privateClient: true };
    const tokens = await ensureShopperToken(session, ctx);
    expect(tokens.privateClient).toBe(true);
    const request = seen[0]!;
    expect(new URL(request.url).pathname).toMatch(/\/oauth2\/token$/);
    expect(request.headers.get('authorization')).toBe(basic);
    expect(Object.fromEntries(new URLSearchParams(await request.text()))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt-registered',
      channel_id: 'aurora',
    });
  });

  it('when a guest token has expired, then the public client refreshes it without HTTP Basic', async () => {
    const { ctx, seen } = liveContext();
    await ensureShopperToken(guestSession(), ctx);
    const request = seen[0]!;
    expect(request.headers.get('authorization')).toBeNull();
    expect(new URLSearchParams(await request.text()).get('client_id')).toBe('public-aurora');
  });

  it('when a registered shopper logs out, then the logout names the private client', async () => {
    const { ctx, seen } = liveContext();
    const session = guestSession();
    session.shopperTokens = { ...session.shopperTokens!, refreshToken: 'rt-registered', privateClient: true };
    await commerceLogout(session, ctx);
    expect(new URL(seen[0]!.url).searchParams.get('client_id')).toBe('shop-bff');
  });
});

describe('guest commerce login PKCE (storefront §9: "PKCE: code challenge method S256 […] Verifier length 96 characters in the proxy login and 128 in the commerce login.")', () => {
  /** SLAS as it answers a guest: authorize redirects with code and usid, the token exchange answers tokens. */
  function guestContext() {
    const seen: Request[] = [];
    const config = liveConfig();
    const upstreams = createUpstreams(config, async (request) => {
      seen.push(request.clone());
      if (new URL(request.url).pathname.endsWith('/oauth2/authorize'))
        return new Response(null, {
          status: 303,
          headers: { location: 'https://shop.aurora.example/callback?code=code-1&usid=usid-guest-1' },
        });
      return Response.json({ ...TOKENS, customer_id: 'abcGuest01' });
    });
    const ctx = { config, upstreams, logger: pino({ level: 'silent' }) } as unknown as AppContext;
    return { ctx, seen };
  }

  async function guestLogin() {
    const { ctx, seen } = guestContext();
    await commerceLogin(guestSessionData(), ctx);
    const [authorize, token] = seen;
    const challenge = new URL(authorize!.url).searchParams.get('code_challenge');
    const form = Object.fromEntries(new URLSearchParams(await token!.text()));
    return { challenge, form };
  }

  it('when a guest logs in, then the token exchange sends a 128-character verifier of unreserved characters, and authorize its S256 challenge', async () => {
    const { challenge, form } = await guestLogin();
    expect(form.grant_type).toBe('authorization_code_pkce');
    const verifier = form.code_verifier!;
    expect(verifier).toHaveLength(128);
    // RFC 7636 §4.1: code_verifier = 43*128unreserved, unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~".
    expect(verifier).toMatch(/^[A-Za-z0-9._~-]{128}$/);
    // S256 (RFC 7636 §4.2): BASE64URL(SHA-256(ASCII(code_verifier))), without padding: 43 characters.
    expect(challenge).toBe(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('when two guests log in, then each gets its own verifier', async () => {
    const [first, second] = [await guestLogin(), await guestLogin()];
    expect(first.form.code_verifier).not.toBe(second.form.code_verifier);
    expect(first.challenge).not.toBe(second.challenge);
  });
});
