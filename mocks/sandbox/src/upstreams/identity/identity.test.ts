import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  zJwks,
  zOAuthError,
  zOpenIdConfiguration,
  zTokenResponse,
  zUserInfo,
} from '../../../../../generated/identity/zod/zod.gen.ts';
import { createSandbox, type Sandbox } from '../../app.ts';
import { SANDBOX_PASSWORD, SHOPPERS } from '../../seed.ts';
import { identityModule, REALM_PATH } from './index.ts';

const sandbox: Sandbox = createSandbox([identityModule]);
let root = '';
let issuer = '';
const REDIRECT_URI = 'http://localhost:3000/callback/forgerock';
const BASIC = `Basic ${Buffer.from('webshop:webshop-sandbox-secret').toString('base64')}`;
const SCOPE = 'openid email profile customer.identifiers customer.vehicles';
const alex = SHOPPERS.find((s) => s.handle === 'alex')!;

beforeAll(async () => {
  root = `http://localhost:${await sandbox.start(0)}`;
  issuer = `${root}/identity${REALM_PATH}`;
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
});

/** A browser stand-in: keeps cookies by name and follows nothing by itself. */
class Browser {
  cookies = new Map<string, string>();

  async get(url: string): Promise<Response> {
    return this.#send(url, { method: 'GET' });
  }

  async post(url: string, fields: Record<string, string>): Promise<Response> {
    return this.#send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  async #send(url: string, init: RequestInit): Promise<Response> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows redirects within the sandbox until one leaves it (to the shop) or a page answers. */
  async follow(res: Response): Promise<Response | URL> {
    let current = res;
    while (current.status >= 300 && current.status < 400) {
      const location = new URL(current.headers.get('location')!, current.url);
      if (!location.href.startsWith(root)) return location;
      current = await this.get(location.href);
    }
    return current;
  }
}

function pkce() {
  const verifier = randomBytes(72).toString('base64url'); // 96 characters, like the shop's proxy
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

function authorizeUrl(challenge: string, extra: Record<string, string> = {}): string {
  return `${issuer}/authorize?${new URLSearchParams({
    response_type: 'code',
    client_id: 'webshop',
    redirect_uri: REDIRECT_URI,
    scope: SCOPE,
    state: 'st-7f3a9c21',
    nonce: 'n-0S6_WzA2Mj',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  })}`;
}

/** Authorize → sign-in page → credentials → redirect back to the shop. */
async function signIn(browser: Browser, challenge: string, email = alex.email, password = SANDBOX_PASSWORD) {
  const page = await browser.follow(await browser.get(authorizeUrl(challenge)));
  if (page instanceof URL) return { redirect: page, page: undefined };
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const submitted = await browser.post(new URL(action, root).href, { email, password, action: 'login' });
  const result = await browser.follow(submitted);
  if (result instanceof URL) return { redirect: result, page: html };
  return { redirect: undefined, page: html, rejected: result, rejectedHtml: await result.text() };
}

async function exchange(fields: Record<string, string>, headers: Record<string, string> = { authorization: BASIC }) {
  const res = await fetch(`${issuer}/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

async function tokensFor(browser = new Browser()) {
  const { verifier, challenge } = pkce();
  const { redirect } = await signIn(browser, challenge);
  const code = redirect!.searchParams.get('code')!;
  const { body } = await exchange({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  return { browser, tokens: zTokenResponse.parse(body) };
}

describe('identity discovery and keys', () => {
  it('when the discovery document is read, then it names the realm endpoints, S256 and the customer scopes', async () => {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = zOpenIdConfiguration.parse(await res.json());
    expect(doc).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/access_token`,
      userinfo_endpoint: `${issuer}/userinfo`,
      end_session_endpoint: `${issuer}/connect/endSession`,
      jwks_uri: `${issuer}/connect/jwk_uri`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(SCOPE.split(' ')));
    expect(doc.claims_supported).toContain('identifiers');
    expect(doc.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
    );
  });

