/**
 * The page table (storefront §2 "Routes", account §2): every consumer's reading of a path after its
 * locale prefix (issue 33, decision 034).
 */
import { describe, expect, it } from 'vitest';
import { guardedPageTypeOf } from './page-access.ts';
import { accountPagePath, FIRST_PAINT_PAGES, matchPage, moduleOfRoute, PAGES } from './pages.ts';

describe('matchPage (storefront §2 routes, after the locale prefix)', () => {
  it.each([
    ['/', 'main', {}],
    ['/home', 'home', {}],
    ['/product', 'adas', {}],
    ['/service', 'serviceList', {}],
    ['/service/', 'serviceList', {}],
    ['/service/cn-connected-navigation', 'renewal', { productId: 'cn-connected-navigation' }],
    ['/service/a%20b', 'renewal', { productId: 'a b' }],
    // Not valid percent-encoding: the segment as it came, never a thrown error.
    ['/service/%E0%A4%A', 'renewal', { productId: '%E0%A4%A' }],
    ['/checkout', 'checkout', {}],
    ['/checkout/', 'checkout', {}],
    ['/confirmation/00001005', 'confirmation', { orderNo: '00001005' }],
    ['/payment-confirmation', 'paymentConfirmation', {}],
    ['/account', 'account', {}],
    ['/account/my-orders/a1B8d000000AbCdEFG/00001005', 'account', { rest: 'my-orders/a1B8d000000AbCdEFG/00001005' }],
    ['/faqs/renewals', 'faqs', { rest: 'renewals' }],
    ['/callback/forgerock', 'callbackForgerock', {}],
    ['/test-override', 'testOverride', {}],
    ['/checkout/extra', 'notFound', {}],
    ['/no-such-page', 'notFound', {}],
  ])('when the path is %s, then the page is %s', (rest, id, params) => {
    expect(matchPage(rest)).toMatchObject({ id, params });
  });

  it('when the shop runs in production, then the test pages are not found (storefront §2)', () => {
    expect(matchPage('/test', true).id).toBe('notFound');
    expect(matchPage('/uikit', true).id).toBe('notFound');
    expect(matchPage('/test').id).toBe('test');
  });
});

describe('what each consumer reads of the table', () => {
  it('when §6 guards a page, then it is the checkout or the payment confirmation (decision 016)', () => {
    expect(guardedPageTypeOf('/checkout')).toBe('checkout');
    expect(guardedPageTypeOf('/checkout/')).toBe('checkout');
    expect(guardedPageTypeOf('/payment-confirmation')).toBe('payment-confirmation');
    expect(guardedPageTypeOf('/home')).toBeUndefined();
    expect(guardedPageTypeOf('/confirmation/1')).toBeUndefined();
  });

  it('when the landing pages are listed, then they are the renewal and ADAS pages, the checkout and the confirmation', () => {
    expect(FIRST_PAINT_PAGES.map((page) => page.id)).toEqual(['adas', 'renewal', 'checkout', 'confirmation']);
    expect(FIRST_PAINT_PAGES.every((page) => page.module.startsWith('src/'))).toBe(true);
  });

  it("when a route's module is asked for, then an account page's is the account area's chunk", () => {
    expect(moduleOfRoute('service/:productId')).toBe(PAGES.renewal.module);
    expect(moduleOfRoute('account/my-orders/:id/:orderNo')).toBe(PAGES.account.module);
    expect(moduleOfRoute('maintenance')).toBeUndefined();
  });
});

describe('accountPagePath (account §2: the page an account operation returns to after the login)', () => {
  it.each([
    ['my-subscriptions', {}, '/account/my-subscriptions'],
    ['my-payment-method/edit-billing-address', {}, '/account/my-payment-method/edit-billing-address'],
    [
      'my-orders/:id/:orderNo',
      { id: '1Os000000000001AAA', orderNo: '00001001' },
      '/account/my-orders/1Os000000000001AAA/00001001',
    ],
    ['my-orders/:id/:orderNo', { id: 'a/b?c', orderNo: '1 2' }, '/account/my-orders/a%2Fb%3Fc/1%202'],
  ] as const)('when the page is %s with %o, then the path is %s', (path, params, expected) => {
    expect(accountPagePath(path, params)).toBe(expected);
  });
});
