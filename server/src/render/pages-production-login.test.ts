/**
 * Storefront §6 on pages painted in production (decision 016), against the in-process sandbox and
 * the built client (dist/server: `make test` builds it first): where the region's VCS version is 11
 * (the sandbox's CZ), the server answers a guest without vehicle with a 302 to the identity
 * provider's login (§2 "the locale's configured redirect URL", §4's parameters), which comes back to
 * the page asked for; on 12 (GB) with a 302 to the main page.
 */
import { existsSync } from 'node:fs';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../mocks/sandbox/src/sandbox.ts';
import { createServer, type ProxyServer } from '../server.ts';
import { sessionCookie, testConfig } from '../test-helpers.ts';
import { SERVER_ENTRY } from './pages.ts';
import { skipWithout } from '../testing/suite-prerequisite.ts';
import { askPage } from '../testing/page-html.ts';

const built = !skipWithout(existsSync(SERVER_ENTRY), 'the built client (dist/server): `make build` makes it');
let sandbox: Sandbox;
let server: ProxyServer;
let base = '';

beforeAll(async () => {
  if (!built) return;
  sandbox = buildSandbox();
  const port = await sandbox.start(0);
  server = createServer(
    testConfig({
      SANDBOX_URL: `http://localhost:${port}`,
      NODE_ENV: 'production',
      SESSION_SECRET: 'production-test-secret-0123456789abcdef',
    }),
    { logger: pino({ level: 'silent' }) },
  );
  base = `http://127.0.0.1:${await server.start(0)}`;
});
afterAll(async () => {
  await server?.stop();
  await sandbox?.stop();
});

const page = (path: string) => askPage(`${base}${path}`);

/** The session the answer started, as the proxy stored it. */
async function stored(response: Response) {
  const value = sessionCookie(response).slice('shop_session='.length);
  return server.context.sessions.options.store.get(value.slice(0, value.lastIndexOf('.')));
}

describe.skipIf(!built)('the §6 login on pages painted in production', () => {
  it.each(['/cs-CZ/checkout', '/cs-CZ/service/cn-connected-navigation'])(
    "when a guest without vehicle opens %s (VCS 11), then the server redirects to the identity provider's login, back to the page",
    async (path) => {
      const response = await page(path);
      expect(response.status).toBe(302);
      const login = new URL(response.headers.get('location')!);
      expect(login.pathname).toMatch(/\/identity\/.*\/authorize$/);
      expect(Object.fromEntries(login.searchParams)).toMatchObject({ country: 'CZ', locale: 'cs-CZ', brand: 'aurora' });
      expect((await stored(response))?.login?.returnTo).toBe(path);
    },
  );

  it('when the region is on VCS 12 (GB), then the main page', async () => {
    const response = await page('/en-GB/checkout');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/en-GB/home');
  });
});
