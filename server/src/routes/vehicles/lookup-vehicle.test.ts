/** lookupVehicle against the in-process sandbox, every answer checked against proxy.yaml. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectConforms } from '../../testing/conformance.ts';
import { buildSandbox } from '../../../../mocks/sandbox/src/sandbox.ts';
import type { Sandbox } from '../../../../mocks/sandbox/src/app.ts';
import type { OperationId } from '../../../../generated/proxy/operations.ts';
import type { ProxyServer } from '../../server.ts';
import { sessionCookie, startTestServer, testConfig } from '../../test-helpers.ts';

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
  ({ server, url } = await startTestServer(testConfig({ SANDBOX_URL: `http://localhost:${port}` })));
});
afterAll(async () => {
  await server.stop();
  await sandbox.stop();
});
beforeEach(async () => {
  await fetch(`${sandbox.context.baseUrl()}/__sandbox/reset`, { method: 'POST' });
});

describe('lookupVehicle', () => {
  it('when the GB vehicle 1 is looked up on the GB site, then success with its expiring navigation', async () => {
    const { response, body } = await call('lookupVehicle', '/api/vehicles/lookup?carvin=ZAAAA1000AA000001');
    expect(response.status).toBe(200);
    expect(body).toMatchObject({
      outcome: 'success',
      vehicle: { vin: 'ZAAAA1000AA000001', model: 'Aurora Sport Tourer', brand: 'aurora', market: 'GB' },
    });
    const cn = body.vehicle.services.find((s: any) => s.productId === 'cn-connected-navigation');
    expect(cn).toMatchObject({ name: 'Connected Navigation', expiryState: 'expiring' });
  });

  it("when vehicle 1 is looked up, then its picture is the model's from the My_Services_Image asset, and its ADAS trial is listed", async () => {
    const { body } = await call('lookupVehicle', '/api/vehicles/lookup?carvin=ZAAAA1000AA000001');
    expect(body.vehicle.imageUrl).toBe(`${sandbox.context.baseUrl()}/commerce/images/my-services-sport-tourer.jpg`);
    expect(body.vehicle.services.map((s: { productId: string }) => s.productId)).toEqual([
      'cn-connected-navigation',
      'vcs-online-pack',
      'vcs-adaptive-cruise',
    ]);
  });

  it('when the lookup succeeds, then the session keeps the vehicle', async () => {
    const first = await call('lookupVehicle', '/api/vehicles/lookup?cvin=ZAAAA1000AA000001');
    const cookie = sessionCookie(first.response);
    const { body } = await call('getSession', '/api/session', { headers: { cookie } });
    expect(body.vehicle).toEqual({
      vin: 'ZAAAA1000AA000001',
      model: 'Aurora Sport Tourer',
      brand: 'aurora',
      market: 'GB',
    });
  });

  it('when the mail token mt-000001 is given, then vehicle 1', async () => {
    const { body } = await call('lookupVehicle', '/api/vehicles/lookup?token=mt-000001');
    expect(body.vehicle.vin).toBe('ZAAAA1000AA000001');
  });

  it('when the encrypted VIN of vehicle 1 is given as vin or evn, then vehicle 1', async () => {
    const evn = 'ev1.nlOjBpzznIpO1EzGSqnAM4SOL6uYCWOx';
    expect((await call('lookupVehicle', `/api/vehicles/lookup?vin=${evn}`)).body.vehicle.vin).toBe('ZAAAA1000AA000001');
    expect((await call('lookupVehicle', `/api/vehicles/lookup?evn=${evn}`)).body.vehicle.vin).toBe('ZAAAA1000AA000001');
  });

  it('when the FR vehicle 4 is looked up from the GB site, then a 409 market error to /invalid-market-vin', async () => {
    const { response, body } = await call('lookupVehicle', '/api/vehicles/lookup?carvin=ZAAAA1000AA000004');
    expect(response.status).toBe(409);
    expect(body).toMatchObject({
      type: 'https://shop.example/problems/invalid-market-vin',
      title: 'Market Error',
      redirectUrl: '/invalid-market-vin',
      vehicle: { vin: 'ZAAAA1000AA000004', market: 'FR' },
    });
  });

  it('when the borealis vehicle 6 is looked up on aurora, then a 409 brand error to /invalid-brand-vin', async () => {
    const { response, body } = await call('lookupVehicle', '/api/vehicles/lookup?carvin=ZBBBB1000BB000006');
    expect(response.status).toBe(409);
    expect(body).toMatchObject({
      type: 'https://shop.example/problems/invalid-brand-vin',
      title: 'Brand Error',
      redirectUrl: '/invalid-brand-vin',
      vehicle: { vin: 'ZBBBB1000BB000006', brand: 'borealis' },
    });
  });

  it('when the borealis vehicle 6 is looked up on the borealis site, then success', async () => {
    const first = await call('getSession', '/api/session?site=borealis');
    const cookie = sessionCookie(first.response);
    const { response } = await call('lookupVehicle', '/api/vehicles/lookup?carvin=ZBBBB1000BB000006', {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
  });

  it('when the VIN is unknown, then a 404 vin-not-found to /vin-error', async () => {
    const { response, body } = await call('lookupVehicle', '/api/vehicles/lookup?carvin=ZAAAA1000AA999999');
    expect(response.status).toBe(404);
    expect(body).toMatchObject({ type: 'https://shop.example/problems/vin-not-found', redirectUrl: '/vin-error' });
  });

  it('when no identifier is given, then a 400 problem', async () => {
    const { response } = await call('lookupVehicle', '/api/vehicles/lookup');
    expect(response.status).toBe(400);
  });

  it('when the vehicle services fail, then a 502 vehicle-lookup-failed to /generic-error', async () => {
    await fetch(`${sandbox.context.baseUrl()}/__sandbox/faults/vehicles`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 500 }),
    });
    const { response, body } = await call('lookupVehicle', '/api/vehicles/lookup?carvin=ZAAAA1000AA000001');
    expect(response.status).toBe(502);
    expect(body).toMatchObject({
      type: 'https://shop.example/problems/vehicle-lookup-failed',
      redirectUrl: '/generic-error',
    });
  });
});
