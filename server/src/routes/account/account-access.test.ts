/**
 * The account area is a registered customer's only (account §6, issue 13): every operation tagged
 * `account` in proxy.yaml answers anyone else 401 with the login that returns to its page, and
 * lets a signed-in customer through. Against the in-process sandbox, answers checked against
 * proxy.yaml.
 */
import { describe, expect, it } from 'vitest';
import { operations, type OperationId } from '../../../../generated/proxy/operations.ts';
import { isCustomerRule } from '../../http/customer.ts';
import { routes } from '../route-table.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { logIn, ShopBrowser } from '../../testing/shop-browser.ts';

const { shop, url } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000' });

const ACCOUNT = (Object.keys(operations) as OperationId[]).filter((id) => operations[id].tag === 'account');
/** The operations whose access rule is the account's (a signed-in customer, with a page to return to). */
const CUSTOMER_OPERATIONS = (Object.keys(routes) as OperationId[]).filter((id) => isCustomerRule(routes[id].access));

/** A request for the operation with sample path parameters and, for a change, an empty JSON body. */
function requestOf(operationId: OperationId): [string, RequestInit] {
  const { method, path } = operations[operationId];
  const concrete = path
    .replace('{subscriptionId}', 'a1S000000000001AAA')
    .replace('{id}', '1Os000000000001AAA')
    .replace('{orderNo}', '00001001')
    .replace('{creditNoteId}', 'CN-0001');
  const body = ['post', 'put'].includes(method) ? { body: '{}' } : {};
  return [`/api${concrete}`, { method: method.toUpperCase(), ...body }];
}

const PAGES: Record<string, string> = {
  getAccountOverview: '/account/my-overview',
  listSubscriptions: '/account/my-subscriptions',
  requestRefund: '/account/my-subscriptions',
  cancelAutoRenewal: '/account/my-subscriptions',
  reactivateAutoRenewal: '/account/my-subscriptions',
  listOrders: '/account/my-orders',
  getOrder: '/account/my-orders/1Os000000000001AAA/00001001',
  getInvoiceDocument: '/account/my-orders',
  getCreditNoteDocument: '/account/my-orders',
  getPaymentMethod: '/account/my-payment-method',
  addPaymentMethod: '/account/my-payment-method/add-payment-method',
  updatePaymentMethod: '/account/my-payment-method/edit-payment-method',
  deletePaymentMethod: '/account/my-payment-method',
  updateBillingAddress: '/account/my-payment-method/edit-billing-address',
  getHelpContent: '/account/need-help',
};

describe('account access', () => {
  it("when proxy.yaml's account operations are listed, then each, and no other, has the customer's access rule and its page (account §2)", () => {
    expect([...CUSTOMER_OPERATIONS].sort()).toEqual([...ACCOUNT].sort());
    expect(Object.keys(PAGES).sort()).toEqual([...ACCOUNT].sort());
  });

  it.each(ACCOUNT)('when a guest calls %s, then 401 with the login that returns to its page', async (operationId) => {
    const guest = new ShopBrowser(shop);
    await guest.open();
    await guest.call('createGuestSession', '/api/session/guest', { method: 'POST' });
    const [path, init] = requestOf(operationId);
    const { response, body } = await guest.call(operationId, path, init);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(body).toMatchObject({
      type: 'https://shop.example/problems/login-required',
      status: 401,
      redirectUrl: `/api/session/login?returnTo=${encodeURIComponent(`/en-GB${PAGES[operationId]}`)}`,
    });
  });

  it('when nobody is signed in (no session at all), then 401 too, and the login returns under the default locale', async () => {
    const anonymous = new ShopBrowser(shop);
    const { response, body } = await anonymous.call('listSubscriptions', '/api/account/subscriptions');
    expect(response.status).toBe(401);
    expect(body.redirectUrl).toBe(
      `/api/session/login?returnTo=${encodeURIComponent('/en-GB/account/my-subscriptions')}`,
    );
  });

  it("when the session's locale is fr-FR, then the login returns to the French page", async () => {
    const guest = new ShopBrowser(shop);
    await guest.call('getSession', '/api/session?locale=fr-FR');
    const { body } = await guest.call('getHelpContent', '/api/account/help');
    expect(body.redirectUrl).toBe(`/api/session/login?returnTo=${encodeURIComponent('/fr-FR/account/need-help')}`);
  });

  it('when alex has signed in, then the account operations let him through', async () => {
    const alex = new ShopBrowser(shop);
    await logIn(alex, 'alex');
    const { response, body } = await alex.call('listSubscriptions', '/api/account/subscriptions');
    expect(response.status).toBe(200);
    expect(body.isCustomerEnabled).toBe(true);
    expect(body.subscriptions.length).toBeGreaterThan(0);
  });

  it('when alex calls every account operation, then none answers 501: the account area is implemented', async () => {
    const alex = new ShopBrowser(shop);
    await logIn(alex, 'alex');
    for (const operationId of ACCOUNT) {
      const [path, init] = requestOf(operationId);
      const headers: Record<string, string> = { cookie: alex.cookie, 'x-csrf-token': alex.csrf };
      if (init.body) headers['content-type'] = 'application/json';
      const response = await fetch(url(path), { ...init, headers });
      expect(response.status, operationId).not.toBe(501);
      expect(response.status, operationId).toBeLessThan(500);
      // Signed in, no operation sends him to the login.
      expect(response.status, operationId).not.toBe(401);
    }
  });
});
