/**
 * The session operations (guest session, external login with PKCE, callback, logout) against the
 * in-process sandbox, every answer checked against proxy.yaml.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSandbox } from '../../../../mocks/sandbox/src/sandbox.ts';
import type { Sandbox } from '../../../../mocks/sandbox/src/app.ts';
import type { ProxyServer } from '../../server.ts';
import { pkceChallenge } from '../../services/identity/shopper-auth.ts';
import { SHOPPERS } from '../../../../mocks/sandbox/src/seed.ts';
import { startTestServer, testConfig } from '../../test-helpers.ts';
import { emailOf, logIn, ShopBrowser, signIn, type ShopUnderTest } from '../../testing/shop-browser.ts';

let sandbox: Sandbox;
let server: ProxyServer;
let url: (path: string) => string;
let root = '';

beforeAll(async () => {
  sandbox = buildSandbox();
  const port = await sandbox.start(0);
  root = `http://localhost:${port}`;
  ({ server, url } = await startTestServer(testConfig({ SANDBOX_URL: root, RATE_LIMIT_LOGIN: '1000' })));
});
afterAll(async () => {
  await server.stop();
  await sandbox.stop();
});
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
});

const sandboxPost = (path: string, body: unknown) =>
  fetch(`${root}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const shop: ShopUnderTest = {
  get server() {
    return server;
  },
  url: (path) => url(path),
  get root() {
    return root;
  },
};

class Shopper extends ShopBrowser {
  constructor() {
    super(shop);
  }
}

describe('createGuestSession', () => {
  it('when a shopper asks for a guest session twice, then a guest is created once and its token reused', async () => {
    const shopper = new Shopper();
    await shopper.open();
    const first = await shopper.call('createGuestSession', '/api/session/guest', { method: 'POST' });
    expect(first.response.status).toBe(201);
    expect(first.body).toMatchObject({ authType: 'guest', customer: null, csrfToken: shopper.csrf });
    expect(JSON.stringify(first.body)).not.toMatch(/access|refresh|eyJ/i);
    const tokens = (await shopper.stored()).shopperTokens!;
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toMatch(/^rt-guest-/);
    expect(tokens.usid).toBeTruthy();
    expect(tokens.customerId).toBeTruthy();
    expect(tokens.expiresAt).toBeGreaterThan(Date.now());

    const second = await shopper.call('createGuestSession', '/api/session/guest', { method: 'POST' });
    expect(second.response.status).toBe(201);
    expect((await shopper.stored()).shopperTokens).toEqual(tokens);
  });

  it('when the access token has expired, then it is refreshed for the same guest', async () => {
    await sandboxPost('/commerce/__sandbox/token-lifetime', { seconds: 2 });
    const shopper = new Shopper();
    await shopper.open();
    await shopper.call('createGuestSession', '/api/session/guest', { method: 'POST' });
    const before = (await shopper.stored()).shopperTokens!;
    await sandboxPost('/__sandbox/clock', { advanceMs: 3000 });

    const { response, body } = await shopper.call('createGuestSession', '/api/session/guest', { method: 'POST' });
    expect(response.status).toBe(201);
    expect(body.authType).toBe('guest');
    const after = (await shopper.stored()).shopperTokens!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.customerId).toBe(before.customerId);
  });

  it('when the refresh token is refused (invalid refresh_token), then auth is cleared and a new guest logs in', async () => {
    await sandboxPost('/commerce/__sandbox/token-lifetime', { seconds: 2 });
    const shopper = new Shopper();
    await shopper.open();
    await shopper.call('createGuestSession', '/api/session/guest', { method: 'POST' });
    const before = (await shopper.stored()).shopperTokens!;
    // The reset forgets every token the sandbox issued: the refresh answers 'invalid refresh_token'.
    await fetch(`${root}/__sandbox/reset`, { method: 'POST' });

    const { response, body } = await shopper.call('createGuestSession', '/api/session/guest', { method: 'POST' });
    expect(response.status).toBe(201);
    expect(body.authType).toBe('guest');
    const after = (await shopper.stored()).shopperTokens!;
    expect(after.customerId).not.toBe(before.customerId);
  });

  it('when the commerce platform fails, then 502 problem', async () => {
    await fetch(`${root}/__sandbox/faults/commerce`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 500 }),
    });
    const shopper = new Shopper();
    await shopper.open();
    const { response } = await shopper.call('createGuestSession', '/api/session/guest', { method: 'POST' });
    expect(response.status).toBe(502);
  });
});

describe('startLogin', () => {
  it('when a login starts, then the authorize URL carries an S256 challenge of a 96-character verifier kept server-side', async () => {
    const shopper = new Shopper();
    await shopper.open();
    const { response, body } = await shopper.call('startLogin', '/api/session/login?returnTo=%2Faccount&locale=fr-FR');
    expect(response.status).toBe(200);
    const authorize = new URL(body.authorizeUrl);
    expect(authorize.pathname).toBe('/identity/am/oauth2/realms/root/realms/alpha/authorize');
    const params = Object.fromEntries(authorize.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: 'webshop',
      redirect_uri: 'http://localhost:3000/callback/forgerock',
      scope: 'openid email profile customer.identifiers customer.vehicles',
      code_challenge_method: 'S256',
      state: body.state,
      ui_locales: 'fr-FR',
      country: 'FR',
      brand: 'aurora',
    });
    const login = (await shopper.stored()).login!;
    expect(login.verifier).toHaveLength(96);
    expect(login.verifier).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(params.code_challenge).toBe(pkceChallenge(login.verifier));
    expect(login).toMatchObject({ state: body.state, returnTo: '/account' });
    expect(JSON.stringify(body)).not.toContain(login.verifier);
  });

  it('when returnTo is not a path, then a 400 problem', async () => {
    const shopper = new Shopper();
    const { response, body } = await shopper.call(
      'startLogin',
      '/api/session/login?returnTo=https%3A%2F%2Fevil.example',
    );
    expect(response.status).toBe(400);
    expect(body.errors[0].field).toBe('returnTo');
  });
});

describe('completeLogin', () => {
  it('when alex signs in on two devices within 3 seconds, then both are signed in: the second waits out SLAS’s 409 window', async () => {
    const first = await logIn(new Shopper());
    const started = Date.now();
    const second = await logIn(new Shopper());
    expect(first.response.status).toBe(200);
    expect(second.response.status).toBe(200);
    expect(second.body.session).toMatchObject({ authType: 'registered', customer: { firstName: 'Alex' } });
    // The sandbox refused the second trusted-system login at once (409), as SLAS does within 3 seconds.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('when alex signs in at the identity provider, then the session is registered with first name Alex', async () => {
    const shopper = new Shopper();
    const { response, body } = await logIn(shopper);
    expect(response.status).toBe(200);
    expect(body).toMatchObject({
      redirectTo: '/account/my-subscriptions',
      session: {
        authType: 'registered',
        customer: { customerId: 'abcAlexOwner0001', firstName: 'Alex', email: 'alex.owner@example.com' },
      },
    });
    const { body: session } = await shopper.call('getSession', '/api/session');
    expect(session).toMatchObject({ authType: 'registered', customer: { firstName: 'Alex' } });
    const stored = await shopper.stored();
    expect(stored.principalUUID).toBe(SHOPPERS.find((s) => s.handle === 'alex')!.uid);
    expect(stored.idToken).toBeTruthy();
    expect(stored.shopperTokens?.refreshToken).toMatch(/^rt-registered-/);
    expect(stored.login).toBeUndefined();
  });

  it('when alex signs in, then his commerce tokens are the trusted-system token of the private client for the guest’s usid (storefront §4)', async () => {
    const shopper = new Shopper();
    await shopper.open();
    await shopper.call('createGuestSession', '/api/session/guest', { method: 'POST' });
    const guest = (await shopper.stored()).shopperTokens!;
    await logIn(shopper);
    const tokens = (await shopper.stored()).shopperTokens!;
    expect(tokens.privateClient).toBe(true);
    expect(tokens.usid).toBe(guest.usid);
    const claims = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1]!, 'base64url').toString('utf8'));
    expect(claims.sub).toContain('::scid:webshop-server::');
    expect(claims.isb).toContain('rcid:abcAlexOwner0001');
  });

  it('when the state does not match the login in progress, then a 400 problem', async () => {
    const shopper = new Shopper();
    await shopper.open();
    await shopper.call('startLogin', '/api/session/login');
    const { response, body } = await shopper.call('completeLogin', '/api/session/login/callback', {
      method: 'POST',
      body: JSON.stringify({ code: 'any-code', state: 'not-the-state' }),
    });
    expect(response.status).toBe(400);
    expect(body.type).toBe('https://shop.example/problems/login-state-mismatch');
  });

  it('when the identity provider refuses the code, then 401 FORGEROCK Token Error', async () => {
    const shopper = new Shopper();
    await shopper.open();
    const start = await shopper.call('startLogin', '/api/session/login');
    const { response, body } = await shopper.call('completeLogin', '/api/session/login/callback', {
      method: 'POST',
      body: JSON.stringify({ code: 'not-a-code', state: start.body.state }),
    });
    expect(response.status).toBe(401);
    expect(body).toMatchObject({ detail: 'FORGEROCK Token Error', code: 'FORGEROCK_TOKEN_ERROR' });
  });

  it('when sam logs in on alex’s vehicle, then E001 and the session stays a guest', async () => {
    const shopper = new Shopper();
    await shopper.open();
    await shopper.call('createGuestSession', '/api/session/guest', { method: 'POST' });
    await shopper.update((s) => {
      s.vehicle = { vin: 'ZAAAA1000AA000001', model: 'Aurora Sport Tourer', brand: 'aurora', market: 'GB' };
    });
    const start = await shopper.call('startLogin', '/api/session/login');
    const back = await signIn(root, start.body.authorizeUrl, emailOf('sam'));
    const { response, body } = await shopper.call('completeLogin', '/api/session/login/callback', {
      method: 'POST',
      body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
    });
    expect(response.status).toBe(403);
    expect(body).toMatchObject({ code: 'E001', detail: 'E001: The VIN is connected to another user' });
    expect((await shopper.call('getSession', '/api/session')).body.authType).toBe('guest');
  });
});

describe('logout', () => {
  it('when alex logs out, then a guest again and back to the main page', async () => {
    const shopper = new Shopper();
    await logIn(shopper);
    const registered = (await shopper.stored()).shopperTokens!.refreshToken!;
    const { response, body } = await shopper.call('logout', '/api/session/logout', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ redirectTo: '/', session: { authType: 'guest', customer: null } });
    const stored = await shopper.stored();
    expect(stored.idToken).toBeUndefined();
    expect(stored.shopperTokens?.refreshToken).toMatch(/^rt-guest-/);
    // The commerce logout named the private client that holds alex's refresh token: it is void.
    const reuse = await fetch(`${root}/commerce/shopper/auth/v1/organizations/f_ecom_zzzz_001/oauth2/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('webshop-server:webshop-server-sandbox-secret').toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: registered, channel_id: 'aurora' }),
    });
    expect(await reuse.json()).toEqual({ error: 'invalid_grant', error_description: 'invalid refresh_token' });
  });

  it('when the session has a vehicle, then the redirect carries its carvin, or its mail token when known', async () => {
    const shopper = new Shopper();
    await logIn(shopper);
    await shopper.update((s) => {
      s.vehicle = { vin: 'ZAAAA1000AA000001', model: 'Aurora Sport Tourer', brand: 'aurora', market: 'GB' };
    });
    const carvin = await shopper.call('logout', '/api/session/logout', { method: 'POST' });
    expect(carvin.body.redirectTo).toBe('/service/cn-connected-navigation?carvin=ZAAAA1000AA000001');
    await shopper.update((s) => {
      s.mailToken = 'mt-000001';
    });
    const token = await shopper.call('logout', '/api/session/logout', { method: 'POST' });
    expect(token.body.redirectTo).toBe('/service/cn-connected-navigation?token=mt-000001');
  });

  it('when there is no CSRF token, then 403', async () => {
    const shopper = new Shopper();
    await shopper.call('getSession', '/api/session');
    const { response } = await shopper.call('logout', '/api/session/logout', { method: 'POST' });
    expect(response.status).toBe(403);
  });
});

describe('session lifetime (storefront §9: refresh-token cookie 90 days)', () => {
  const DAY_MS = 86_400_000;
  const maxAge = (response: Response) =>
    Number(/Max-Age=(\d+)/.exec(response.headers.getSetCookie().find((c) => c.startsWith('shop_session='))!)?.[1]);

  afterEach(() => {
    vi.useRealTimers();
  });

  it('when alex is signed in, then his session cookie lives 90 days while a guest’s lives 10', async () => {
    const guest = new Shopper();
    const opened = await guest.call('getSession', '/api/session');
    expect(maxAge(opened.response)).toBe(10 * 86_400);
    const alex = new Shopper();
    const { response } = await logIn(alex);
    expect(maxAge(response)).toBe(90 * 86_400);
  });

  it('when 30 days pass, then alex is still registered and his tokens are refreshed by the private client with the same refresh token; a guest session has gone', async () => {
    const alex = new Shopper();
    await logIn(alex);
    const before = (await alex.stored()).shopperTokens!;
    const guest = new Shopper();
    await guest.open();
    await guest.call('createGuestSession', '/api/session/guest', { method: 'POST' });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30 * DAY_MS });
    const { response, body } = await alex.call('createGuestSession', '/api/session/guest', { method: 'POST' });
    expect(response.status).toBe(201);
    expect(body).toMatchObject({ authType: 'registered', customer: { customerId: 'abcAlexOwner0001' } });
    expect(maxAge(response)).toBe(90 * 86_400);
    const after = (await alex.stored()).shopperTokens!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).toBe(before.refreshToken);
    expect(after.expiresAt).toBeGreaterThan(Date.now());
    expect((await guest.call('getSession', '/api/session')).body.authType).toBe('none');
  });

  it('when 91 days pass after the login, then the refresh token has expired and alex is a guest again', async () => {
    const alex = new Shopper();
    await logIn(alex);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 89 * DAY_MS });
    // Activity on day 89 keeps the session; the refresh token still ends 90 days after the login.
    expect((await alex.call('createGuestSession', '/api/session/guest', { method: 'POST' })).body.authType).toBe(
      'registered',
    );
    vi.setSystemTime(Date.now() + 2 * DAY_MS);
    const { body } = await alex.call('createGuestSession', '/api/session/guest', { method: 'POST' });
    expect(body).toMatchObject({ authType: 'guest', customer: null });
  });
});
