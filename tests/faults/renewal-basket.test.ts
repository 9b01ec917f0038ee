/**
 * Fault table, guest journey before payment (issue 17; storefront §4 Renewal page load, Renew
 * action, Address form modes; §7 the calls; §8 renewal loader and content failures): the renewal
 * page, adding to the basket, the addresses and the vehicle lookup, each call × each fault.
 */
import { describe, expect, it, vi } from 'vitest';
import { GUEST_ADDRESS, TestShopper } from '../../server/src/testing/shop-client.ts';
import { guest, plain, RENEW_ITEM, RENEWAL_GB } from './lib/journeys.ts';
import { runRow, type Step } from './lib/run.ts';
import { useFaultStack } from './lib/stack.ts';
import { rowsOf, summarise, title, type Row } from './lib/table.ts';

const stack = useFaultStack();
const ORG = '^/(product|checkout|customer)/[a-z-]+/v1/organizations/[^/]+';
const BASKET = `${ORG.replace('(product|checkout|customer)', 'checkout')}/baskets/[^/]+`;

// The shared reads (product, category, content, preferences) are cached a minute and served stale
// five more (ttl-cache.ts): each renewal row moves the clock past both, so its fault meets the call.
vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
const coldCache = () => vi.setSystemTime(Date.now() + 7 * 60_000);

const who = (shopper: TestShopper) => shopper.credentials();
const basketCount = async (shopper: TestShopper) =>
  (await plain(stack, who(shopper), 'GET', '/api/basket')).body.itemCount ?? 0;

const renewalPage: Step<TestShopper> = {
  reach: () => {
    coldCache();
    return new TestShopper(stack.url).start();
  },
  act: (shopper) => plain(stack, who(shopper), 'GET', RENEWAL_GB),
};

const addToBasket: Step<TestShopper> = {
  reach: () => guest(stack),
  act: (shopper) => plain(stack, who(shopper), 'POST', '/api/basket/items', RENEW_ITEM),
  // Renewal quantity is always 1 (storefront §4 Renew action): a retry never makes it two.
  kept: async (shopper) => expect(await basketCount(shopper)).toBeLessThanOrEqual(1),
};

const inBasket = async () => {
  const shopper = await guest(stack);
  await shopper.call('renewItem', 'POST', '/api/basket/items', RENEW_ITEM);
  return shopper;
};
const keptOne = async (shopper: TestShopper) => expect(await basketCount(shopper)).toBe(1);

const shippingAddress: Step<TestShopper> = {
  reach: inBasket,
  act: (shopper) => plain(stack, who(shopper), 'PUT', '/api/basket/shipping-address', GUEST_ADDRESS),
  kept: keptOne,
};
const billingAddress: Step<TestShopper> = {
  reach: inBasket,
  act: (shopper) => plain(stack, who(shopper), 'PUT', '/api/basket/billing-address', GUEST_ADDRESS),
  kept: keptOne,
};
const lookupVehicle: Step<TestShopper> = {
  reach: () => new TestShopper(stack.url).start(),
  act: (shopper) => plain(stack, who(shopper), 'GET', '/api/vehicles/lookup?carvin=ZAAAA1000AA000002'),
};
const addressProbe: Step<TestShopper> = {
  reach: inBasket,
  act: (shopper) => plain(stack, who(shopper), 'GET', '/api/address/status'),
  kept: keptOne,
};
const addressFind: Step<TestShopper> = {
  reach: inBasket,
  act: (shopper) => plain(stack, who(shopper), 'GET', '/api/address/find?text=Downing&countries=GB'),
  kept: keptOne,
};

const RENEWAL = 'renewal page';
const steps: Record<string, Step<TestShopper>> = {
  [RENEWAL]: renewalPage,
  'add to basket': addToBasket,
  'shipping address': shippingAddress,
  'billing address': billingAddress,
  'vehicle lookup': lookupVehicle,
  'address lookup probe': addressProbe,
  'address lookup find': addressFind,
};

const PRODUCT = { method: 'GET', path: `${ORG}/products/cn-connected-navigation$` };
const FIND = { method: 'POST', path: '/Capture/Interactive/Find/' };
const rows: Row[] = [
  // §8: a failed product load fails the renewal page with the logged prefix.
  ...rowsOf('commerce', RENEWAL, PRODUCT, 'product-load-failed'),
  // §7: the content requests (FAQ asset, countries asset, category) tolerate failure.
  ...rowsOf('commerce', RENEWAL, { method: 'GET', path: '/s/aurora/dw/shop/v24_5/content/' }, 'tolerated'),
  ...rowsOf('commerce', RENEWAL, { method: 'GET', path: `${ORG}/categories/` }, 'tolerated'),
  ...rowsOf('vehicles', RENEWAL, { method: 'GET', path: '/v12/vehicles' }, 'problem'),
  ...rowsOf('commerce', 'add to basket', { method: 'POST', path: `${BASKET}/items$` }, 'problem'),
  ...rowsOf('commerce', 'add to basket', { method: 'GET', path: `${ORG}/customers/[^/]+/baskets$` }, 'problem'),
  ...rowsOf(
    'commerce',
    'shipping address',
    { method: 'PUT', path: `${BASKET}/shipments/me/shipping-address$` },
    'problem',
  ),
  ...rowsOf('commerce', 'billing address', { method: 'PUT', path: `${BASKET}/billing-address$` }, 'problem'),
  ...rowsOf('vehicles', 'vehicle lookup', { method: 'GET', path: '/v12/vehicles' }, 'problem'),
  // §4 Address form modes: the lookup unavailable sends the form to manual entry.
  ...rowsOf('loqate', 'address lookup probe', { method: 'POST', path: '/Capture/Interactive/Find/' }, 'manual-entry'),
  ...rowsOf('loqate', 'address lookup find', FIND, 'manual-entry', [
    'latency',
    'status',
    'drop',
    'truncated',
    'slow-body',
  ]),
  // Items of the wrong type read as no items: "address not found" (422), the form's own message.
  ...rowsOf('loqate', 'address lookup find', FIND, 'problem', ['wrong-type']),
];

summarise('renewal-basket', rows);

describe('fault table: renewal page, basket, addresses, vehicle lookup', () => {
  it.each(rows.map((row) => [title(row), row] as const))('%s', async (_title, row) => {
    await runRow(stack, row, steps[row.step]!);
  });
});
