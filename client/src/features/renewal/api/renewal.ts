/**
 * The renewal page's data (GET /api/renewal/{productId}, one call) and the renew action
 * (POST /api/basket/items). Which cached reads the renew action changes: the session's basket
 * count and the basket (both revalidated by the caller through SWR's mutate).
 */
import { preload } from 'swr';
import { api, ApiError, CSRF, request, type components } from '../../../lib/api.ts';

export type RenewalPage = components['schemas']['RenewalPage'];
export type Variant = components['schemas']['Variant'];

/** The link's query parameters the proxy understands (storefront §2 Renewal page). */
const PASSED = ['token', 'carvin', 'cvin', 'vin', 'evn', 'skipIsActiveCheck', 'forceExpiryDate', 'skipCheckoutControl'];

/** The order id stored by an earlier attempt (storefront §3 session value `orderCreated`). */
export const ORDER_CREATED_KEY = 'orderCreated';

export function renewalQuery(search: string, locale: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const query: Record<string, string> = { locale };
  for (const name of PASSED) {
    const value = params.get(name);
    if (value) query[name] = value;
  }
  return query;
}

/** The ADAS feature the /product page renews when no product is named. */
export const ADAS_PRODUCT_ID = 'vcs-adaptive-cruise';

/** The renewal page's SWR key: the product and the query it is asked with. */
export const renewalKey = (productId: string, query: Record<string, string>) =>
  ['renewal', productId, JSON.stringify(query)] as const;

/**
 * Starts the page's one call while the app itself is still starting (client/src/boot.tsx), under
 * the key the page will ask for, so the page finds it on its way or already there.
 */
export function preloadRenewalPage(productId: string, search: string, locale: string): void {
  const query = renewalQuery(search, locale);
  void preload(renewalKey(productId, query), () => fetchRenewalPage(productId, query)).catch(() => undefined);
}

export async function fetchRenewalPage(productId: string, query: Record<string, string>): Promise<RenewalPage> {
  let pendingOrderNo: string | null;
  try {
    pendingOrderNo = sessionStorage.getItem(ORDER_CREATED_KEY);
  } catch {
    pendingOrderNo = null;
  }
  const page = await request(
    api.GET('/renewal/{productId}', {
      params: {
        path: { productId },
        query: { ...query, ...(pendingOrderNo ? { pendingOrderNo } : {}) } as never,
      },
    }),
  );
  if (pendingOrderNo) {
    try {
      sessionStorage.removeItem(ORDER_CREATED_KEY);
    } catch {
      // Storage unavailable: nothing to clear.
    }
  }
  return page;
}

export async function renewItem(productId: string, variantId: string, vin: string): Promise<void> {
  await request(api.POST('/basket/items', { params: { header: CSRF }, body: { productId, variantId, vin } }));
}

export { ApiError };
