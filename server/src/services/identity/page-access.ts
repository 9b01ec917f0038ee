/**
 * The redirects of storefront §6 (domain/page-access.ts, docs/decisions/016): where a customer goes
 * who has no vehicle identifier on the renewal page, or who is unauthenticated on the checkout or the
 * payment confirmation. The region's selectedVCSVersion chooses the
 * target (11: login, 12: main page); "login" is /test outside production (storefront §2 "sent to
 * /test locally") and in production the identity provider's login with the locale's parameters
 * (storefront §4), built by the one builder of the external login (identity-login.ts startLogin),
 * which remembers the page to come back to.
 */
import {
  guardedPageTypeOf,
  linkNamesOrder,
  linkNamesVehicle,
  noVehicleTarget,
  unauthenticatedTarget,
  type AccessTarget,
  type Customer,
  type PageType,
  type VcsVersion,
} from '../../../../domain/page-access.ts';
import { parseLocalePath } from '../../../../domain/locales.ts';
import { isShopPath } from '../../http/shop-path.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { startLogin } from './identity-login.ts';
import type { Shopper } from './shopper.ts';
import { lookupSettings } from '../renewal/vehicle-lookup.ts';

/** The main page (storefront §2: "The default main page is /home"). */
export const MAIN_PAGE = '/home';
/** The login outside production (storefront §2: "Unauthenticated customers are sent to /test locally"). */
export const LOCAL_LOGIN_PAGE = '/test';

/** The selectedVCSVersion of the shopper's region: the setting that also picks the vehicle lookup's version. */
export async function regionVersion(ctx: AppContext, shopper: Shopper): Promise<VcsVersion> {
  const { version } = await lookupSettings(ctx, shopper.siteId, shopper.market.country, shopper.headers);
  return version === 'v11' ? '11' : '12';
}

/** What §6 asks of the customer: registered, a vehicle in the link or storage, the ADAS flag, a payment return. */
export function customerOf(shopper: Pick<Shopper, 'session'>, query: URLSearchParams): Customer {
  const { session } = shopper;
  return {
    registered: session.authType === 'registered',
    vehicleContext: linkNamesVehicle(query) || Boolean(session.vehicle?.vin) || Boolean(session.mailToken),
    isADAS: session.isADAS === true,
    orderContext: linkNamesOrder(query),
  };
}

/**
 * The URL of a target: a path of the shop without locale prefix (the main page, /test), or in
 * production the identity provider's authorize URL, which comes back to `returnTo` (a path of the
 * shop under its locale prefix) after the login.
 */
export async function targetUrl(
  ctx: AppContext,
  shopper: Shopper,
  target: AccessTarget,
  returnTo: string,
): Promise<string> {
  if (target === 'main') return MAIN_PAGE;
  if (!ctx.config.production) return LOCAL_LOGIN_PAGE;
  const sameOrigin = isShopPath(returnTo);
  const { authorizeUrl } = await startLogin(ctx, shopper.session, shopper, {
    site: shopper.siteId,
    locale: shopper.locale,
    ...(sameOrigin ? { returnTo } : {}),
  });
  return authorizeUrl;
}

/** A path of the shop under the shopper's locale prefix, where the login comes back to. */
const localised = (shopper: Pick<Shopper, 'locale'>, path: string) =>
  parseLocalePath(path).prefix ? path : `/${shopper.locale}${path.startsWith('/') ? '' : '/'}${path}`;

/**
 * §6 first rule on the renewal page (`pagePath`: its path and query without locale prefix): the
 * problem that sends a customer without vehicle identifier to the region's target, or undefined
 * while the ADAS flag is set (the lookup then answers its own 400).
 */
export async function vehicleNotIdentified(
  ctx: AppContext,
  shopper: Shopper,
  pagePath: string,
): Promise<AppError | undefined> {
  const target = noVehicleTarget(customerOf(shopper, new URLSearchParams()), await regionVersion(ctx, shopper));
  if (!target) return undefined;
  return new AppError(
    400,
    'vehicle-not-identified',
    'No vehicle',
    'Neither the link nor the session names a vehicle (token, VIN or encrypted VIN).',
    { redirectUrl: await targetUrl(ctx, shopper, target, localised(shopper, pagePath)) },
  );
}

/**
 * §6 second rule for a page read over the API (the checkout's state, asked by a navigation inside
 * the app): a 401 problem whose redirectUrl is the region's target, or nothing.
 */
export async function requirePageAccess(
  ctx: AppContext,
  shopper: Shopper,
  pageType: PageType,
  pagePath: string,
): Promise<void> {
  const target = unauthenticatedTarget(
    pageType,
    customerOf(shopper, new URLSearchParams()),
    await regionVersion(ctx, shopper),
  );
  if (!target) return;
  throw new AppError(401, 'unauthenticated', 'Not authenticated', 'Log in, or open the link that names your vehicle.', {
    redirectUrl: await targetUrl(ctx, shopper, target, localised(shopper, pagePath)),
  });
}

/**
 * §6 second rule for a page painted on the server (render/pages.ts): where a browser's GET of
 * `url` (path and query as asked) goes instead, or undefined. A shop path comes without locale
 * prefix; the identity provider's login is an absolute URL.
 */
export async function pageRedirect(
  ctx: AppContext,
  shopper: Shopper,
  page: { url: string; prefix: string | undefined },
): Promise<string | undefined> {
  const [pathname = '/', search = ''] = page.url.split('?');
  const rest = page.prefix ? pathname.slice(page.prefix.length + 1) || '/' : pathname;
  const pageType = guardedPageTypeOf(rest);
  if (!pageType) return undefined;
  const customer = customerOf(shopper, new URLSearchParams(search));
  const target = unauthenticatedTarget(pageType, customer, await regionVersion(ctx, shopper));
  if (!target) return undefined;
  return targetUrl(ctx, shopper, target, localised(shopper, page.url));
}
