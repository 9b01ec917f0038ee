/**
 * Oversized and deeply nested bodies (issue 17): past the body limit (BODY_LIMIT, 32kb by default)
 * a 413 problem, 10,000 and 100,000 levels of nesting a 400 problem (or 413 where the nesting alone
 * passes the limit), never a 500, and the proxy still answers afterwards. JSON to the API, form
 * bodies to the page forms, an envelope to the error-reporting tunnel.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../../server/src/testing/sandbox-server.ts';
import { ShopBrowser } from '../../server/src/testing/shop-browser.ts';
import { ledger } from './support.ts';

const { shop, url } = useSandboxServer();
const attacks = ledger('bodies');

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestedInField = (depth: number) =>
  `{"productId":"cn-connected-navigation","variantId":${'{"v":'.repeat(depth)}1${'}'.repeat(depth)}}`;

const BODIES: Array<[string, () => string, number[]]> = [
  ['a 1 MB JSON string', () => JSON.stringify({ productId: 'x'.repeat(1024 * 1024), variantId: 'y' }), [413]],
  ['a 5 MB array', () => `[${'1,'.repeat(2.5 * 1024 * 1024)}1]`, [413]],
  ['10,000 nested arrays', () => nestedArrays(10_000), [400, 413]],
  ['10,000 nested objects', () => nestedObjects(10_000), [400, 413]],
  ['10,000 levels inside a field', () => nestedInField(10_000), [400, 413]],
  ['100,000 nested arrays', () => nestedArrays(100_000), [400, 413]],
  ['100,000 nested objects', () => nestedObjects(100_000), [400, 413]],
];

async function expectStillAnswering() {
  const res = await fetch(url('/api/healthz'));
  expect(res.status).toBe(200);
}

describe('hostile JSON bodies to the API', () => {
  it.each(BODIES)(
    'when %s is posted, then a 4xx problem, never a 500, and the proxy still answers',
    async (what, body, statuses) => {
      const browser = new ShopBrowser(shop);
      await browser.open();
      for (const [method, path] of [
        ['POST', '/api/basket/items'],
        ['PUT', '/api/basket/shipping-address'],
        ['POST', '/api/checkout/orders'],
      ] as const) {
        await attacks.attack(`${what} to ${method} ${path}`, async () => {
          const res = await fetch(url(path), {
            method,
            headers: { cookie: browser.cookie, 'x-csrf-token': browser.csrf, 'content-type': 'application/json' },
            body: body(),
          });
          expect(statuses).toContain(res.status);
          expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
          await res.json();
          await expectStillAnswering();
        });
      }
    },
  );
});

describe('hostile bodies elsewhere', () => {
  it.each([
    ['the renew form', '/en-GB/service/cn-connected-navigation'],
    ['the checkout e-mail form', '/en-GB/checkout'],
    ['a payment return', '/en-GB/payment-confirmation'],
  ])('when %s gets a 1 MB form body, then 413 problem+json and the proxy still answers', async (what, path) => {
    await attacks.attack(`1 MB form to ${what}`, async () => {
      const res = await fetch(url(path), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `csrfToken=x&variantId=${'a'.repeat(1024 * 1024)}`,
      });
      expect(res.status).toBe(413);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      await expectStillAnswering();
    });
  });

  it('when the error-reporting tunnel gets 5 MB, then 413 problem+json', async () => {
    await attacks.attack('5 MB envelope', async () => {
      const res = await fetch(url('/api/monitoring'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-sentry-envelope' },
        body: 'x'.repeat(5 * 1024 * 1024),
      });
      expect(res.status).toBe(413);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      await expectStillAnswering();
    });
  });
});
