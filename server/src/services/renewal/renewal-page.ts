/**
 * Everything the renewal page shows, in one call (storefront §2 Renewal page, §4 "Renewal page
 * load", §5 "Renewal page guards", §7: content requests in parallel and tolerant of failure, a
 * failed product load fails the page with a 502 logged with the spec's prefix).
 */
import { DAY_MS, expiryState } from '../../../../domain/expiry.ts';
import {
  ADAS_PRODUCT_ID,
  renewalProductGuard,
  RENEWAL_GUARD_ERRORS,
  videoId,
} from '../../../../domain/renewal-guards.ts';
import type { components, operations } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { currentBasket } from '../../upstream/commerce/baskets.ts';
import { orderability, rememberSkipCheckoutControl } from '../checkout/checkout-control.ts';
import {
  categoryOf,
  DEFAULT_TERMS_URL,
  getProduct,
  money,
  offeredVariantsOf,
  planName,
  type CommerceProduct,
} from '../../upstream/commerce/catalog.ts';
import { contentAsset, countriesOf, faqItemsOf, RENEWAL_FAQS_ASSET } from '../../upstream/commerce/content.ts';
import { longDate } from './long-dates.ts';
import { failAbandonedOrder } from '../attempts/settlement.ts';
import { vehicleNotIdentified } from '../identity/page-access.ts';
import { customPreferences } from '../../upstream/commerce/preferences.ts';
import { switchLocale, type Shopper } from '../identity/shopper.ts';
import {
  lookupContext,
  lookupVehicleOrFail,
  rememberVehicle,
  type UpstreamVehicle,
  type VehicleIdentifiers,
} from './vehicle-lookup.ts';

type Schemas = components['schemas'];
type RenewalQuery = NonNullable<operations['getRenewalPage']['parameters']['query']>;

/** Content that may fail without failing the page (logged, never thrown, unless aborted). */
async function tolerant<T>(shopper: Shopper, what: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    shopper.log.warn({ err: error }, `renewal page: ${what} failed`);
    return null;
  }
}

/**
 * Storefront §6: the vehicle comes from the link (token, VIN or encrypted VIN) or else from storage
 * (the vehicle this session looked up, kept 10 days from when it was stored). A customer with
 * neither goes to login or the main page by the region's VCS version (services/identity/page-access.ts,
 * decisions 014 and 016), unless the isADAS flag is set (the ADAS page sets it, §3), when the
 * lookup answers its own 400.
 */
export async function vehicleIdentifiers(
  ctx: AppContext,
  shopper: Shopper,
  query: RenewalQuery,
  pagePath: string,
): Promise<VehicleIdentifiers> {
  if (query.carvin || query.cvin || query.vin || query.evn || query.token) return query;
  const stored = shopper.session.vehicle?.vin;
  if (stored) return { carvin: stored };
  const problem = await vehicleNotIdentified(ctx, shopper, pagePath);
  if (problem) throw problem;
  return query;
}

/** An order left in created from an earlier attempt is marked failed by its attempt's owner; never fails the page. */
async function failPendingOrder(ctx: AppContext, shopper: Shopper, orderNo: string | undefined): Promise<void> {
  if (!orderNo) return;
  await tolerant(shopper, 'pending order', () => failAbandonedOrder(ctx, shopper, orderNo));
}

function renewalProduct(product: CommerceProduct): Schemas['RenewalProduct'] {
  const images = (product.imageGroups ?? []).flatMap((g) => g.images ?? []);
  const benefits = [1, 2, 3].flatMap((n) => {
    const title = product[`c_benefitTitle${n}`];
    const description = product[`c_benefitDescription${n}`];
    if (typeof title !== 'string' || !title) return [];
    const image = product[`c_benefitImage${n}`];
    return [
      {
        title,
        description: typeof description === 'string' ? description : '',
        imageUrl: typeof image === 'string' ? image : null,
      },
    ];
  });
  const video = typeof product.c_videoUrl === 'string' ? product.c_videoUrl : null;
  return {
    id: product.id,
    name: product.name ?? product.id,
    flowType: product.c_flowType === 'VCS' ? 'VCS' : 'CN',
    longDescription: product.longDescription ?? '',
    images: images.map((i) => ({ url: i.disBaseLink ?? i.link, alt: i.alt ?? product.name ?? '' })),
    videoUrl: video && videoId(video) ? video : null,
    benefits,
    termsUrl: typeof product.c_termConditionURL === 'string' ? product.c_termConditionURL : DEFAULT_TERMS_URL,
    userManualUrl: typeof product.c_userManualUrl === 'string' ? product.c_userManualUrl : null,
    oneTimeFee: product.c_oneTimeFee === true,
  };
}

