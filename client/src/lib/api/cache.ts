/**
 * The cache table (after PWA Kit's commerce-sdk-react cache.ts): for every mutation the client
 * calls, which cached reads its answer updates and which it invalidates. Reads are cached under SWR
 * keys whose first element is their operationId (`['getCheckoutState']`,
 * `['getRenewalPage', productId, query]`), so a row names reads by operation and no feature imports
 * another to refresh it. Each mutation's file (`features/<feature>/api/<operation>.ts`,
 * `lib/api/<operation>.ts`) calls it and then applies its row (lib/api/mutation.ts, which loads
 * this table with the first mutation); lib/api/cache.test.ts fails when a mutation the client calls
 * has no row.
 */
import type { ScopedMutator } from 'swr';
import type { operationTypes } from './client.ts';

/** What a mutation answered with 204 (No Content) resolves to: an answer, unlike a failure's none. */
export interface NoContent {
  noContent: true;
}

type Operation = keyof operationTypes;
type Responses<Op extends Operation> = operationTypes[Op]['responses'];
type JsonOf<R, Status extends number> = R extends { [S in Status]: { content: { 'application/json': infer Body } } }
  ? Body
  : never;

/** The JSON body of an operation's success answer (200, 201 or 202), or NoContent for a 204. */
export type Answer<Op extends Operation> =
  | JsonOf<Responses<Op>, 200>
  | JsonOf<Responses<Op>, 201>
  | JsonOf<Responses<Op>, 202>
  | (204 extends keyof Responses<Op> ? NoContent : never);

/** The reads the client keeps under SWR keys (each key's first element is one of them). */
export const CACHED_READS = [
  'getSession',
  'getBasket',
  'getRenewalPage',
  'getCheckoutState',
  'listShippingMethods',
  'setupPayment',
  'getOrderConfirmation',
  'lookupVehicle',
  'getContentAsset',
  'searchFaqs',
  'getSiteConfig',
  'listSubscriptions',
  'getAccountOverview',
  'getHelpContent',
  'listOrders',
  'getOrder',
  'getPaymentMethod',
  'listSavedAddresses',
] as const satisfies readonly Operation[];
export type CachedRead = (typeof CACHED_READS)[number];

/** What a read's cache holds: its answer (the checkout state is null for an empty basket, 409). */
type Cached<R extends CachedRead> = R extends 'getCheckoutState' ? Answer<R> | null : Answer<R>;

export interface CacheRow<M extends Operation> {
  /** The row applies only to the answers it says yes to (the outcome that changed something). */
  when?: (answer: Answer<M>) => boolean;
  /** Cached reads replaced from the answer, without asking the proxy again. */
  update?: { [R in CachedRead]?: (cached: Cached<R>, answer: Answer<M>) => Cached<R> };
  /** Cached reads asked again where shown; elsewhere they are asked again when next shown. */
  invalidate?: readonly CachedRead[];
  /** Cached reads dropped and asked again: another shopper's answers must not show. */
  reset?: readonly CachedRead[];
  /** After the call failed: the reads the proxy changed all the same. */
  afterFailure?: readonly CachedRead[];
}

/** Reads whose answer depends on who the shopper is: logging in or out changes every one. */
const SHOPPER_READS = [
  'getSession',
  'getBasket',
  'getCheckoutState',
  'listShippingMethods',
  'setupPayment',
  'getRenewalPage',
  'getOrderConfirmation',
  'lookupVehicle',
  'listSubscriptions',
  'getAccountOverview',
  'listOrders',
  'getOrder',
  'getPaymentMethod',
  'listSavedAddresses',
] as const satisfies readonly CachedRead[];

/** A basket write answers the whole basket; the session counts its items, the checkout state says its step. */
const BASKET_WRITE = {
  update: { getBasket: (_cached, basket) => basket },
  invalidate: ['getSession', 'getCheckoutState'],
} as const satisfies CacheRow<'setShippingAddress'>;

