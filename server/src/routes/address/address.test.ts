/**
 * The address operations (findAddresses, retrieveAddress, probeAddressLookup) against the real
 * sandbox (in-process on port 0), every answer checked against proxy.yaml.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectConforms } from '../../testing/conformance.ts';
import {
  ADDRESS_LOOKUP_NOT_FOUND_MESSAGE,
  ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE,
} from '../../../../domain/address-form.ts';
import { buildSandbox } from '../../../../mocks/sandbox/src/sandbox.ts';
import type { Sandbox } from '../../../../mocks/sandbox/src/app.ts';
import type { OperationId } from '../../../../generated/proxy/operations.ts';
import type { ProxyServer } from '../../server.ts';
import { startTestServer, testConfig } from '../../test-helpers.ts';

const KEY = 'SANDBOX-LOQATE-KEY';

let sandbox: Sandbox;
let server: ProxyServer;
let url: (path: string) => string;
let wrongKeyServer: ProxyServer;
let wrongKeyUrl: (path: string) => string;

async function call(operationId: OperationId, path: string, base = url) {
  const response = await fetch(base(path));
  const text = await response.text();
  const body = (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
  expectConforms(operationId, response, body);
  expect(text).not.toContain(KEY);
  return { response, body: body as any };
}

const fault = (body: object) =>
  fetch(`${sandbox.context.baseUrl()}/__sandbox/faults/loqate`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  sandbox = buildSandbox();
  const port = await sandbox.start(0);
  const env = { SANDBOX_URL: `http://localhost:${port}`, RATE_LIMIT_ADDRESS: '1000' };
  ({ server, url } = await startTestServer(testConfig(env)));
  ({ server: wrongKeyServer, url: wrongKeyUrl } = await startTestServer(
    testConfig({ ...env, LOQATE_KEY: 'AA11-AA11-AA11-AA11' }),
  ));
});
afterAll(async () => {
  await server.stop();
  await wrongKeyServer.stop();
  await sandbox.stop();
});
beforeEach(async () => {
  await fetch(`${sandbox.context.baseUrl()}/__sandbox/reset`, { method: 'POST' });
});

describe('findAddresses', () => {
  it('when "NW1 6XE" is searched in GB, then a postcode container whose addresses a second find lists', async () => {
    const first = await call('findAddresses', '/api/address/find?text=NW1%206XE&countries=GB');
    expect(first.response.status).toBe(200);
    const container = first.body.items.find((item: any) => item.Type !== 'Address');
    expect(container).toMatchObject({ Id: 'GB|RM|ENG|6XE-NW1', Text: 'NW1 6XE', Type: 'Postcode' });

    const second = await call(
      'findAddresses',
      `/api/address/find?text=NW1%206XE&countries=GB&container=${encodeURIComponent(container.Id)}`,
    );
    expect(second.response.status).toBe(200);
    expect(second.body.items.length).toBeGreaterThanOrEqual(3);
    expect(second.body.items.every((item: any) => item.Type === 'Address')).toBe(true);
    expect(second.body.items[0]).toEqual({
      Id: 'GB|RM|A|52509479',
      Text: '221b Baker Street',
      Description: 'London, NW1 6XE',
      Type: 'Address',
    });
  });

  it('when no countries are given, then the market of the locale is searched', async () => {
    const gb = await call('findAddresses', '/api/address/find?text=NW1%206XE');
    expect(gb.body.items.length).toBeGreaterThan(0);
    const us = await call('findAddresses', '/api/address/find?text=NW1%206XE&locale=en-US');
    expect(us.response.status).toBe(422);
  });

  it('when a limit is given, then no more suggestions than the limit', async () => {
    const { response, body } = await call(
      'findAddresses',
      '/api/address/find?text=NW1%206XE&countries=GB&container=GB%7CRM%7CENG%7C6XE-NW1&limit=2',
    );
    expect(response.status).toBe(200);
    expect(body.items).toHaveLength(2);
  });

  it('when the text is shorter than 3 characters, then a 400 problem naming text', async () => {
    const { response, body } = await call('findAddresses', '/api/address/find?text=NW');
    expect(response.status).toBe(400);
    expect(body.errors[0].field).toBe('text');
  });

  it('storefront §8: when the required text is missing, then 400 MissingParameters naming it', async () => {
    const { response, body } = await call('findAddresses', '/api/address/find?countries=GB');
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ title: 'MissingParameters', code: 'MissingParameters', detail: 'Required: text.' });
    expect(body.errors).toEqual([expect.objectContaining({ field: 'text' })]);
  });

  it('when the limit is out of range, then a 400 problem naming limit', async () => {
    const { response, body } = await call('findAddresses', '/api/address/find?text=NW1%206XE&limit=99');
    expect(response.status).toBe(400);
    expect(body.errors[0].field).toBe('limit');
  });

  it('when nothing matches, then 422 with the spec message on addressLookup', async () => {
    const { response, body } = await call('findAddresses', '/api/address/find?text=zzzzqqqq&countries=GB');
    expect(response.status).toBe(422);
    expect(body).toMatchObject({
      type: 'https://shop.example/problems/address-not-found',
      status: 422,
      detail: ADDRESS_LOOKUP_NOT_FOUND_MESSAGE,
      errors: [{ field: 'addressLookup', message: ADDRESS_LOOKUP_NOT_FOUND_MESSAGE }],
    });
  });

  it('when the container is unknown (error 1004), then 422 not found with the code', async () => {
    const { response, body } = await call('findAddresses', '/api/address/find?text=NW1%206XE&container=nope');
    expect(response.status).toBe(422);
    expect(body.errors[0]).toEqual({ field: 'addressLookup', message: ADDRESS_LOOKUP_NOT_FOUND_MESSAGE, code: '1004' });
  });

  it('when the configured key is wrong, then 503 unavailable', async () => {
    const { response, body } = await call('findAddresses', '/api/address/find?text=NW1%206XE', wrongKeyUrl);
    expect(response.status).toBe(503);
    expect(body).toMatchObject({
      type: 'https://shop.example/problems/address-lookup-unavailable',
      detail: ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE,
    });
  });

  it('when the service fails with HTTP 500, then 503 unavailable', async () => {
    await fault({ status: 500 });
    const { response, body } = await call('findAddresses', '/api/address/find?text=NW1%206XE');
    expect(response.status).toBe(503);
    expect(body.detail).toBe(ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE);
  });

  it('when the connection drops, then 503 unavailable', async () => {
    await fault({ drop: true });
    const { response } = await call('findAddresses', '/api/address/find?text=NW1%206XE');
    expect(response.status).toBe(503);
  });
});

describe('retrieveAddress', () => {
  it('when a GB address id is retrieved, then its form fields', async () => {
    const { response, body } = await call(
      'retrieveAddress',
      `/api/address/retrieve/${encodeURIComponent('GB|RM|A|52509479')}`,
    );
    expect(response.status).toBe(200);
    expect(body).toEqual({
      CountryIso2: 'GB',
      ProvinceCode: '',
      ProvinceName: expect.any(String),
      City: 'London',
      PostalCode: 'NW1 6XE',
      Line1: '221b Baker Street',
      Line2: '',
      Label: expect.stringContaining('NW1 6XE'),
    });
  });

  it('when a US address is retrieved, then the state is in ProvinceCode', async () => {
    const found = await call('findAddresses', '/api/address/find?text=1200%20Main&countries=US');
    const address = found.body.items.find((item: any) => item.Type === 'Address');
    const { body } = await call('retrieveAddress', `/api/address/retrieve/${encodeURIComponent(address.Id)}`);
    expect(body).toMatchObject({ CountryIso2: 'US', ProvinceCode: 'IL', City: 'Springfield' });
  });

  it('when the id is unknown (error 1001), then 422 not found', async () => {
    const { response, body } = await call('retrieveAddress', '/api/address/retrieve/GB%7CRM%7CA%7C0');
    expect(response.status).toBe(422);
    expect(body.errors[0]).toMatchObject({ field: 'addressLookup', code: '1001' });
  });

  it('when the service fails with HTTP 500, then 503 unavailable', async () => {
    await fault({ status: 500 });
    const { response } = await call(
      'retrieveAddress',
      `/api/address/retrieve/${encodeURIComponent('GB|RM|A|52509479')}`,
    );
    expect(response.status).toBe(503);
  });

  it('when the configured key is wrong, then 503 unavailable', async () => {
    const { response } = await call(
      'retrieveAddress',
      `/api/address/retrieve/${encodeURIComponent('GB|RM|A|52509479')}`,
      wrongKeyUrl,
    );
    expect(response.status).toBe(503);
  });
});

describe('probeAddressLookup', () => {
  it('when the service answers, then available', async () => {
    const { response, body } = await call('probeAddressLookup', '/api/address/status');
    expect(response.status).toBe(200);
    expect(body).toEqual({ available: true });
  });

  it('when the service fails with HTTP 500, then unavailable with the spec message', async () => {
    await fault({ status: 500 });
    const { body } = await call('probeAddressLookup', '/api/address/status');
    expect(body).toEqual({ available: false, message: ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE });
  });

  it('when the configured key is wrong, then unavailable', async () => {
    const { body } = await call('probeAddressLookup', '/api/address/status', wrongKeyUrl);
    expect(body).toEqual({ available: false, message: ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE });
  });
});
