/**
 * Fault table, login and the account area (issue 17; storefront §4 Authentication, §8 login;
 * account §7 the calls, §8): the login callback and each account operation as alex, each upstream
 * call it makes × each fault. Reads answer the mapped problem (documents their "unavailable"
 * problem); writes too — the payment method's with a payment problem for Stripe's own calls — and
 * succeed when retried, the stored payment record never left half changed.
 */
import { describe, expect, it, vi } from 'vitest';
import { creditNoteExternalId } from '../../mocks/sandbox/src/upstreams/som/model.ts';
import type { ShopBrowser } from '../../server/src/testing/shop-browser.ts';
import {
  accountCardToken,
  ALEX_ADDRESS,
  asset,
  holder,
  orderId,
  plain,
  seedOrderNo,
  signedInAtIdentity,
} from './lib/journeys.ts';
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

/** A GB card (Stripe's 4000 0082 6000 0000): the GB billing mismatch control lets it pass with alex's GB address. */
const GB_CARD = '4000008260000000';
const STRIPE_PM = (method: 'GET' | 'POST') => ({
  method,
  path: method === 'GET' ? '/v1/payment_methods/' : '^/v1/payment_methods/[^/]+/detach$',
});
const savedMethod = async (browser: ShopBrowser) =>
  (await plain(stack, who(browser), 'GET', '/api/account/payment-method')).body.paymentMethod;

const CREDIT_NOTE = `/api/account/orders/${orderId(15)}/credit-notes/${creditNoteExternalId(15)}`;

/** alex with no active subscription linked to his card (auto-renewal of 3 and 7 off): it may be deleted. */
async function unlinked(): Promise<ShopBrowser> {
  const browser = await holder(stack);
  for (const id of [asset(3), asset(7)]) {
    const off = await plain(stack, who(browser), 'POST', `/api/account/subscriptions/${id}/auto-renewal/cancel`, {});
    if (off.status !== 200) throw new Error(`auto-renewal off ${off.status}`);
  }
  return browser;
}

/** alex without a saved method (deleted once no subscription uses it), so that one may be added. */
async function withoutMethod(): Promise<ShopBrowser> {
  const browser = await unlinked();
  const deleted = await plain(stack, who(browser), 'DELETE', '/api/account/payment-method');
  if (deleted.status !== 204) throw new Error(`delete ${deleted.status}`);
  return browser;
}

/**
 * Add (POST) or Edit (PUT) payment method with a new sandbox card. The region's preferences (the
 * billing mismatch control) are a shared read cached a while: the cache is made cold after the
 * login, so the operation reads them and a commerce fault meets that call. After a failed saving
 * the record still holds one whole method: the old card (Edit) or none (Add), or the new card when
 * the fault struck after it was stored.
 */
