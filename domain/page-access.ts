/**
 * The redirects of storefront §6 (docs/decisions/016):
 * - "A customer with no vehicle identifier (token, VIN or encrypted VIN in the link or storage) is
 *   redirected to login or the main page, unless an ADAS flag is set."
 * - "Unauthenticated customers are redirected to login on most pages. Exceptions are listing,
 *   feature, test, loqate, error, account, terms and ADAS pages, and cases where a mail token or VIN
 *   context applies. Which case applies depends on a per-region setting of the selected VCS
 *   version."
 * The region's selectedVCSVersion chooses between the two targets: 11 sends to login, 12 (the
 * default) to the main page.
 */

import { matchPage, type PageType } from './pages.ts';

export type { PageType };

/** Where a redirected customer goes: the login, or the main page (/home). */
export type AccessTarget = 'login' | 'main';

/** The region's selectedVCSVersion custom preference (storefront §3 Site). */
export type VcsVersion = '11' | '12';

/** '11' only when the preference says 11; anything else (absent, unreadable, 12) is the default 12. */
export function vcsVersionOf(preference: unknown): VcsVersion {
  return String(preference ?? '12') === '11' ? '11' : '12';
}

/** Login in a region on VCS version 11, the main page on 12. */
export function targetFor(version: VcsVersion): AccessTarget {
  return version === '11' ? 'login' : 'main';
}

/**
 * The page types where an unauthenticated customer is not redirected: the exceptions of §6, plus
 * the pages that must never redirect, lest the redirect loop or hide a fault: the login redirect
 * (/callback*, /subscriptions-redirect: they complete or start the login), maintenance and
 * restricted access (where other rules send the customer), the UI kit, a test and developer
 * page of §2 like /test, and the language splash page: it only asks for a language and sends the
 * customer on to "the same path and search under the chosen locale" (§2), where this rule applies;
 * redirecting it would take a Belgian visitor to another country's main page before choosing.
 */
export const EXEMPT_PAGE_TYPES: ReadonlySet<PageType> = new Set<PageType>([
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
  'splash',
]);

export interface Customer {
  /** A logged-in registered customer (storefront §4: a registered refresh token is present). */
  registered: boolean;
  /** A token, VIN or encrypted VIN in the link, or a vehicle or mail token in storage. */
  vehicleContext: boolean;
  /** The isADAS flag (storefront §3), set once the ADAS page was opened. */
  isADAS: boolean;
  /**
   * The page's link carries an order's payment return (orderNo, redirectResult, setup_intent,
   * payment_intent): the order names its vehicle. Counts on the payment confirmation only.
   */
  orderContext?: boolean;
}

/**
 * §6 first rule, for a page that shows one vehicle (the renewal page): undefined while a vehicle is
 * identified or the ADAS flag is set; otherwise the region's target. A registered customer is
 * logged in already: the login would bring them back here, so they go to the main page.
 */
export function noVehicleTarget(customer: Customer, version: VcsVersion): AccessTarget | undefined {
  if (customer.vehicleContext || customer.isADAS) return undefined;
  return customer.registered ? 'main' : targetFor(version);
}

/**
 * §6 second rule: undefined when the customer may see a page of this type (an exempt type, a
 * registered customer, a vehicle context, a payment return with its order); otherwise the region's
 * target. A page of no §2 type (the order confirmation, the help centre) is not redirected.
 */
export function unauthenticatedTarget(
  pageType: PageType | undefined,
  customer: Customer,
  version: VcsVersion,
): AccessTarget | undefined {
  if (pageType === undefined || EXEMPT_PAGE_TYPES.has(pageType)) return undefined;
  if (customer.registered || customer.vehicleContext) return undefined;
  if (pageType === 'payment-confirmation' && customer.orderContext) return undefined;
  return targetFor(version);
}

/** The link parameters that name a vehicle (storefront §2 Renewal page: token, carvin/cvin, vin/evn). */
export const VEHICLE_LINK_PARAMETERS = ['token', 'carvin', 'cvin', 'vin', 'evn'] as const;

/** The return parameters of a payment redirect to /payment-confirmation (place-order's returnUrl, the providers'). */
export const ORDER_RETURN_PARAMETERS = ['orderNo', 'redirectResult', 'setup_intent', 'payment_intent'] as const;

const has = (query: URLSearchParams, names: readonly string[]) => names.some((name) => Boolean(query.get(name)));

/** The link names a vehicle. */
export const linkNamesVehicle = (query: URLSearchParams): boolean => has(query, VEHICLE_LINK_PARAMETERS);

/** The link carries a payment return of an order. */
export const linkNamesOrder = (query: URLSearchParams): boolean => has(query, ORDER_RETURN_PARAMETERS);

/**
 * The page type of a path the §6 second rule can redirect (the checkout, the payment confirmation);
 * undefined for every other page. `rest` is the path without its locale prefix (storefront §2: "A
 * checkout path is an optional locale prefix followed by /checkout").
 */
export function guardedPageTypeOf(rest: string): PageType | undefined {
  const { page } = matchPage(rest);
  return page.guarded ? page.type : undefined;
}
