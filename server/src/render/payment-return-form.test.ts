/**
 * A payment redirect's return made by POST (Adyen's redirect action with `method: POST`; the
 * issuer posts the shopper back to the returnUrl with form data,
 * docs.adyen.com/online-payments/build-your-integration/advanced-flow): the proxy accepts it,
 * without a session (a cross-site POST carries no SameSite=Lax cookie), and answers the
 * confirmation page's GET with the posted redirectResult in its query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProxyServer } from '../server.ts';
import { startTestServer, testConfig } from '../test-helpers.ts';

let server: ProxyServer;
let url: (path: string) => string;

beforeAll(async () => {
  ({ server, url } = await startTestServer(testConfig({ SANDBOX_URL: 'http://127.0.0.1:9' })));
});
afterAll(() => server.stop());

const postBack = (path: string, form: Record<string, string>) =>
  fetch(url(path), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

describe('the payment return by POST', () => {
  it('when the issuer posts redirectResult back, then 303 to the confirmation page with it and the order in the query', async () => {
    const response = await postBack('/fr-FR/payment-confirmation?orderNo=00001001&provider=adyen', {
      redirectResult: 'X6XtfGC3!Y+/=',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const location = new URL(response.headers.get('location')!, 'http://shop.example');
    expect(location.pathname).toBe('/fr-FR/payment-confirmation');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      orderNo: '00001001',
      provider: 'adyen',
      redirectResult: 'X6XtfGC3!Y+/=',
    });
  });

  it('when the post holds no redirectResult, then the page opens without one (it shows its own error)', async () => {
    const response = await postBack('/payment-confirmation?orderNo=00001001&provider=adyen', { MD: 'x' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/payment-confirmation?orderNo=00001001&provider=adyen');
  });

  it('when another page is posted to, then this form does not answer it', async () => {
    const response = await postBack('/fr-FR/confirmation?orderNo=00001001', { redirectResult: 'x' });
    expect(response.status).not.toBe(303);
  });
});
