/**
 * Fault table, login and the account area (issue 17; storefront §4 Authentication, §8 login;
 * account §7 the calls, §8): the login callback and each account operation as alex, each call ×
 * each fault. Reads answer the mapped problem (documents their "unavailable" problem); writes too,
 * and succeed when retried.
 */
import { describe, it, vi } from 'vitest';
import type { ShopBrowser } from '../../server/src/testing/shop-browser.ts';
import { ALEX_ADDRESS, asset, holder, orderId, plain, seedOrderNo, signedInAtIdentity } from './lib/journeys.ts';
import { runRow, type Step } from './lib/run.ts';
import { useFaultStack } from './lib/stack.ts';
import { rowsOf, summarise, title, type Row } from './lib/table.ts';

const stack = useFaultStack();
const SOM = (method: string) => ({ method: 'POST', path: `/services/apexrest/SOM/${method}` });
const who = (browser: ShopBrowser) => ({ cookie: browser.cookie, csrf: browser.csrf });

const login: Step<Awaited<ReturnType<typeof signedInAtIdentity>>> = {
  reach: () => signedInAtIdentity(stack),
  act: ({ browser, body }) => plain(stack, who(browser), 'POST', '/api/session/login/callback', body),
  // The code is used once: a retry signs in again through the identity provider.
  retry: async () => {
    const again = await signedInAtIdentity(stack);
    return plain(stack, who(again.browser), 'POST', '/api/session/login/callback', again.body);
  },
};

// The help content is a shared read cached a minute and served stale five more (ttl-cache.ts):
// its rows move the clock past both, so the fault meets the call.
vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
const coldCache = () => vi.setSystemTime(Date.now() + 7 * 60_000);

const read = (path: string): Step<ShopBrowser> => ({
  reach: () => holder(stack),
  act: (browser) => plain(stack, who(browser), 'GET', path),
});
const write = (method: string, path: string, body?: unknown): Step<ShopBrowser> => ({
  reach: () => holder(stack),
  act: (browser) => plain(stack, who(browser), method, path, body),
});

const steps: Record<string, Step<any>> = {
  login,
  overview: read('/api/account/overview?carvin=ZAAAA1000AA000001'),
  subscriptions: read('/api/account/subscriptions'),
  orders: read('/api/account/orders'),
  'order detail': read(`/api/account/orders/${orderId(46)}/${seedOrderNo(46)}`),
  invoice: read(`/api/account/orders/${orderId(46)}/invoice`),
  'payment method': read('/api/account/payment-method'),
  help: {
    ...read('/api/account/help'),
    reach: () => {
      coldCache();
      return holder(stack);
    },
  },
  'billing address': write('PUT', '/api/account/billing-address', ALEX_ADDRESS),
  refund: {
    ...write('POST', `/api/account/subscriptions/${asset(3)}/refund`, { reason: 'Other' }),
    doneAlready: /refund-already-requested$/,
  },
  'cancel auto-renewal': write('POST', `/api/account/subscriptions/${asset(7)}/auto-renewal/cancel`, {}),
  logout: write('POST', '/api/session/logout'),
};

const rows: Row[] = [
  ...rowsOf(
    'identity',
    'login',
    { method: 'POST', path: '/am/oauth2/realms/root/realms/alpha/access_token' },
    'problem',
  ),
  ...rowsOf('vehicles', 'login', { method: 'POST', path: '/v1/identity/access-token' }, 'problem'),
  ...rowsOf(
    'commerce',
    'login',
    { method: 'POST', path: '^/shopper/auth/v1/organizations/[^/]+/oauth2/trusted-system/token$' },
    'problem',
  ),
  ...rowsOf('som', 'overview', SOM('SubscriptionList'), 'problem'),
  ...rowsOf('som', 'subscriptions', SOM('SubscriptionList'), 'problem'),
  ...rowsOf('som', 'orders', SOM('History'), 'problem'),
  ...rowsOf('som', 'order detail', SOM('Details'), 'problem'),
  ...rowsOf('som', 'invoice', SOM('CreditNotes'), 'problem'),
  ...rowsOf('som', 'payment method', SOM('PaymentMethodInformation'), 'problem'),
  // The card's expiry read from Stripe is tolerated: the page shows the record's card.
  ...rowsOf('stripe', 'payment method', { method: 'GET', path: '/v1/payment_methods/' }, 'tolerated'),
  ...rowsOf('commerce', 'help', { method: 'GET', path: '/s/aurora/dw/shop/v24_5/content/Need_any_Help' }, 'problem'),
  ...rowsOf('som', 'billing address', SOM('UpdateBillingAddress'), 'problem'),
  ...rowsOf('som', 'refund', SOM('RequestRefund'), 'problem'),
  ...rowsOf('som', 'cancel auto-renewal', SOM('CancelAutoRenewal'), 'problem'),
  ...rowsOf('vehicles', 'logout', { method: 'GET', path: '/v1/identity/logout' }, 'tolerated'),
];

summarise('account', rows);

describe('fault table: login and account operations', () => {
  it.each(rows.map((row) => [title(row), row] as const))('%s', async (_title, row) => {
    await runRow(stack, row, steps[row.step]!);
  });
});