function saving(
  method: 'POST' | 'PUT',
  reach: () => Promise<ShopBrowser>,
): Step<{ browser: ShopBrowser; token: string }> {
  const save = ({ browser, token }: { browser: ShopBrowser; token: string }) =>
    plain(stack, who(browser), method, '/api/account/payment-method', {
      provider: 'stripe',
      paymentMethodType: 'CREDIT_CARD',
      sandboxCardToken: token,
      billingAddress: ALEX_ADDRESS,
    });
  return {
    reach: async () => {
      const browser = await reach();
      coldCache();
      return { browser, token: await accountCardToken(browser, GB_CARD) };
    },
    act: async (reached) => {
      const answer = await save(reached);
      if (method === 'POST') {
        // Add's reach left no method and no linked subscription: saying otherwise misreads the order system.
        expect(String(answer.body?.type), JSON.stringify(answer.body)).not.toMatch(/payment-method-exists$/);
        if (answer.status < 300) expect(answer.body.hasLinkedActiveSubscriptions).toBe(false);
      }
      return answer;
    },
    retry: save,
    kept: async ({ browser }) => {
      const saved = await savedMethod(browser);
      const before = method === 'PUT' ? ['4242', '0000'] : [undefined, '0000'];
      expect(before, JSON.stringify(saved)).toContain(saved?.last4);
    },
  };
}

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
  // A repeated Add finds the method stored when the fault struck after the order system stored it.
  'add payment method': { ...saving('POST', withoutMethod), doneAlready: /payment-method-exists$/ },
  'update payment method': saving('PUT', () => holder(stack)),
  'delete payment method': {
    reach: unlinked,
    act: async (browser) => {
      const answer = await plain(stack, who(browser), 'DELETE', '/api/account/payment-method');
      // The reach unlinked every subscription: "in use" would misread the order system.
      expect(String(answer.body?.type), JSON.stringify(answer.body)).not.toMatch(/payment-method-in-use$/);
      return answer;
    },
    // Never half deleted: the record keeps the card, or is blanked.
    kept: async (browser) => expect([undefined, '4242']).toContain((await savedMethod(browser))?.last4),
    // A DELETE whose fault struck once the record was blanked is done already: its retry's 404 (no
    // method saved) says so, and the page, showing none, is the retry's answer then.
    retry: async (browser) => {
      const again = await plain(stack, who(browser), 'DELETE', '/api/account/payment-method');
      if (again.status !== 404) return again;
      const page = await plain(stack, who(browser), 'GET', '/api/account/payment-method');
      return page.body.paymentMethod === null ? page : again;
    },
  },
  // asset 1 (vehicle 1, GB): auto-renewal off in the seed. Cold preferences: the operation reads them.
  'reactivate auto-renewal': {
    ...write('POST', `/api/account/subscriptions/${asset(1)}/auto-renewal/reactivate`),
    reach: async () => {
      const browser = await holder(stack);
      coldCache();
      return browser;
    },
  },
  // Order 15's credit note exists: a 404 would tell the shopper it does not (§8: a failure is 'unavailable').
  'credit note': {
    ...read(CREDIT_NOTE),
    act: async (browser) => {
      const answer = await plain(stack, who(browser), 'GET', CREDIT_NOTE);
      expect(answer.status, JSON.stringify(answer.body)).not.toBe(404);
      return answer;
    },
  },
};

const PREFERENCES = { method: 'GET', path: '/s/aurora/dw/shop/v24_5/custom_objects/CustomPreferences/GB' };

/**
 * Add and Edit payment method (account §2, §4 "a payment customer is found or created, then the
 * payment method is attached and a setup is confirmed"): the record read, the new card read from
 * Stripe, the region's preferences, alex's payment customer found (his profile, then Stripe), the SetupIntent confirmed and read
 * back, the record stored, then the page's reads. The provider's own calls answer a payment problem.
 */
