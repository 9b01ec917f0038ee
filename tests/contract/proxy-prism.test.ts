/**
 * Issue 4: the proxy against Prism (UPSTREAM=prism). Prism answers each upstream call with the
 * contract's first example and knows no state, so this checks what the sandbox cannot: that the
 * proxy reads the upstream contracts' own example answers (commerce, vehicles, Loqate) and still
 * answers its browser what proxy.yaml promises.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../generated/proxy/operations.ts';
import type { ProxyServer } from '../../server/src/server.ts';
import { startTestServer, testConfig } from '../../server/src/test-helpers.ts';
import { expectConforms } from '../../server/src/testing/conformance.ts';
import { prismBase } from './lib/prism.ts';

let server: ProxyServer;
let url: (path: string) => string;

beforeAll(async () => {
  const base = prismBase;
  ({ server, url } = await startTestServer(
    testConfig({
      UPSTREAM: 'prism',
      COMMERCE_BASE_URL: base('commerce'),
      COMMERCE_STOREFRONT_URL: base('commerce'),
      VEHICLES_BASE_URL: base('vehicles'),
      LOQATE_BASE_URL: base('loqate'),
    }),
  ));
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

async function call(operationId: OperationId, path: string, cookie = '') {
  const response = await fetch(url(path), { headers: cookie ? { cookie } : {} });
  const text = await response.text();
  const body = (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
  if (process.env.DEBUG_PRISM) console.log(operationId, response.status, text.slice(0, 300));
  expectConforms(operationId, response, body);
  return { response, body };
}

describe('the proxy against Prism', () => {
  it('when the site configuration and maintenance status are read, then both answer from the commerce examples', async () => {
    const site = await call('getSiteConfig', '/api/site?locale=en-GB');
    expect(site.response.status).toBe(200);
    const maintenance = await call('getMaintenanceStatus', '/api/maintenance');
    expect(maintenance.response.status).toBe(200);
  });

  it('when a vehicle is looked up, then the vehicle example answers as a lookup result', async () => {
    const { response, body } = await call('lookupVehicle', '/api/vehicles/lookup?carvin=ZAAAA1000AA000001');
    expect(response.status).toBe(200);
    expect(body.vehicle.vin).toMatch(/^[A-Z0-9]{17}$/);
  });

  it('when the renewal page is read, then the proxy builds it from the product, content and basket examples', async () => {
    const { response, body } = await call(
      'getRenewalPage',
      '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001&locale=en-GB',
    );
    expect([200, 422]).toContain(response.status);
    if (response.status === 200)
      expect(body.variants.every((v: { price: { value: number } }) => v.price.value > 0)).toBe(true);
  });

  it('when the basket, a content asset and the FAQs are read, then each answers per the contract', async () => {
    expect((await call('getBasket', '/api/basket')).response.status).toBe(200);
    expect((await call('getContentAsset', '/api/content/Need_any_Help?locale=en-GB')).response.status).toBe(200);
    const faqs = await call('searchFaqs', '/api/faqs?locale=en-GB');
    expect(faqs.response.status).toBe(200);
  });

  it('when an address is searched, then the Loqate example answers as suggestions', async () => {
    const { response } = await call('findAddresses', '/api/address/find?text=SW1A%202AA&countries=GB');
    expect([200, 422]).toContain(response.status);
  });
});
