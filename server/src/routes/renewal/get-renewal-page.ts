/**
 * GET /api/renewal/{productId}: everything the renewal page shows, in one call (storefront §2
 * Renewal page, §4 "Renewal page load", §5 "Renewal page guards", §7: content requests in parallel
 * and tolerant of failure, a failed product load fails the page with a 502 logged with the spec's
 * prefix).
 */
import { formatLongDate } from '../../../../domain/time.ts';
import { DAY_MS, expiryState } from '../../../../domain/expiry.ts';
import { renewalProductGuard, RENEWAL_GUARD_ERRORS, videoId } from '../../../../domain/renewal-guards.ts';
import { zGetRenewalPagePath, zGetRenewalPageQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext, Handler } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { marketOfLocale } from '../../markets.ts';
import { currentBasket } from '../../services/basket.ts';
import { getProduct, money, offeredVariantsOf, planName, type CommerceProduct } from '../../services/catalog.ts';
import { contentAsset, countriesOf, faqItemsOf } from '../../services/content.ts';
import { failOrder, readOrder } from '../../services/orders.ts';
import { marketOf, shopperOf, type Shopper } from '../../services/shopper.ts';
import { lookupVehicleOrFail, rememberVehicle, type UpstreamVehicle } from '../../services/vehicle-lookup.ts';
import { customPreferences } from '../../services/preferences.ts';
import { TtlCache } from '../../services/ttl-cache.ts';
import { parsePath, parseQuery } from '../../validate.ts';

type Schemas = components['schemas'];

/** Content that may fail without failing the page (logged, never thrown, unless aborted). */
async function tolerant<T>(ctx: AppContext, what: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    ctx.logger.warn({ err: error }, `renewal page: ${what} failed`);
    return null;
  }
}

/** Categories change rarely: kept a minute. */
const categories = new TtlCache<Schemas['Category'] | null>(60_000);

function categoryOf(ctx: AppContext, shopper: Shopper, id: string | undefined): Promise<Schemas['Category'] | null> {
  if (!id) return Promise.resolve(null);
  return categories.get(`${shopper.siteId}|${shopper.locale}|${id}`, () => loadCategory(ctx, shopper, id));
}

async function loadCategory(ctx: AppContext, shopper: Shopper, id: string): Promise<Schemas['Category'] | null> {
  const { data } = await ctx.upstreams.commerce.GET(
    '/product/shopper-products/v1/organizations/{organizationId}/categories/{id}',
    {
      params: {
        path: { organizationId: shopper.organizationId, id },
        query: { siteId: shopper.siteId, levels: 1, locale: shopper.locale },
      },
      headers: shopper.headers,
    },
  );
  return data?.id ? { id: data.id, name: data.name ?? data.id } : null;
}

