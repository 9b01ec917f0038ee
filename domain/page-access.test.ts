import { describe, expect, it } from 'vitest';
import {
  guardedPageTypeOf,
  linkNamesOrder,
  linkNamesVehicle,
  noVehicleTarget,
  unauthenticatedTarget,
  vcsVersionOf,
  type AccessTarget,
  type Customer,
  type PageType,
  type VcsVersion,
} from './page-access.ts';

const guest: Customer = { registered: false, vehicleContext: false, isADAS: false };
const withVehicle: Customer = { ...guest, vehicleContext: true };
const registered: Customer = { ...guest, registered: true };
const adas: Customer = { ...guest, isADAS: true };
const paymentReturn: Customer = { ...guest, orderContext: true };

describe('vcsVersionOf (storefront §3 Site: selectedVCSVersion)', () => {
  it.each<[unknown, VcsVersion]>([
    ['11', '11'],
    [11, '11'],
    ['12', '12'],
    [undefined, '12'],
    ['13', '12'],
  ])('when the preference is %s, then version %s', (preference, version) => {
    expect(vcsVersionOf(preference)).toBe(version);
  });
});

describe('noVehicleTarget (storefront §6: "no vehicle identifier ... redirected to login or the main page, unless an ADAS flag is set")', () => {
  it.each<[string, Customer, VcsVersion, AccessTarget | undefined]>([
    ['a guest without vehicle, region on 11', guest, '11', 'login'],
    ['a guest without vehicle, region on 12', guest, '12', 'main'],
    ['a vehicle in the link or storage, region on 11', withVehicle, '11', undefined],
    ['a vehicle in the link or storage, region on 12', withVehicle, '12', undefined],
    ['the ADAS flag set, region on 11', adas, '11', undefined],
    ['the ADAS flag set, region on 12', adas, '12', undefined],
    ['a registered customer without vehicle, region on 11 (logged in already)', registered, '11', 'main'],
    ['a registered customer without vehicle, region on 12', registered, '12', 'main'],
  ])('when %s, then %s', (_case, customer, version, target) => {
    expect(noVehicleTarget(customer, version)).toBe(target);
  });
});

describe('unauthenticatedTarget (storefront §6: "Unauthenticated customers are redirected to login on most pages")', () => {
  // §6 exceptions: listing, feature, test, loqate, error, account, terms and ADAS pages; and pages
  // that must never redirect (login redirect, maintenance, restricted access, the UI kit).
  const exempt: PageType[] = [
    'listing',
    'feature',
    'test',
    'loqate',
    'error',
    'account',
    'terms',
    'adas',
    'login-redirect',
    'maintenance',
    'restricted-access',
    'uikit',
  ];
  it.each(exempt.flatMap((type) => (['11', '12'] as const).map((version) => [type, version] as const)))(
    'when a guest without vehicle opens a %s page (region on %s), then no redirect',
    (type, version) => {
      expect(unauthenticatedTarget(type, guest, version)).toBeUndefined();
    },
  );

  it.each<[PageType | undefined, string, Customer, VcsVersion, AccessTarget | undefined]>([
    ['checkout', 'a guest without vehicle', guest, '11', 'login'],
    ['checkout', 'a guest without vehicle', guest, '12', 'main'],
    ['checkout', 'a guest with a vehicle (VIN context)', withVehicle, '11', undefined],
    ['checkout', 'a guest with a vehicle (VIN context)', withVehicle, '12', undefined],
    ['checkout', 'a registered customer', registered, '11', undefined],
    ['checkout', 'a registered customer', registered, '12', undefined],
    ['checkout', 'a guest with the ADAS flag only (no exception of the second rule)', adas, '12', 'main'],
    [
      'checkout',
      'a guest with a payment return (counts on the payment confirmation only)',
      paymentReturn,
      '11',
      'login',
    ],
    ['payment-confirmation', 'a guest without vehicle', guest, '11', 'login'],
    ['payment-confirmation', 'a guest without vehicle', guest, '12', 'main'],
    ['payment-confirmation', 'a bank or 3-D Secure return with its order', paymentReturn, '11', undefined],
    ['payment-confirmation', 'a bank or 3-D Secure return with its order', paymentReturn, '12', undefined],
    ['payment-confirmation', 'a guest with a vehicle', withVehicle, '11', undefined],
    ['payment-confirmation', 'a registered customer', registered, '11', undefined],
    // The language splash page only forwards to the same path under the chosen locale, where the rule applies.
    ['splash', 'a guest without vehicle', guest, '11', undefined],
    ['splash', 'a guest without vehicle', guest, '12', undefined],
    [undefined, 'a guest on a page of no §2 type (confirmation, help centre)', guest, '11', undefined],
  ])('when the page is %s and %s (region on %s), then %s', (type, _case, customer, version, target) => {
    expect(unauthenticatedTarget(type, customer, version)).toBe(target);
  });
});

describe('guardedPageTypeOf (storefront §2 route table: "A checkout path is an optional locale prefix followed by /checkout")', () => {
  it.each<[string, PageType | undefined]>([
    ['/checkout', 'checkout'],
    ['/checkout/', 'checkout'],
    ['/payment-confirmation', 'payment-confirmation'],
    ['/be', undefined],
    ['/home', undefined],
    ['/', undefined],
    ['/service/cn-connected-navigation', undefined],
    ['/product', undefined],
    ['/confirmation/00001', undefined],
    ['/account/my-overview', undefined],
    ['/callback/forgerock', undefined],
    ['/checkout/more', undefined],
  ])('when the path is %s, then %s', (rest, type) => {
    expect(guardedPageTypeOf(rest)).toBe(type);
  });
});

describe('link contexts', () => {
  it.each([
    ['token=mt-000001', true],
    ['carvin=ZAAAA1000AA000001', true],
    ['cvin=ZAAAA1000AA000001', true],
    ['vin=ev1.x', true],
    ['evn=ev1.x', true],
    ['carvin=', false],
    ['locale=en-GB', false],
  ])('when the link is ?%s, then it names a vehicle: %s', (query, names) => {
    expect(linkNamesVehicle(new URLSearchParams(query))).toBe(names);
  });

  it.each([
    ['orderNo=00012346&provider=stripe', true],
    ['redirectResult=abc', true],
    ['setup_intent=seti_1', true],
    ['payment_intent=pi_1', true],
    ['provider=stripe', false],
    ['', false],
  ])('when the payment return is ?%s, then it names an order: %s', (query, names) => {
    expect(linkNamesOrder(new URLSearchParams(query))).toBe(names);
  });
});
