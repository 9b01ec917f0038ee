// Renewal page guards and vehicle lookup checks: storefront §5 "Renewal page guards", "Vehicle lookup response",
// "Other rules"; storefront §4 "Vehicle lookup" redirects.

export const RENEWAL_GUARD_ERRORS = {
  noVariations: 'No product variations available',
  productMismatch: 'Product mismatch',
} as const;

export function productIdMismatchMessage(productId: string, subscriptionProductId: string): string {
  return `Product ID ${productId} does not match subscription product ID ${subscriptionProductId}`;
}

export const GENERIC_ERROR_PATH = '/generic-error';

export type RenewalGuardResult = { ok: true } | { ok: false; redirect: typeof GENERIC_ERROR_PATH; error: string };

/**
 * The product must have variations and its id must match one of the customer's subscriptions. Failures go to
 * /generic-error with the error. No subscription product id at all → "Product mismatch".
 */
export function renewalProductGuard(
  product: { id: string; variants?: readonly unknown[] | null },
  subscriptions: ReadonlyArray<{ productId?: string | null }> | null | undefined,
): RenewalGuardResult {
  const fail = (error: string): RenewalGuardResult => ({ ok: false, redirect: GENERIC_ERROR_PATH, error });
  if (!product.variants || product.variants.length === 0) return fail(RENEWAL_GUARD_ERRORS.noVariations);
  const ids = (subscriptions ?? []).map((s) => s.productId).filter((id): id is string => Boolean(id));
  if (ids.length === 0) return fail(RENEWAL_GUARD_ERRORS.productMismatch);
  if (!ids.includes(product.id)) return fail(productIdMismatchMessage(product.id, ids[0] as string));
  return { ok: true };
}

/** Only variants with a price above zero are offered. */
export function offeredVariants<T extends { price?: number | null }>(variants: readonly T[] | null | undefined): T[] {
  return (variants ?? []).filter((v) => typeof v.price === 'number' && v.price > 0);
}

export const PLAN_SELECTOR_ERROR = 'Plan selector error';

// ---- Vehicle lookup -------------------------------------------------------------------------------------

export interface VehicleLookupResponse {
  status: number;
  vehicles?: ReadonlyArray<{ make?: string | null; market?: string | null }> | null;
}

export type VehicleLookupOutcome =
  | { kind: 'success' }
  | { kind: 'marketError'; error: 'Market Error' }
  | { kind: 'brandError'; error: 'Brand Error' }
  | { kind: 'notFound' }
  | { kind: 'genericError'; error: string };

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase() && (a ?? '').trim() !== '';

/**
 * Needs status 200-300 and at least one vehicle; the make must equal the storefront brand ('Brand Error'); the
 * market must equal the current country or the extra market ('Market Error'). A 404 is "not found".
 */
export function checkVehicleLookup(
  response: VehicleLookupResponse,
  context: { brand: string; country: string; extraMarket?: string | null },
): VehicleLookupOutcome {
  if (response.status === 404) return { kind: 'notFound' };
  if (response.status < 200 || response.status > 300) {
    return { kind: 'genericError', error: `Vehicle lookup failed with status ${response.status}` };
  }
  const vehicle = response.vehicles?.[0];
  if (!vehicle) return { kind: 'genericError', error: 'No vehicle found' };
  if (!same(vehicle.make, context.brand)) return { kind: 'brandError', error: 'Brand Error' };
  if (!same(vehicle.market, context.country) && !same(vehicle.market, context.extraMarket)) {
    return { kind: 'marketError', error: 'Market Error' };
  }
  return { kind: 'success' };
}

/** Redirect for a lookup outcome: market → /invalid-market-vin, brand → /invalid-brand-vin, 404 → /vin-error, else /generic-error. */
export function vehicleLookupRedirect(outcome: VehicleLookupOutcome): { path: string; error?: string } | undefined {
  switch (outcome.kind) {
    case 'success':
      return undefined;
    case 'marketError':
      return { path: '/invalid-market-vin' };
    case 'brandError':
      return { path: '/invalid-brand-vin' };
    case 'notFound':
      return { path: '/vin-error' };
    case 'genericError':
      return { path: GENERIC_ERROR_PATH, error: outcome.error };
  }
}

// ---- Other rules ----------------------------------------------------------------------------------------------

export const VIDEO_ID_LENGTH = 11;

/** Extracts a video id from a link (watch?v=, youtu.be/, /embed/ or a bare id); it counts only if 11 characters. */
export function videoId(link: string | null | undefined): string | undefined {
  const value = (link ?? '').trim();
  const match = /(?:[?&]v=|youtu\.be\/|\/embed\/|\/shorts\/)([^?&#/]+)/.exec(value);
  const id = match ? match[1] : /^[\w-]+$/.test(value) ? value : undefined;
  return id && id.length === VIDEO_ID_LENGTH ? id : undefined;
}

/** The ADAS feature the /product page renews when no product is named (storefront §2 /product). */
export const ADAS_PRODUCT_ID = 'vcs-adaptive-cruise';