  it('when the key set is read, then it holds the public RSA signing key only', async () => {
    const jwks = zJwks.parse(await (await fetch(`${issuer}/connect/jwk_uri`)).json());
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', kid: 'sandbox-rsa-1', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});

describe('identity code flow with PKCE', () => {
  it('when alex signs in and the code is exchanged with the verifier, then a verifiable id token carries the identifiers', async () => {
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const { redirect, page } = await signIn(browser, challenge);
    expect(page).toContain('<label for="email">Email address</label>');
    expect(page).toContain('<label for="password">Password</label>');
    expect(page).toContain('>Sign in</button>');
    expect(redirect!.origin + redirect!.pathname).toBe(REDIRECT_URI);
    expect(redirect!.searchParams.get('state')).toBe('st-7f3a9c21');
    const code = redirect!.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const { res, body } = await exchange({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const tokens = zTokenResponse.parse(body);
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: SCOPE });
    expect(tokens.refresh_token).toBeTruthy();

    const keys = createRemoteJWKSet(new URL(`${issuer}/connect/jwk_uri`));
    const { payload, protectedHeader } = await jwtVerify(tokens.id_token!, keys, { issuer, audience: 'webshop' });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: 'sandbox-rsa-1' });
    expect(payload).toMatchObject({
      sub: alex.uid,
      nonce: 'n-0S6_WzA2Mj',
      email: alex.email,
      given_name: 'Alex',
      family_name: 'Owner',
      identifiers: { crmId: alex.crmId, uid: alex.uid },
    });
  });

  it('when the client authenticates with client_secret_post, then the code is exchanged too', async () => {
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const { redirect } = await signIn(browser, challenge);
    const { res } = await exchange(
      {
        grant_type: 'authorization_code',
        code: redirect!.searchParams.get('code')!,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
        client_id: 'webshop',
        client_secret: 'webshop-sandbox-secret',
      },
      {},
    );
    expect(res.status).toBe(200);
  });

  it('when the code verifier does not match, then the exchange answers invalid_grant', async () => {
    const browser = new Browser();
    const { challenge } = pkce();
    const { redirect } = await signIn(browser, challenge);
    const { res, body } = await exchange({
      grant_type: 'authorization_code',
      code: redirect!.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: pkce().verifier,
    });
    expect(res.status).toBe(400);
    expect(zOAuthError.parse(body).error).toBe('invalid_grant');
  });

  it('when the client secret is wrong, then the exchange answers 401 invalid_client', async () => {
    const { res, body } = await exchange(
      { grant_type: 'authorization_code', code: 'nope', redirect_uri: REDIRECT_URI, code_verifier: pkce().verifier },
      { authorization: `Basic ${Buffer.from('webshop:wrong').toString('base64')}` },
    );
    expect(res.status).toBe(401);
    expect(zOAuthError.parse(body).error).toBe('invalid_client');
  });

  it('when the password is wrong, then the sign-in page shows an error and no code is issued', async () => {
    const result = await signIn(new Browser(), pkce().challenge, alex.email, 'wrong-password');
    expect(result.redirect).toBeUndefined();
    expect(result.rejectedHtml).toContain('role="alert"');
    expect(result.rejectedHtml).toContain('The email address or password is incorrect.');
  });

  it('when the shopper already has a provider session, then authorize redirects with a code at once', async () => {
    const { browser } = await tokensFor();
    const again = await browser.follow(await browser.get(authorizeUrl(pkce().challenge)));
    expect(again).toBeInstanceOf(URL);
    expect((again as URL).searchParams.get('code')).toBeTruthy();
  });

  it('when a refresh token is exchanged, then a new access token comes back', async () => {
    const { tokens } = await tokensFor();
    const { res, body } = await exchange({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(res.status).toBe(200);
    expect(zTokenResponse.parse(body).access_token).toBeTruthy();
  });
});

describe('identity sessions', () => {
  it('when authorize is called without a provider session, then it answers 302 to the sign-in page', async () => {
    const res = await fetch(authorizeUrl(pkce().challenge), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${issuer}/interaction/`));
  });

  it('when the shopper cancels the sign-in, then the shop gets access_denied with the state', async () => {
    const browser = new Browser();
    const page = (await browser.follow(await browser.get(authorizeUrl(pkce().challenge)))) as Response;
    const action = /<form method="post" action="([^"]+)"/.exec(await page.text())![1]!;
    const back = await browser.follow(await browser.post(new URL(action, root).href, { action: 'cancel' }));
    expect(back).toBeInstanceOf(URL);
    expect((back as URL).searchParams.get('error')).toBe('access_denied');
    expect((back as URL).searchParams.get('state')).toBe('st-7f3a9c21');
  });

  it('when the sandbox is reset, then the provider session and tokens are gone', async () => {
    const { browser, tokens } = await tokensFor();
    await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
    const again = await browser.follow(await browser.get(authorizeUrl(pkce().challenge)));
    expect(again).not.toBeInstanceOf(URL);
    const res = await fetch(`${issuer}/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(res.status).toBe(401);
  });

  it('when the sandbox clock moves past the access token lifetime, then userinfo refuses the token', async () => {
    const { tokens } = await tokensFor();
    await fetch(`${root}/__sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 2 * 3600 * 1000 }),
    });
    const res = await fetch(`${issuer}/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(res.status).toBe(401);
  });

  it("when kim signs in, then the identifiers are kim's seed values and the locale is de-DE", async () => {
    const kim = SHOPPERS.find((s) => s.handle === 'kim')!;
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const { redirect } = await signIn(browser, challenge, kim.email);
    const { body } = await exchange({
      grant_type: 'authorization_code',
      code: redirect!.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(decodeJwt(body.id_token as string)).toMatchObject({
      sub: kim.uid,
      locale: 'de-DE',
      identifiers: { crmId: kim.crmId, uid: kim.uid },
    });
  });
});

describe('identity authorize errors', () => {
  it.each([
    ['the client is unknown', { client_id: 'someone' }, 'invalid_client'],
    ['the redirect URI is not registered', { redirect_uri: 'http://evil.example.com/cb' }, 'invalid_request'],
    ['the code challenge is missing', { code_challenge: '' }, 'invalid_request'],
    ['the method is plain', { code_challenge_method: 'plain' }, 'invalid_request'],
  ])('when %s, then authorize answers 400 %s', async (_case, extra, error) => {
    const res = await fetch(authorizeUrl(pkce().challenge, extra), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(zOAuthError.parse(await res.json()).error).toBe(error);
  });
});

describe('identity userinfo', () => {
  it('when userinfo is read with the access token, then it carries the profile and identifiers', async () => {
    const { tokens } = await tokensFor();
    const res = await fetch(`${issuer}/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(res.status).toBe(200);
    expect(zUserInfo.parse(await res.json())).toMatchObject({
      sub: alex.uid,
      email: alex.email,
      email_verified: true,
      name: 'Alex Owner',
      locale: 'en-GB',
      identifiers: { crmId: alex.crmId, uid: alex.uid },
    });
  });

  it('when the access token is unknown, then userinfo answers 401 invalid_token', async () => {
    const res = await fetch(`${issuer}/userinfo`, { headers: { authorization: 'Bearer nope' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
    expect(zOAuthError.parse(await res.json()).error).toBe('invalid_token');
  });
});

describe('identity end session', () => {
  it('when the session is ended with a redirect, then the browser goes back with state and must sign in again', async () => {
    const { browser, tokens } = await tokensFor();
    const res = await browser.get(
      `${issuer}/connect/endSession?${new URLSearchParams({
        id_token_hint: tokens.id_token!,
        post_logout_redirect_uri: 'http://localhost:3000/',
        state: 'lo-51c0',
      })}`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://localhost:3000/?state=lo-51c0');
    const again = await browser.follow(await browser.get(authorizeUrl(pkce().challenge)));
    expect(again).not.toBeInstanceOf(URL);
    expect(await (again as Response).text()).toContain('Email address');
  });

  it('when the session is ended without a redirect, then 204', async () => {
    const { browser, tokens } = await tokensFor();
    const res = await browser.get(`${issuer}/connect/endSession?id_token_hint=${tokens.id_token!}`);
    expect(res.status).toBe(204);
  });

  it('when the id token hint is not one of ours, then 400 invalid_request', async () => {
    const { tokens } = await tokensFor();
    const [header, payload] = tokens.id_token!.split('.');
    const forged = `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`;
    const res = await fetch(`${issuer}/connect/endSession?id_token_hint=${forged}`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(zOAuthError.parse(await res.json())).toMatchObject({ error: 'invalid_request' });
    expect(decodeJwt(tokens.id_token!).sub).toBe(alex.uid);
  });
});
