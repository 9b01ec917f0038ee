/**
 * Issue 32: when the commerce platform refuses the proxy's redirect URI at the guest login, the proxy
 * says so once, at error level, with what to configure, while each request still answers its 502. Here
 * against the sandbox registering http://localhost:3000 (its default) and a proxy whose PUBLIC_ORIGIN is
 * http://localhost:3005, as `make start` on PORT=3005 was before the sandbox learnt the shop's origin.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../../mocks/sandbox/src/sandbox.ts';
import { createServer, type ProxyServer } from '../../server.ts';
import { testConfig } from '../../test-helpers.ts';
import type { AppContext } from '../../context.ts';
import { refusesRedirectUri, reportRefusedRedirect } from './redirect-refusal.ts';

describe('refusesRedirectUri', () => {
  it.each([
    [
      400,
      { error: 'invalid_request', error_description: "Redirect URI not registered for client 'aurora-storefront'." },
    ],
    [400, { error: 'invalid_request', error_description: 'redirect_uri does not match a registered value' }],
    [400, { title: 'Bad Request', detail: 'Invalid redirectUri' }],
    [400, { message: 'Redirect URL http://localhost:3005/callback is not allowed' }],
  ])('when SLAS answers %i %j, then it is the refusal of the redirect URI', (status, body) => {
    expect(refusesRedirectUri(status, body)).toBe(true);
  });

  it.each([
    [400, { error: 'invalid_request', error_description: 'A public client must send a code_challenge (PKCE, S256).' }],
    [401, { error: 'invalid_client', error_description: 'Client authentication failed.' }],
    [503, { title: 'Service Unavailable', detail: 'redirect_uri could not be checked' }],
    [400, undefined],
  ])('when SLAS answers %i %j, then it is another failure', (status, body) => {
    expect(refusesRedirectUri(status, body)).toBe(false);
  });
});

describe('reportRefusedRedirect', () => {
  it('when live SLAS refuses, then the line says to register the URI for the client or move PUBLIC_ORIGIN, once per client and URI', () => {
    const messages: string[] = [];
    const ctx = {
      config: { mode: 'live', publicOrigin: 'https://shop.example' },
      upstreams: { commerce: {} },
      logger: { error: (_fields: unknown, message: string) => messages.push(message) },
    } as unknown as AppContext;
    const refusal = { redirectUri: 'https://shop.example/callback', clientId: 'public-aurora', error: {} };
    expect(reportRefusedRedirect(ctx, refusal)).toBe(true);
    expect(reportRefusedRedirect(ctx, refusal)).toBe(false);
    expect(reportRefusedRedirect(ctx, { ...refusal, clientId: 'public-borealis' })).toBe(true);
    expect(messages).toEqual([
      'SLAS refused redirect_uri https://shop.example/callback for client public-aurora (the guest login fails, ' +
        'pages answer 502): register it for the SLAS client public-aurora (SLAS Admin), or set PUBLIC_ORIGIN to ' +
        'an origin registered there',
      expect.stringContaining('for client public-borealis'),
    ]);
  });
});

describe('a proxy whose redirect URI the commerce platform refuses', () => {
  let sandbox: Sandbox;
  let server: ProxyServer;
  let base = '';
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    sandbox = buildSandbox();
    const port = await sandbox.start(0);
    const logs = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    server = createServer(
      testConfig({ SANDBOX_URL: `http://localhost:${port}`, PUBLIC_ORIGIN: 'http://localhost:3005' }),
      {
        logger: pino({ level: 'warn' }, logs),
        serveClient: false,
      },
    );
    base = `http://127.0.0.1:${await server.start(0)}`;
  });
  afterAll(async () => {
    await server?.stop();
    await sandbox?.stop();
  });

  it('when shoppers ask for their basket, then each gets the 502 and the log says once what to configure', async () => {
    // Three shoppers (no cookie: a new session each), each a guest login the platform refuses.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/api/basket`);
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ detail: 'Upstream commerce failed.' });
    }
    const refusals = lines.filter((line) => String(line.msg).startsWith('SLAS refused redirect_uri'));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({
      level: 50,
      redirectUri: 'http://localhost:3005/callback',
      clientId: 'aurora-storefront',
      error: {
        error: 'invalid_request',
        error_description: "Redirect URI not registered for client 'aurora-storefront'.",
      },
      msg:
        'SLAS refused redirect_uri http://localhost:3005/callback for client aurora-storefront (the guest login ' +
        'fails, pages answer 502): in the sandbox set SANDBOX_SHOP_ORIGINS=http://localhost:3005 (`make start` ' +
        'sets it from PORT), or give the proxy a PUBLIC_ORIGIN the sandbox registers',
    });
    // The per-request warning stays, one for each refused authorize.
    expect(lines.filter((line) => line.msg === 'commerce authorize failed')).toHaveLength(3);
  });
});
