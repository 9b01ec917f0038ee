/**
 * The session operations (guest session, external login with PKCE, callback, logout) against the
 * in-process sandbox, every answer checked against proxy.yaml.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectConforms } from '../../testing/conformance.ts';
import { buildSandbox } from '../../../../mocks/sandbox/src/sandbox.ts';
import type { Sandbox } from '../../../../mocks/sandbox/src/app.ts';
import { SANDBOX_PASSWORD, SHOPPERS } from '../../../../mocks/sandbox/src/seed.ts';
import type { OperationId } from '../../../../generated/proxy/operations.ts';
import type { ProxyServer } from '../../server.ts';
import type { SessionData } from '../../session.ts';
import { pkceChallenge } from '../../services/shopper-auth.ts';
import { sessionCookie, startTestServer, testConfig } from '../../test-helpers.ts';

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

/** A browser of the shop: the session cookie and the CSRF token. */
class Shopper {
  cookie = '';
  csrf = '';

  async call(operationId: OperationId, path: string, init: RequestInit = {}) {
    const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
    if (this.cookie) headers.cookie = this.cookie;
    if (this.csrf && init.method && init.method !== 'GET') headers['x-csrf-token'] = this.csrf;
    if (init.body) headers['content-type'] = 'application/json';
    const response = await fetch(url(path), { ...init, headers });
    if (response.headers.getSetCookie().some((c) => c.startsWith('shop_session='))) {
      this.cookie = sessionCookie(response);
    }
    const text = await response.text();
    const body = (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
    expectConforms(operationId, response, body);
    return { response, body: body as any };
  }

  async open() {
    const { body } = await this.call('getSession', '/api/session');
    this.csrf = body.csrfToken;
    return body;
  }

  /** The server-side session (tokens included), read from the proxy's store. */
  async stored(): Promise<SessionData> {
    const value = this.cookie.slice('shop_session='.length);
    const id = value.slice(0, value.lastIndexOf('.'));
    const data = await server.context.sessions.options.store.get(id);
    if (!data) throw new Error('no stored session');
    return data;
  }

  async update(change: (s: SessionData) => void) {
    const data = await this.stored();
    change(data);
    await server.context.sessions.options.store.set(data, 3600);
  }
}

/** Follows the identity provider's sign-in with a cookie jar until it sends the browser back to the shop. */
async function signIn(authorizeUrl: string, email: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const send = async (target: string, init: RequestInit = {}) => {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(target, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  const follow = async (res: Response): Promise<Response | URL> => {
    let current = res;
    while (current.status >= 300 && current.status < 400) {
      const location = new URL(current.headers.get('location')!, current.url);
      if (!location.href.startsWith(root)) return location;
      current = await send(location.href);
    }
    return current;
  };
  const page = await follow(await send(authorizeUrl));
  if (page instanceof URL) throw new Error('expected the sign-in page');
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no sign-in form (${page.status}): ${html.slice(0, 300)}`);
  const done = await follow(
    await send(new URL(action, root).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password: SANDBOX_PASSWORD, action: 'login' }).toString(),
    }),
  );
  if (!(done instanceof URL)) throw new Error(`sign-in did not return to the shop (${done.status})`);
  return done;
}

const emailOf = (handle: string) => SHOPPERS.find((s) => s.handle === handle)!.email;

async function logIn(shopper: Shopper, handle = 'alex') {
  await shopper.open();
  await shopper.call('createGuestSession', '/api/session/guest', { method: 'POST' });
  const start = await shopper.call('startLogin', '/api/session/login?returnTo=%2Faccount%2Fmy-subscriptions');
  const back = await signIn(start.body.authorizeUrl, emailOf(handle));
  return shopper.call('completeLogin', '/api/session/login/callback', {
    method: 'POST',
    body: JSON.stringify({
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      kind: 'forgerock',
    }),
  });
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
    const back = await signIn(start.body.authorizeUrl, emailOf('sam'));
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
    const { response, body } = await shopper.call('logout', '/api/session/logout', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ redirectTo: '/', session: { authType: 'guest', customer: null } });
    const stored = await shopper.stored();
    expect(stored.idToken).toBeUndefined();
    expect(stored.shopperTokens?.refreshToken).toMatch(/^rt-guest-/);
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
