/**
 * getRenewalPage (GET /api/renewal/{productId}): the renewal page's data in one call. boot.tsx
 * starts it beside React's start, under the key the page asks for (docs/decisions/003).
 */
import useSWR, { preload } from 'swr';
import { api, request, type components, type operationTypes } from '../../../lib/api/client.ts';
import { clearPendingOrder, pendingOrder } from '../../../lib/order-storage.ts';

export type RenewalPage = components['schemas']['RenewalPage'];
export type Variant = components['schemas']['Variant'];
export type RenewalQuery = NonNullable<operationTypes['getRenewalPage']['parameters']['query']>;

/** The link's vehicle identifiers the proxy understands (storefront §2 Renewal page). */
const IDENTIFIERS = ['token', 'carvin', 'cvin', 'vin', 'evn'] as const;
/** The link's test flags (§2 /test), passed as the proxy reads them. */
const FLAGS = ['skipIsActiveCheck', 'skipCheckoutControl'] as const;

export function renewalQuery(search: string, locale: string): RenewalQuery {
  const params = new URLSearchParams(search);
  const query: RenewalQuery = { locale };
  for (const name of IDENTIFIERS) {
    const value = params.get(name);
    if (value) query[name] = value;
  }
  for (const name of FLAGS) {
    const value = params.get(name);
    if (value) query[name] = value === 'true';
  }
  const forceExpiryDate = params.get('forceExpiryDate');
  if (forceExpiryDate) query.forceExpiryDate = forceExpiryDate;
  return query;
}

export { ADAS_PRODUCT_ID } from '../../../../../domain/renewal-guards.ts';

/** The page's SWR key: the product and the query it is asked with. */
export const getRenewalPageKey = (productId: string, query: RenewalQuery) =>
  ['getRenewalPage', productId, query] as const;

/** The page; an order id stored by an earlier attempt (storefront §3 `orderCreated`) is sent once. */
async function getRenewalPage([, productId, query]: ReturnType<typeof getRenewalPageKey>): Promise<RenewalPage> {
  const pendingOrderNo = pendingOrder();
  const page = await request(
    api.GET('/renewal/{productId}', {
      params: { path: { productId }, query: { ...query, ...(pendingOrderNo ? { pendingOrderNo } : {}) } },
    }),
  );
  if (pendingOrderNo) clearPendingOrder();
  return page;
}

export function useRenewalPage(productId: string, query: RenewalQuery) {
  return useSWR(getRenewalPageKey(productId, query), getRenewalPage);
}

/**
 * Starts the page's one call while the app itself is still starting (client/src/boot.tsx), under
 * the key the page will ask for, so the page finds it on its way or already there.
 */
export function preloadRenewalPage(productId: string, search: string, locale: string): void {
  void preload(getRenewalPageKey(productId, renewalQuery(search, locale)), getRenewalPage).catch(() => undefined);
}