interface ProductView {
  product: Schemas['RenewalProduct'];
  variants: Schemas['RenewalPage']['variants'];
  variantIds: ReadonlySet<string>;
}

/**
 * What the page shows of a product, made once per kept product and currency and locale: the
 * product object stays the same while its cache entry lives (upstream/commerce/catalog.ts), so the view,
 * with its formatted prices, goes with it. Every shopper's answer holds the same objects, so they
 * are frozen: a change meant for one answer throws instead of reaching the others.
 */
const productViews = new WeakMap<CommerceProduct, Map<string, ProductView>>();

function productView(product: CommerceProduct, currency: string, locale: string): ProductView {
  let views = productViews.get(product);
  if (!views) productViews.set(product, (views = new Map()));
  const key = `${currency}|${locale}`;
  let view = views.get(key);
  if (!view) {
    view = {
      product: renewalProduct(product),
      variants: offeredVariantsOf(product).map((v) => ({
        productId: v.productId,
        name: planName(v.duration, v.durationType),
        duration: v.duration,
        durationType: v.durationType,
        price: money(v.price, currency, locale),
      })),
      variantIds: new Set((product.variants ?? []).map((v) => v.productId)),
    };
    deepFreeze(view.product);
    deepFreeze(view.variants);
    views.set(key, view);
  }
  return view;
}

/** Parsed content of an asset, parsed once per kept asset (as the product view above). */
const parsedAssets = new WeakMap<object, Map<(body: string) => unknown, unknown>>();

async function parsedContent<T>(
  ctx: AppContext,
  shopper: Shopper,
  assetId: string,
  parse: (body: string) => T,
): Promise<T> {
  const asset = await contentAsset(ctx, shopper, assetId);
  if (!asset) return parse('');
  let parsed = parsedAssets.get(asset);
  if (!parsed) parsedAssets.set(asset, (parsed = new Map()));
  if (!parsed.has(parse)) parsed.set(parse, deepFreeze(parse(asset.c_body ?? '')));
  return parsed.get(parse) as T;
}

/** Freezes a plain JSON value through and through (the views and parsed assets every answer shares). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface RenewalRequest {
  productId: string;
  query: RenewalQuery;
  /** The request's host is allow-listed for the test flags (TEST_FLAG_HOSTS). */
  testHost: boolean;
  /** The page's own path and query (/service/...), where a restricted shopper comes back to. */
  pagePath: string;
}

