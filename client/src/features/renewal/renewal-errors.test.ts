import { describe, expect, it } from 'vitest';
import type { Problem } from '../../lib/api/client.ts';
import { errorValue, renewalFailure } from './renewal-errors.ts';

const problem = (over: Partial<Problem>): Problem => ({
  type: 'https://shop.example/problems/upstream-error',
  title: 'Service unavailable',
  status: 502,
  detail: 'The commerce platform did not answer.',
  ...over,
});

// Storefront §8 renewal loader and §2 "Unable to Load Page": the page shows its translated message
// and an error value; issue 14: the value is the problem's stable code or type, never English prose.
describe('renewal failures (storefront §5 guards, §8 renewal loader)', () => {
  it.each([
    ['a code', problem({ code: 'E001' }), 'E001'],
    ['no code: the type slug', problem({}), 'upstream-error'],
    ['no problem at all', undefined, undefined],
    ['a body that is no problem', {} as Problem, undefined],
  ])('the error value of %s', (_name, p, expected) => {
    expect(errorValue(p)).toBe(expected);
  });

  it('when the product load fails (5xx), then the page is unavailable with the stable value, not the detail', () => {
    expect(renewalFailure(502, problem({}))).toEqual({ kind: 'unavailable', detail: 'upstream-error' });
  });

  it('when no answer came at all (offline), then the page is unavailable where it is, not sent to /generic-error', () => {
    expect(renewalFailure(0, undefined)).toEqual({ kind: 'unavailable', detail: undefined });
  });

  it("when a guard fails without a page to go to, then /generic-error gets the spec's error value (§5)", () => {
    const failure = renewalFailure(
      422,
      problem({ status: 422, type: 'https://shop.example/problems/no-product-variations', detail: 'Product mismatch' }),
    );
    expect(failure).toEqual({ kind: 'redirect', path: '/generic-error', facts: { error: 'Product mismatch' } });
  });

  it('when neither the link nor storage names a vehicle, then the main page (§6)', () => {
    const failure = renewalFailure(
      400,
      problem({ status: 400, type: 'https://shop.example/problems/vehicle-not-identified', redirectUrl: '/home' }),
    );
    expect(failure).toEqual({ kind: 'redirect', path: '/home', facts: {} });
  });

  it('when the lookup names a page, then the shopper goes there with the vehicle facts', () => {
    const failure = renewalFailure(
      409,
      problem({
        status: 409,
        redirectUrl: '/vin-error',
        vehicle: { vin: 'WAUZZZ8V0KA000001', model: 'Aurora S', market: 'FR', brand: 'aurora' },
      } as Partial<Problem>),
    );
    expect(failure).toEqual({
      kind: 'redirect',
      path: '/vin-error',
      facts: { vin: 'WAUZZZ8V0KA000001', model: 'Aurora S', site: 'aurora', locale: 'fr-FR' },
    });
  });
});