/** An order left in created from an earlier attempt is marked failed; never fails the page. */
async function failPendingOrder(ctx: AppContext, shopper: Shopper, orderNo: string | undefined): Promise<void> {
  if (!orderNo) return;
  await tolerant(ctx, 'pending order', async () => {
    const order = await readOrder(shopper, ctx, orderNo);
    if (order?.status === 'created') {
      await failOrder(shopper, ctx, orderNo, order.customerInfo?.customerName ?? order.customerName);
    }
  });
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
    termsUrl: typeof product.c_termConditionURL === 'string' ? product.c_termConditionURL : '/terms-conditions',
    userManualUrl: typeof product.c_userManualUrl === 'string' ? product.c_userManualUrl : null,
    oneTimeFee: product.c_oneTimeFee === true,
  };
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const getRenewalPage: Handler = async (req, res, ctx) => {
  const { productId } = parsePath(zGetRenewalPagePath, req);
  const query = parseQuery(zGetRenewalPageQuery, req);
  if (productId.endsWith('.js.map')) {
    throw new AppError(404, 'product-not-found', 'Product not found', `Product '${productId}' was not found.`);
  }
  const shopper = await shopperOf(req, res, ctx);
  if (query.locale && marketOfLocale(query.locale) && query.locale !== shopper.session.locale) {
    shopper.session.locale = query.locale;
    shopper.locale = query.locale;
    shopper.market = marketOf(shopper.session);
    await ctx.sessions.save(res, shopper.session);
  }
  const testHost = ctx.config.testFlagHosts.includes(req.hostname.toLowerCase());
  const where = { site: shopper.siteId, country: shopper.market.country, extraMarket: null };
  const at = { ...shopper, currency: shopper.market.currency };
  const assetBody = async (id: string) => (await contentAsset(ctx, shopper, id))?.c_body ?? '';

  const [vehicle, product, faqs, countries, basket] = await Promise.all([
    lookupVehicleOrFail(req, ctx, query, where, shopper.headers),
    getProduct(ctx, at, productId),
    tolerant(ctx, 'FAQ content', async () => faqItemsOf(await assetBody('FAQ_Renewals_Page'))),
    tolerant(ctx, 'countries content', async () => countriesOf(await assetBody('Countries_List'))),
    tolerant(ctx, 'basket', () => currentBasket(shopper, ctx)),
    failPendingOrder(ctx, shopper, query.pendingOrderNo),
  ]);
  await rememberVehicle(res, ctx, shopper.session, vehicle);
  if (!product) {
    throw new AppError(404, 'product-not-found', 'Product not found', `Product '${productId}' was not found.`);
  }
  const category = await tolerant(ctx, 'category', () => categoryOf(ctx, shopper, product.primaryCategoryId));

  const guard = renewalProductGuard(product, vehicle.subscriptions ?? []);
  if (!guard.ok) {
    const slug = guard.error === RENEWAL_GUARD_ERRORS.noVariations ? 'no-product-variations' : 'product-mismatch';
    const title = slug === 'no-product-variations' ? 'Product cannot be renewed' : 'Product mismatch';
    throw new AppError(422, slug, title, guard.error, { redirectUrl: guard.redirect });
  }
  checkOwner(req, shopper, vehicle, testHost);

  const subscription = (vehicle.subscriptions ?? []).find((s) => s.productId === product.id)!;
  const forced = testHost ? query.forceExpiryDate : undefined;
  const expiryDate = String(forced ?? subscription.expiryDate).slice(0, 10);
  const now = Date.now();
  const state = expiryState(expiryDate, now);
  const daysLeft = Math.ceil((Date.parse(`${expiryDate}T00:00:00Z`) - now) / DAY_MS);
  const skipActive = testHost && query.skipIsActiveCheck === true;
  const oneTimeFee = product.c_oneTimeFee === true;
  const variants = offeredVariantsOf(product).map((v) => ({
    productId: v.productId,
    name: planName(v.duration, v.durationType),
    duration: v.duration,
    durationType: v.durationType,
    price: money(v.price, shopper.market.currency, shopper.locale),
  }));
  const variantIds = new Set((product.variants ?? []).map((v) => v.productId));
  const item = (basket?.productItems ?? []).find((i) => variantIds.has(i.productId ?? ''));
  const preferences = await customPreferences(ctx, shopper.siteId, shopper.market.country, shopper.headers);
  const autoRenewal = preferences.c_showAutoRenewal === true;

  const body: Schemas['RenewalPage'] = {
    product: renewalProduct(product),
    variants,
    category,
    faqs: faqs ?? [],
    countries: product.c_countriesAsset ? (countries ?? null) : null,
    vehicle: { vin: vehicle.vin, model: vehicle.model, brand: vehicle.brand ?? vehicle.make, market: vehicle.market },
    expiry: {
      state,
      expiryDate: isoDate(Date.parse(`${expiryDate}T00:00:00Z`)),
      formatted: formatLongDate(expiryDate, shopper.locale),
      daysLeft,
    },
    upToDate: state === 'active' && !skipActive,
    showAutoRenewalMessage: autoRenewal === true && !oneTimeFee && state !== 'active',
    pricesIncludeVat: shopper.market.pricesIncludeVat,
    basketItem: item ? { itemId: item.itemId!, variantId: item.productId! } : null,
  };
  res.setHeader('Cache-Control', 'private, no-store');
  res.json(body);
};

/**
 * A registered shopper whose CDC id differs from the vehicle owner's may not see it, unless the
 * host is allow-listed (storefront §5 "Renewal page guards").
 */
function checkOwner(req: Parameters<Handler>[0], shopper: Shopper, vehicle: UpstreamVehicle, testHost: boolean): void {
  const owner = (vehicle as UpstreamVehicle & { customer?: { id?: string } }).customer?.id;
  const mine = shopper.session.sapCdcId;
  if (testHost || shopper.session.authType !== 'registered' || !owner || !mine || owner === mine) return;
  const redirectUrl = `/restricted-access?redirectUrl=${encodeURIComponent(req.originalUrl.replace(/^\/api\/renewal/, '/service'))}`;
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
