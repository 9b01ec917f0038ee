import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProxyServer } from './server.ts';
import { sessionCookie, startTestServer, testConfig } from './test-helpers.ts';

let server: ProxyServer;
let url: (path: string) => string;

beforeAll(async () => {
  // Sandbox mode pointed at a closed port: these tests never reach an upstream.
  ({ server, url } = await startTestServer(testConfig({ SANDBOX_URL: 'http://127.0.0.1:9' })));
});
afterAll(() => server.stop());

async function csrfSession(): Promise<{ cookie: string; csrfToken: string }> {
  const response = await fetch(url('/api/session'));
  const body = await response.json();
  return { cookie: sessionCookie(response), csrfToken: body.csrfToken };
}

describe('errors as problem+json', () => {
  it('when a route is unknown, then 404 problem+json without a stack', async () => {
    const response = await fetch(url('/api/no-such-thing'));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = await response.json();
    expect(body).toMatchObject({ type: 'https://shop.example/problems/not-found', status: 404, title: 'Not found' });
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('when the JSON body is malformed, then 400 malformed-json', async () => {
    const { cookie, csrfToken } = await csrfSession();
    const response = await fetch(url('/api/session/guest'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
      body: '{"oops": ',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await response.json()).type).toBe('https://shop.example/problems/malformed-json');
  });

  it('when the body is sent as text, not JSON, then 400 saying to send JSON', async () => {
    const { cookie, csrfToken } = await csrfSession();
    const response = await fetch(url('/api/basket/shipping-address'), {
      method: 'PUT',
      headers: { 'content-type': 'text/plain', cookie, 'x-csrf-token': csrfToken },
      body: 'hello',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      type: 'https://shop.example/problems/validation-error',
      detail: 'Send the request body as JSON (Content-Type: application/json).',
      errors: [{ field: '/', message: 'The body must be JSON.' }],
    });
  });

  it('when the body is over 32 kB, then 413 problem+json', async () => {
    const { cookie, csrfToken } = await csrfSession();
    const response = await fetch(url('/api/session/guest'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify({ pad: 'x'.repeat(40_000) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).type).toBe('https://shop.example/problems/payload-too-large');
  });

  it('when a POST carries no X-CSRF-Token, then 403 csrf-token-invalid', async () => {
    const { cookie } = await csrfSession();
    const response = await fetch(url('/api/session/logout'), { method: 'POST', headers: { cookie } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      type: 'https://shop.example/problems/csrf-token-invalid',
      status: 403,
    });
  });

  it('when a DELETE carries a token of another session, then 403', async () => {
    const first = await csrfSession();
    const second = await csrfSession();
    const response = await fetch(url('/api/account/payment-method'), {
      method: 'DELETE',
      headers: { cookie: first.cookie, 'x-csrf-token': second.csrfToken },
    });
    expect(response.status).toBe(403);
  });

  it('when a query parameter breaks the contract, then 400 with field errors', async () => {
    const response = await fetch(url('/api/session?locale=english'));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.type).toBe('https://shop.example/problems/validation-error');
    expect(body.errors).toEqual([expect.objectContaining({ field: 'locale', code: expect.any(String) })]);
  });
});

describe('security headers, session cookie, request id', () => {
  it('when any page is served, then a strict CSP without inline scripts and frame-ancestors none', async () => {
    const response = await fetch(url('/api/healthz'));
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src ')) ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).not.toContain('js.stripe.com');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('when a session is opened, then the cookie is HttpOnly, SameSite=Lax, path / and holds no token', async () => {
    const response = await fetch(url('/api/session'));
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('shop_session='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/); // Secure only in production
    const body = await response.json();
    expect(cookie).not.toContain(body.csrfToken);
  });

  it('when the same cookie comes back, then the same session and CSRF token, without a new session', async () => {
    const { cookie, csrfToken } = await csrfSession();
    const again = await (await fetch(url('/api/session'), { headers: { cookie } })).json();
    expect(again.csrfToken).toBe(csrfToken);
  });

  it('when a cookie is forged, then a new anonymous session is opened', async () => {
    const response = await fetch(url('/api/session'), { headers: { cookie: 'shop_session=forged.signature' } });
    expect(response.status).toBe(200);
    expect(sessionCookie(response)).not.toBe('shop_session=forged.signature');
  });

  it('when X-Request-Id is sent, then it is echoed; otherwise one is generated', async () => {
    const given = await fetch(url('/api/healthz'), { headers: { 'x-request-id': 'req-123.abc' } });
    expect(given.headers.get('x-request-id')).toBe('req-123.abc');
    const generated = await fetch(url('/api/healthz'));
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const hostile = await fetch(url('/api/healthz'), { headers: { 'x-request-id': 'a b<script>' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when an error answers, then its instance is the request id', async () => {
    const response = await fetch(url('/api/nowhere'), { headers: { 'x-request-id': 'trace-42' } });
    expect((await response.json()).instance).toBe('trace-42');
  });

  it('when the upstreams are unreachable, then readyz answers 503 not-ready', async () => {
    const response = await fetch(url('/api/readyz'));
    expect(response.status).toBe(503);
    expect((await response.json()).type).toBe('https://shop.example/problems/not-ready');
  });
});

describe('security headers in live mode', () => {
  it('when live mode, then the providers hosts are allowed for scripts and frames only as listed', async () => {
    const { contentSecurityPolicy } = await import('./security.ts');
    const directives = contentSecurityPolicy({ ...testConfig(), mode: 'live' });
    expect(directives['script-src']).toContain('https://js.stripe.com');
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });
  // ADYEN_ENVIRONMENT, not NODE_ENV, chooses Adyen's hosts (@adyen/adyen-web Environment constants;
  // docs.adyen.com/development-resources/live-endpoints).
  it.each([
    ['test', 'https://checkoutshopper-test.adyen.com', 'https://checkoutshopper-test.cdn.adyen.com'],
    ['live', 'https://checkoutshopper-live.adyen.com', 'https://checkoutshopper-live.cdn.adyen.com'],
    ['live-us', 'https://checkoutshopper-live-us.adyen.com', 'https://checkoutshopper-live-us.cdn.adyen.com'],
    ['live-apse', 'https://checkoutshopper-live-apse.adyen.com', 'https://checkoutshopper-live-apse.cdn.adyen.com'],
  ])("when ADYEN_ENVIRONMENT is %s, then the CSP allows that environment's Adyen hosts only", async (env, api, cdn) => {
    const { contentSecurityPolicy } = await import('./security.ts');
    const config = testConfig({ ADYEN_ENVIRONMENT: env });
    const directives = contentSecurityPolicy({ ...config, mode: 'live' });
    expect(directives['script-src']).toEqual(expect.arrayContaining([api, cdn]));
    expect(directives['frame-src']).toEqual(expect.arrayContaining([api, cdn]));
    expect(directives['connect-src']).toContain(api);
    const adyenHosts = Object.values(directives)
      .flat()
      .filter((h) => h.includes('adyen.com'));
    expect(adyenHosts.every((h) => h.includes(`-${env}.`))).toBe(true);
  });
});