export async function renewalPage(
  ctx: AppContext,
  shopper: Shopper,
  request: RenewalRequest,
): Promise<Schemas['RenewalPage']> {
  const { productId, query, testHost } = request;
  if (productId.endsWith('.js.map')) {
    throw new AppError(404, 'product-not-found', 'Product not found', `Product '${productId}' was not found.`);
  }
  // The renewal page is where an owner enters a market (the e-mail link names it): its locale becomes
  // the session's, which the basket and the checkout then sell in (storefront §4 "Renewal page load").
  await switchLocale(shopper, query.locale);
  if (productId === ADAS_PRODUCT_ID && !shopper.session.isADAS) {
    shopper.session.isADAS = true;
    await shopper.persist();
  }
  await rememberSkipCheckoutControl(shopper, query.skipCheckoutControl, testHost);
  const at = { ...shopper, currency: shopper.market.currency };

  // Every read at once: the vehicle and the basket (the shopper's own, never kept) beside the
  // shared reads, mostly answered from memory; the category as soon as the product names it.
  const [vehicle, [product, category], faqs, countries, basket, preferences] = await Promise.all([
    vehicleIdentifiers(ctx, shopper, query, request.pagePath).then((ids) =>
      lookupVehicleOrFail(ctx, shopper, ids, lookupContext(shopper)),
    ),
    getProduct(ctx, at, productId).then(
      async (found) =>
        [
          found,
          found && (await tolerant(shopper, 'category', () => categoryOf(ctx, shopper, found.primaryCategoryId))),
        ] as const,
    ),
    tolerant(shopper, 'FAQ content', () => parsedContent(ctx, shopper, RENEWAL_FAQS_ASSET, faqItemsOf)),
    tolerant(shopper, 'countries content', () => parsedContent(ctx, shopper, 'Countries_List', countriesOf)),
    tolerant(shopper, 'basket', () => currentBasket(ctx, shopper)),
    customPreferences(ctx, shopper.siteId, shopper.market.country, shopper.headers),
    failPendingOrder(ctx, shopper, query.pendingOrderNo),
  ]);
  await rememberVehicle(shopper, vehicle);
  if (!product) {
    throw new AppError(404, 'product-not-found', 'Product not found', `Product '${productId}' was not found.`);
  }

  const guard = renewalProductGuard(product, vehicle.subscriptions ?? []);
  if (!guard.ok) {
    const slug = guard.error === RENEWAL_GUARD_ERRORS.noVariations ? 'no-product-variations' : 'product-mismatch';
    const title = slug === 'no-product-variations' ? 'Product cannot be renewed' : 'Product mismatch';
    throw new AppError(422, slug, title, guard.error, { redirectUrl: guard.redirect });
  }
  checkOwner(shopper, vehicle, testHost, request.pagePath);
  const subscription = (vehicle.subscriptions ?? []).find((s) => s.productId === product.id)!;
  const forced = testHost ? query.forceExpiryDate : undefined;
  const expiryDate = String(forced ?? subscription.expiryDate).slice(0, 10);
  const now = Date.now();
  const state = expiryState(expiryDate, now);
  const daysLeft = Math.ceil((Date.parse(`${expiryDate}T00:00:00Z`) - now) / DAY_MS);
  const skipActive = testHost && query.skipIsActiveCheck === true;
  const oneTimeFee = product.c_oneTimeFee === true;
  const shown = productView(product, shopper.market.currency, shopper.locale);
  const item = (basket?.productItems ?? []).find((i) => shown.variantIds.has(i.productId ?? ''));
  const autoRenewal = preferences.c_showAutoRenewal === true;

  return {
    product: shown.product,
    variants: shown.variants,
    category,
    faqs: faqs ?? [],
    countries: product.c_countriesAsset ? (countries ?? null) : null,
    vehicle: { vin: vehicle.vin, model: vehicle.model, brand: vehicle.brand ?? vehicle.make, market: vehicle.market },
    expiry: {
      state,
      expiryDate: isoDate(Date.parse(`${expiryDate}T00:00:00Z`)),
      formatted: longDate(expiryDate, shopper.locale),
      daysLeft,
    },
    upToDate: state === 'active' && !skipActive,
    showAutoRenewalMessage: autoRenewal === true && !oneTimeFee && state !== 'active',
    pricesIncludeVat: shopper.market.pricesIncludeVat,
    basketItem: item ? { itemId: item.itemId!, variantId: item.productId! } : null,
    ...orderability(shopper, vehicle.vin, product.id, now),
  };
}

/**
 * A registered shopper whose CDC id differs from the vehicle owner's may not see it, unless the
 * host is allow-listed (storefront §5 "Renewal page guards").
 */
function checkOwner(shopper: Shopper, vehicle: UpstreamVehicle, testHost: boolean, pagePath: string): void {
  const owner = (vehicle as UpstreamVehicle & { customer?: { id?: string } }).customer?.id;
  const mine = shopper.session.sapCdcId;
  if (testHost || shopper.session.authType !== 'registered' || !owner || !mine || owner === mine) return;
  const redirectUrl = `/restricted-access?redirectUrl=${encodeURIComponent(pagePath)}`;
  throw new AppError(
    403,
    'restricted-access',
    'Restricted access',
    'This vehicle is not linked to the signed-in customer.',
    {
      redirectUrl,
    },
  );
}