function savingRows(step: string, store: 'AddPaymentMethod' | 'UpdatePaymentMethod'): Row[] {
  return [
    ...rowsOf('som', step, SOM('PaymentMethodInformation'), 'problem'),
    ...rowsOf('stripe', step, STRIPE_PM('GET'), 'payment-problem'),
    // Unreadable preferences count as absent (upstream/commerce/preferences.ts): an Edit goes on with the
    // mismatch control off; an Add is refused, its region's saving flag unset (account §2).
    ...rowsOf('commerce', step, PREFERENCES, store === 'AddPaymentMethod' ? 'problem' : 'tolerated'),
    // alex's payment customer is the one his commerce profile names (c_stripeCustomerId), read back from
    // Stripe (stripe-customer.ts): an unreadable profile falls back to the search by CDC id, which finds
    // him; an unreadable Stripe customer is not "none": no second payment customer is made.
    ...rowsOf('commerce', step, { method: 'GET', path: '/customer/shopper-customers/v1/' }, 'tolerated'),
    ...rowsOf('stripe', step, { method: 'GET', path: '/v1/customers/cus_' }, 'payment-problem'),
    ...rowsOf('stripe', step, { method: 'POST', path: '/v1/setup_intents' }, 'payment-problem'),
    ...rowsOf('stripe', step, { method: 'GET', path: '/v1/setup_intents/' }, 'payment-problem'),
    ...rowsOf('som', step, SOM(store), 'problem'),
    ...rowsOf('som', step, SOM('ActiveSubsctionList'), 'problem'),
  ];
}

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
  // The commerce profile gives the refund step's name only: unreadable, the list is still shown (issue 34).
  ...rowsOf(
    'commerce',
    'subscriptions',
    { method: 'GET', path: '^/customer/shopper-customers/v1/organizations/[^/]+/customers/[^/]+$' },
    'tolerated',
  ),
  ...rowsOf('som', 'orders', SOM('History'), 'problem'),
  // Order detail proves ownership through History, asked beside Details (docs/decisions/027).
  ...rowsOf('som', 'order detail', SOM('History'), 'problem'),
  ...rowsOf('som', 'order detail', SOM('Details'), 'problem'),
  // Credit notes that cannot be read leave the order page an empty list (account §8).
  ...rowsOf('som', 'order detail', SOM('CreditNoteDetails'), 'tolerated'),
  ...rowsOf('som', 'invoice', SOM('History'), 'problem'),
  ...rowsOf('som', 'invoice', SOM('CreditNotes'), 'problem'),
  ...rowsOf('som', 'payment method', SOM('PaymentMethodInformation'), 'problem'),
  // The card's expiry read from Stripe is tolerated: the page shows the record's card.
  ...rowsOf('stripe', 'payment method', { method: 'GET', path: '/v1/payment_methods/' }, 'tolerated'),
  ...rowsOf('commerce', 'help', { method: 'GET', path: '/s/aurora/dw/shop/v24_5/content/Need_any_Help' }, 'problem'),
  // A failed FAQ search leaves the help page its texts, the FAQs flagged faqsUnavailable (account §8).
  ...rowsOf('commerce', 'help', { method: 'GET', path: '/s/aurora/dw/shop/v24_5/content_search' }, 'tolerated'),
  ...rowsOf('som', 'billing address', SOM('UpdateBillingAddress'), 'problem'),
  ...rowsOf('som', 'refund', SOM('RequestRefund'), 'problem'),
  ...rowsOf('som', 'cancel auto-renewal', SOM('CancelAutoRenewal'), 'problem'),
  ...rowsOf('vehicles', 'logout', { method: 'GET', path: '/v1/identity/logout' }, 'tolerated'),
  ...savingRows('add payment method', 'AddPaymentMethod'),
  ...savingRows('update payment method', 'UpdatePaymentMethod'),
  // The replaced card's detach is never fatal (§7 keep one): the new card is saved.
  ...rowsOf('stripe', 'update payment method', STRIPE_PM('POST'), 'tolerated'),
  ...rowsOf('som', 'delete payment method', SOM('PaymentMethodInformation'), 'problem'),
  ...rowsOf('som', 'delete payment method', SOM('ActiveSubsctionList'), 'problem'),
  // A detach that never happened is a payment problem; one whose answer is spoilt did happen, and the
  // delete, reading the card back as gone, goes on (services/account/payment-method.ts cardGone).
  ...rowsOf('stripe', 'delete payment method', STRIPE_PM('POST'), 'payment-problem', ['latency', 'status', 'drop']),
  ...rowsOf('stripe', 'delete payment method', STRIPE_PM('POST'), 'tolerated', [
    'truncated',
    'wrong-type',
    'slow-body',
  ]),
  ...rowsOf('som', 'delete payment method', SOM('DeletePaymentMethod'), 'problem'),
  ...rowsOf('som', 'reactivate auto-renewal', SOM('SubscriptionList'), 'problem'),
  // Unreadable preferences count as absent: the 409 "auto-renewal not available in this region".
  ...rowsOf('commerce', 'reactivate auto-renewal', PREFERENCES, 'problem'),
  ...rowsOf('som', 'reactivate auto-renewal', SOM('ReactivateAutoRenewal'), 'problem'),
  ...rowsOf('som', 'credit note', SOM('History'), 'problem'),
  ...rowsOf('som', 'credit note', SOM('CreditNoteDetails'), 'problem'),
  ...rowsOf('som', 'credit note', SOM('CreditNotes'), 'problem'),
];

summarise('account', rows);

describe('fault table: login and account operations', () => {
  // A step may make several calls to one upstream: each row is named with its call.
  it.each(rows.map((row) => [`${title(row)} [${row.aim.method} ${row.aim.path}]`, row] as const))(
    '%s',
    async (_title, row) => {
      await runRow(stack, row, steps[row.step]!);
    },
  );
});
