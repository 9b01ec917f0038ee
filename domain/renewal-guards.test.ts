import { describe, expect, it } from 'vitest';
import {
  checkVehicleLookup,
  offeredVariants,
  renewalProductGuard,
  vehicleLookupRedirect,
  videoId,
  type VehicleLookupOutcome,
  type VehicleLookupResponse,
} from './renewal-guards.ts';

describe('renewalProductGuard', () => {
  const product = { id: 'CN-RENEW', variants: [{ productId: 'CN-RENEW-1Y' }] };
  it.each<[string, { id: string; variants?: unknown[] }, Array<{ productId?: string }> | undefined, unknown]>([
    // storefront §5 Renewal page guards: product must have variations
    [
      'the product has no variants',
      { id: 'CN-RENEW', variants: [] },
      [{ productId: 'CN-RENEW' }],
      { ok: false, redirect: '/generic-error', error: 'No product variations available' },
    ],
    [
      'variants are missing',
      { id: 'CN-RENEW' },
      [{ productId: 'CN-RENEW' }],
      { ok: false, redirect: '/generic-error', error: 'No product variations available' },
    ],
    // storefront §5: the product id must match one of the customer's subscriptions
    [
      'no subscription matches',
      product,
      [{ productId: 'OTA-1' }],
      {
        ok: false,
        redirect: '/generic-error',
        error: 'Product ID CN-RENEW does not match subscription product ID OTA-1',
      },
    ],
    ['there are no subscriptions', product, [], { ok: false, redirect: '/generic-error', error: 'Product mismatch' }],
    [
      'subscriptions are unknown',
      product,
      undefined,
      { ok: false, redirect: '/generic-error', error: 'Product mismatch' },
    ],
    ['the second subscription matches', product, [{ productId: 'OTA-1' }, { productId: 'CN-RENEW' }], { ok: true }],
  ])('when %s, then the guard gives %o', (_label, p, subs, expected) => {
    expect(renewalProductGuard(p, subs)).toEqual(expected);
  });
});

describe('offeredVariants', () => {
  it('when variants have zero, missing and positive prices, then only positive ones are offered', () => {
    // storefront §5 Other rules: "Only variants with a price above zero are offered"
    const variants = [
      { id: 'a', price: 0 },
      { id: 'b', price: 99 },
      { id: 'c' },
      { id: 'd', price: -1 },
      { id: 'e', price: 0.5 },
    ];
    expect(offeredVariants(variants).map((v) => v.id)).toEqual(['b', 'e']);
  });
});

describe('checkVehicleLookup', () => {
  const ctx = { brand: 'BrandA', country: 'GB', extraMarket: 'SK' };
  it.each<[string, VehicleLookupResponse, VehicleLookupOutcome['kind']]>([
    // storefront §5 Vehicle lookup response: status 200-300 and ≥1 vehicle
    ['status 200 with a matching vehicle', { status: 200, vehicles: [{ make: 'BrandA', market: 'GB' }] }, 'success'],
    ['status 300 with a matching vehicle', { status: 300, vehicles: [{ make: 'BrandA', market: 'GB' }] }, 'success'],
    ['status 301', { status: 301, vehicles: [{ make: 'BrandA', market: 'GB' }] }, 'genericError'],
    ['status 500', { status: 500 }, 'genericError'],
    ['status 200 with no vehicles', { status: 200, vehicles: [] }, 'genericError'],
    // storefront §4 Vehicle lookup: 404 → not found
    ['status 404', { status: 404 }, 'notFound'],
    // storefront §5: make must equal the storefront brand, else 'Brand Error'
    ['another make', { status: 200, vehicles: [{ make: 'BrandB', market: 'GB' }] }, 'brandError'],
    ['a missing make', { status: 200, vehicles: [{ market: 'GB' }] }, 'brandError'],
    // storefront §5: market must equal the current country or the extra market, else 'Market Error'
    ['another market', { status: 200, vehicles: [{ make: 'BrandA', market: 'DE' }] }, 'marketError'],
    ['the extra market', { status: 200, vehicles: [{ make: 'BrandA', market: 'SK' }] }, 'success'],
  ])('when the lookup returns %s, then the outcome is %s', (_label, response, expected) => {
    expect(checkVehicleLookup(response, ctx).kind).toBe(expected);
  });

  it.each<[VehicleLookupOutcome, ReturnType<typeof vehicleLookupRedirect>]>([
    // storefront §4 Vehicle lookup redirects
    [{ kind: 'marketError', error: 'Market Error' }, { path: '/invalid-market-vin' }],
    [{ kind: 'brandError', error: 'Brand Error' }, { path: '/invalid-brand-vin' }],
    [{ kind: 'notFound' }, { path: '/vin-error' }],
    [
      { kind: 'genericError', error: 'boom' },
      { path: '/generic-error', error: 'boom' },
    ],
    [{ kind: 'success' }, undefined],
  ])('when the outcome is %o, then the redirect is %o', (outcome, expected) => {
    expect(vehicleLookupRedirect(outcome)).toEqual(expected);
  });
});

describe('other rules', () => {
  it.each<[string | undefined, string | undefined]>([
    // storefront §5 Other rules: "A video link counts only if its id is 11 characters"
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=3', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=short', undefined],
    ['https://youtu.be/dQw4w9WgXcQQ', undefined],
    [undefined, undefined],
  ])('when the video link is %s, then the id is %s', (link, expected) => {
    expect(videoId(link)).toBe(expected);
  });
});
