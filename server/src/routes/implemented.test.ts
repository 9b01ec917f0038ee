/**
 * The operations implemented in this increment, against the real sandbox (in-process on port 0),
 * and every answer checked against proxy.yaml's response schema for its status and media type.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectConforms } from '../testing/conformance.ts';
import { buildSandbox } from '../../../mocks/sandbox/src/sandbox.ts';
import type { Sandbox } from '../../../mocks/sandbox/src/app.ts';
import type { OperationId } from '../../../generated/proxy/operations.ts';
import type { ProxyServer } from '../server.ts';
import { sessionCookie, startTestServer, testConfig } from '../test-helpers.ts';

async function call(operationId: OperationId, path: string, init: RequestInit = {}) {
  const response = await fetch(url(path), init);
  const text = await response.text();
  const body = (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
  expectConforms(operationId, response, body);
  return { response, body: body as any };
}

let sandbox: Sandbox;
let server: ProxyServer;
let url: (path: string) => string;

beforeAll(async () => {
  sandbox = buildSandbox();
  const port = await sandbox.start(0);
  ({ server, url } = await startTestServer(
    testConfig({ SANDBOX_URL: `http://localhost:${port}`, LOCALES_NOT_IN_PRODUCTION: 'fr-LU' }),
  ));
});
afterAll(async () => {
  await server.stop();
  await sandbox.stop();
});
beforeEach(async () => {
  await fetch(`${sandbox.context.baseUrl()}/__sandbox/reset`, { method: 'POST' });
});

describe('getSession', () => {
  it('when there is no cookie, then an anonymous session with a CSRF token and a cookie', async () => {
    const { response, body } = await call('getSession', '/api/session');
    expect(response.status).toBe(200);
    expect(body).toEqual({
      authType: 'none',
      customer: null,
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/),
      basketItemCount: 0,
      site: 'aurora',
      locale: 'en-GB',
    });
    expect(sessionCookie(response)).toMatch(/^shop_session=/);
  });

  it('when site and locale are given, then the session keeps them', async () => {
    const first = await call('getSession', '/api/session?site=borealis&locale=fr-FR');
    const cookie = sessionCookie(first.response);
    const { body } = await call('getSession', '/api/session', { headers: { cookie } });
    expect(body).toMatchObject({ site: 'borealis', locale: 'fr-FR', csrfToken: first.body.csrfToken });
  });

  it('when the site is unknown, then a 400 problem naming the field', async () => {
    const { response, body } = await call('getSession', '/api/session?site=nowhere');
    expect(response.status).toBe(400);
    expect(body.errors[0].field).toBe('site');
  });
});

describe('getSiteConfig', () => {
  it('when aurora GB is asked, then Stripe, GBP, VAT included and the GB custom preferences', async () => {
    const { response, body } = await call('getSiteConfig', '/api/site?site=aurora&locale=en-GB');
    expect(response.status).toBe(200);
    expect(body).toMatchObject({
      id: 'aurora',
      country: 'GB',
      currency: 'GBP',
      provider: 'stripe',
      publishableKey: 'pk_test_sandbox',
      pricesIncludeVat: true,
      sandboxPayments: true,
      customPreferences: { showAutoRenewal: true, showMyOverview: true, billingMismatchControl: true },
    });
  });

  it('when aurora FR is asked, then Adyen with its client key and no auto-renewal', async () => {
    const { body } = await call('getSiteConfig', '/api/site?locale=fr-FR');
    expect(body).toMatchObject({ provider: 'adyen', clientKey: 'test_SANDBOXCLIENTKEY', currency: 'EUR' });
    expect(body.customPreferences).toMatchObject({ showAutoRenewal: false, billingMismatchControl: true });
    expect(body.publishableKey).toBeUndefined();
  });

  it('when CZ is asked, then My Overview is off; when US, prices exclude VAT', async () => {
    expect((await call('getSiteConfig', '/api/site?locale=cs-CZ')).body.customPreferences.showMyOverview).toBe(false);
    expect((await call('getSiteConfig', '/api/site?locale=en-US')).body.pricesIncludeVat).toBe(false);
  });

  it('when a locale is configured as not in production, then the site says so (storefront §6)', async () => {
    const lu = (await call('getSiteConfig', '/api/site?locale=fr-LU')).body;
    expect(lu.locales.supported).toEqual([expect.objectContaining({ id: 'fr-LU', enabledInProduction: false })]);
    const gb = (await call('getSiteConfig', '/api/site?locale=en-GB')).body;
    expect(gb.locales.supported[0].enabledInProduction).toBe(true);
  });

  it('when the site or locale does not exist, then 404 and 400 problems', async () => {
    expect((await call('getSiteConfig', '/api/site?site=nowhere')).response.status).toBe(404);
    expect((await call('getSiteConfig', '/api/site?locale=xx-XX')).response.status).toBe(404);
    const malformed = await call('getSiteConfig', '/api/site?locale=EN');
    expect(malformed.response.status).toBe(400);
    expect(malformed.body.errors[0]).toMatchObject({ field: 'locale' });
  });

  it('when the commerce platform fails, then 502 upstream-error', async () => {
    await fetch(`${sandbox.context.baseUrl()}/__sandbox/faults/commerce`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 500 }),
    });
    const { response, body } = await call('getSiteConfig', '/api/site');
    expect(response.status).toBe(502);
    expect(body.type).toBe('https://shop.example/problems/upstream-error');
  });
});

describe('getMaintenanceStatus', () => {
  it('when the toggle is off then online; when on then maintenance', async () => {
    expect((await call('getMaintenanceStatus', '/api/maintenance')).body).toEqual({
      storefront_status: 'online',
      maintenance: false,
    });
    await fetch(`${sandbox.context.baseUrl()}/commerce/__sandbox/maintenance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ on: true }),
    });
    expect((await call('getMaintenanceStatus', '/api/maintenance')).body).toEqual({
      storefront_status: 'maintenance',
      maintenance: true,
    });
  });
});

describe('getGeolocation', () => {
  it('when called from here, then the vehicle services country and the caller IP', async () => {
    const { response, body } = await call('getGeolocation', '/api/geolocation');
    expect(response.status).toBe(200);
    expect(body).toEqual({ country: 'GB', ip: '127.0.0.1' });
  });

  it('when a trusted proxy forwards a French address, then FR', async () => {
    const { body } = await call('getGeolocation', '/api/geolocation', {
      headers: { 'x-forwarded-for': '198.51.100.24' },
    });
    expect(body).toEqual({ country: 'FR', ip: '198.51.100.24' });
  });

  it('when the vehicle services drop the connection, then 502 after the retries', async () => {
    await fetch(`${sandbox.context.baseUrl()}/__sandbox/faults/vehicles`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ drop: true }),
    });
    const { response } = await call('getGeolocation', '/api/geolocation');
    expect(response.status).toBe(502);
  });
});

describe('ops', () => {
  it('when healthz is asked for JSON or text, then ok in both', async () => {
    expect((await call('healthz', '/api/healthz')).body).toMatchObject({ status: 'ok' });
    expect((await call('healthz', '/api/healthz', { headers: { accept: 'text/plain' } })).body).toBe('ok');
  });

  it('when every sandbox upstream answers, then readyz is ready with each check ok', async () => {
    const { response, body } = await call('readyz', '/api/readyz');
    expect(response.status).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      checks: { commerce: 'ok', som: 'ok', vehicles: 'ok', identity: 'ok', payments: 'ok', loqate: 'ok' },
    });
  });
});