export const cacheTable = {
  renewItem: {
    update: {
      getBasket: (_cached, basket) => basket,
      // The renewal page preselects the plan in the basket.
      getRenewalPage: (page, basket) => {
        const item = basket.items.find((candidate) => candidate.masterProductId === page.product.id);
        return item ? { ...page, basketItem: { itemId: item.itemId, variantId: item.productId } } : page;
      },
    },
    invalidate: ['getSession', 'getCheckoutState'],
  },
  setCustomerEmail: BASKET_WRITE,
  setShippingAddress: BASKET_WRITE,
  setShippingMethod: BASKET_WRITE,
  // A registered customer's new billing address joins their saved addresses (storefront §6).
  setBillingAddress: { ...BASKET_WRITE, invalidate: [...BASKET_WRITE.invalidate, 'listSavedAddresses'] },
  // The provider's setup, a card token and a sandbox bank method change nothing the client reads.
  setupPayment: {},
  tokenizeSandboxCard: {},
  createSandboxBankMethod: {},
  createSandboxWalletMethod: {},
  placeOrder: {
    // Sent to 3-D Secure or a bank page, the shopper leaves the app: nothing to refresh.
    when: (answer) => answer.outcome === 'orderPlaced',
    // The basket became the order: the checkout now answers basket-empty (409).
    update: { getCheckoutState: () => null },
    invalidate: ['getSession', 'getBasket'],
    // A failed payment restores the basket from the failed order (storefront §8).
    afterFailure: ['getCheckoutState', 'getSession'],
  },
  confirmPayment: {
    when: (answer) => answer.outcome !== 'pending',
    // An order's payment, or the account's saving of a method (outcome paymentMethodSaved).
    invalidate: ['getSession', 'getBasket', 'getCheckoutState', 'getPaymentMethod'],
  },
  // The Adyen component's additional details settle the order (or saving) as a redirect return does.
  submitPaymentDetails: {
    when: (answer) => answer.outcome !== 'pending',
    invalidate: ['getSession', 'getBasket', 'getCheckoutState', 'getPaymentMethod'],
  },
  // A saved method answers the payment details; a 202 sends the shopper to 3-D Secure or the bank first.
  addPaymentMethod: { update: { getPaymentMethod: (cached, answer) => ('outcome' in answer ? cached : answer) } },
  updatePaymentMethod: { update: { getPaymentMethod: (cached, answer) => ('outcome' in answer ? cached : answer) } },
  // The manage modal's actions change the subscription; a refund ends the vehicle's service at once.
  requestRefund: {
    invalidate: ['listSubscriptions', 'getAccountOverview', 'getRenewalPage', 'listOrders', 'getOrder'],
  },
  // Auto-renewal decides whether the saved method is in use (the delete modal).
  cancelAutoRenewal: { invalidate: ['listSubscriptions', 'getPaymentMethod'] },
  reactivateAutoRenewal: { invalidate: ['listSubscriptions', 'getPaymentMethod'] },
  deletePaymentMethod: { invalidate: ['getPaymentMethod', 'listSubscriptions'] },
  updateBillingAddress: { update: { getPaymentMethod: (_cached, page) => page } },
  completeLogin: { reset: SHOPPER_READS },
  logout: { invalidate: SHOPPER_READS },
} satisfies { [M in Operation]?: CacheRow<M> };

/** The mutations the client calls: one row each. */
export type Mutation = keyof typeof cacheTable;

/** A key filter for SWR's mutate: the cached answers of one read, whatever its arguments. */
export const keysOf = (read: CachedRead) => (key: unknown) => Array.isArray(key) && key[0] === read;

/**
 * Applies a mutation's row through SWR's mutate; without an answer (the call failed) its
 * afterFailure. Resolves once the reads asked again have answered.
 */
export async function applyCacheRow<M extends Mutation>(
  mutate: ScopedMutator,
  operation: M,
  answer?: Answer<M>,
): Promise<void> {
  const row: CacheRow<M> = cacheTable[operation] as CacheRow<M>;
  if (answer === undefined) {
    await Promise.all((row.afterFailure ?? []).map((read) => mutate(keysOf(read))));
    return;
  }
  if (row.when && !row.when(answer)) return;
  const updates = Object.entries(row.update ?? {}).map(([read, update]) =>
    mutate(
      keysOf(read as CachedRead),
      (cached: unknown) =>
        cached === undefined ? cached : (update as (c: unknown, a: unknown) => unknown)(cached, answer),
      { revalidate: false },
    ),
  );
  await Promise.all([
    ...updates,
    ...(row.invalidate ?? []).map((read) => mutate(keysOf(read))),
    ...(row.reset ?? []).map((read) => mutate(keysOf(read), undefined, { revalidate: true })),
  ]);
}
