/**
 * Classic shop calls name their client application as OCAPI requires: a bearer token carries it,
 * else `client_id` or the `x-dw-client-id` header, or OCAPI answers 400
 * (https://developer.salesforce.com/docs/commerce/b2c-commerce/references/b2c-commerce-ocapi/clientapplicationidentification.html).
 * The proxy sends the site's client id in the header on every `/s/{siteId}/dw/shop/...` call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../../mocks/sandbox/src/sandbox.ts';
import type { Sandbox } from '../../../mocks/sandbox/src/app.ts';
import { testConfig } from '../test-helpers.ts';
import { createUpstreams } from './clients.ts';

describe('classic shop calls carry the OCAPI client id', () => {
  it('when a content asset, a content search, a custom object or an order update is asked, then x-dw-client-id is the site’s client', async () => {
    const seen: Request[] = [];
    const config = testConfig();
    const { commerceClassic, commerce } = createUpstreams(config, async (request) => {
      seen.push(request);
      return Response.json({});
    });
    await commerceClassic.GET('/s/{siteId}/dw/shop/v24_5/content/{content_id}', {
      params: { path: { siteId: 'aurora', content_id: 'Need_any_Help' } },
    });
    await commerceClassic.GET('/s/{siteId}/dw/shop/v24_5/content_search', {
      params: { path: { siteId: 'borealis' }, query: { q: 'refund' } },
    });
    await commerceClassic.GET('/s/{siteId}/dw/shop/v24_5/custom_objects/{object_type}/{key}', {
      params: { path: { siteId: 'aurora', object_type: 'CustomPreferences', key: 'GB' } },
    });
    await commerceClassic.PATCH('/s/{siteId}/dw/shop/v24_5/orders/{order_no}', {
      params: { path: { siteId: 'borealis', order_no: '00001' } },
      body: { status: 'new' },
      headers: { Authorization: 'Bearer t' },
    });
    expect(seen.map((r) => r.headers.get('x-dw-client-id'))).toEqual([
      'aurora-storefront',
      'borealis-storefront',
      'aurora-storefront',
      'borealis-storefront',
    ]);
    // Storefront controllers and SCAPI calls are not OCAPI: no client id header.
    await commerceClassic.GET('/on/demandware.store/Sites-{siteId}-Site/{locale}/Maintenance-Status', {
      params: { path: { siteId: 'aurora', locale: 'en_GB' } },
    });
    await commerce.GET('/product/shopper-products/v1/organizations/{organizationId}/products/{id}', {
      params: { path: { organizationId: 'f_ecom_zzzz_001', id: 'x' }, query: { siteId: 'aurora' } },
    });
    expect(seen.slice(4).map((r) => r.headers.get('x-dw-client-id'))).toEqual([null, null]);
  });

  describe('against the sandbox, which refuses a classic call without a client id', () => {
    let sandbox: Sandbox;
    let root = '';
    beforeAll(async () => {
      sandbox = buildSandbox();
      root = `http://localhost:${await sandbox.start(0)}`;
    });
    afterAll(() => sandbox.stop());

    it('when the proxy reads a content asset without a shopper token, then it is served', async () => {
      const { commerceClassic } = createUpstreams(testConfig({ SANDBOX_URL: root }));
      const { response, data } = await commerceClassic.GET('/s/{siteId}/dw/shop/v24_5/content/{content_id}', {
        params: { path: { siteId: 'aurora', content_id: 'Need_any_Help' }, query: { locale: 'en-GB' } },
      });
      expect(response.status).toBe(200);
      expect(data?.id).toBe('Need_any_Help');
      const bare = await fetch(`${root}/commerce/s/aurora/dw/shop/v24_5/content/Need_any_Help`);
      expect(bare.status).toBe(400);
    });
  });
});

/**
 * Every attempt of an upstream call ends at the upstream timeout (a TimeoutError) or when the
 * shopper's request ends (its AbortError), as AbortSignal.any([request, AbortSignal.timeout()])
 * would end it (upstreams.ts's attemptSignal).
 */
describe("an upstream call's attempt signal", () => {
  // As fetch: a signal aborted before the call rejects at once, a later abort when it comes.
  const hangingUntilAborted = (request: Request) =>
    new Promise<Response>((_resolve, reject) => {
      if (request.signal.aborted) reject(request.signal.reason as Error);
      request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
    });

  it('when the upstream does not answer in time, then the call rejects with a TimeoutError after the timeout', async () => {
    const { vehicles } = createUpstreams(
      testConfig({ UPSTREAM_RETRIES: '0', UPSTREAM_TIMEOUT_MS: '40' }),
      hangingUntilAborted,
    );
    const started = Date.now();
    const failure = await vehicles
      .GET('/{version}/vehicles', { params: { path: { version: 'v12' } } } as never)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
  });

  it("when the shopper's request ends, then every call of it in flight rejects with its reason at once", async () => {
    const { vehicles } = createUpstreams(testConfig({ UPSTREAM_TIMEOUT_MS: '5000' }), hangingUntilAborted);
    const shopper = new AbortController();
    const started = Date.now();
    const calls = Array.from({ length: 25 }, () =>
      vehicles
        .GET('/{version}/vehicles', { params: { path: { version: 'v12' } }, signal: shopper.signal } as never)
        .catch((error: unknown) => error),
    );
    setTimeout(() => shopper.abort(), 10);
    const failures = await Promise.all(calls);
    expect(failures.map((f) => (f as Error).name)).toEqual(Array(25).fill('AbortError'));
    expect(Date.now() - started).toBeLessThan(1000);
    // A call made after the request ended never starts.
    const late = await vehicles
      .GET('/{version}/vehicles', { params: { path: { version: 'v12' } }, signal: shopper.signal } as never)
      .catch((error: unknown) => error);
    expect(late).toMatchObject({ name: 'AbortError' });
  });

  it("when the call was answered, then neither the request's end nor the timeout reaches its attempt any more", async () => {
    const seen: Request[] = [];
    const { vehicles } = createUpstreams(testConfig({ UPSTREAM_TIMEOUT_MS: '30' }), async (request) => {
      seen.push(request);
      return Response.json({ result: [] });
    });
    const shopper = new AbortController();
    const answered = await vehicles.GET('/{version}/vehicles', {
      params: { path: { version: 'v12' } },
      signal: shopper.signal,
    } as never);
    shopper.abort();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(answered.data).toEqual({ result: [] });
    expect(seen.map((request) => request.signal.aborted)).toEqual([false]);
  });
});
