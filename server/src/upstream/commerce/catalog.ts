/**
 * Catalogue reads: a product with all images and its variants (storefront §3 Product, §7 "product
 * by id with allImages=true"), kept in memory per site, currency and locale (SHARED_READS: fresh a
 * minute, then refreshed in the background) because the renewal page and every basket view read
 * the same few products.
 */
import { offeredVariants } from '../../../../domain/renewal-guards.ts';
import { formatPrice } from '../../../../domain/price.ts';
import type { components as CommerceComponents } from '../../../../generated/commerce/types.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError, upstreamError } from '../../errors.ts';
import type { Shopper } from '../../services/identity/shopper.ts';
import { cachePerUpstreams, SHARED_READS, staleServed } from '../../services/platform/ttl-cache.ts';

type Schemas = components['schemas'];
export type CommerceProduct = CommerceComponents['schemas']['Product'] & Record<string, unknown>;

const products = cachePerUpstreams<CommerceProduct | null>(SHARED_READS);

/** A product's terms page when it names none (storefront §3 Product c_termConditionURL). */
export const DEFAULT_TERMS_URL = '/terms-conditions';

/** Money as the proxy answers it: the amount, its currency and the locale's formatting (zero decimals dropped). */
export function money(value: number, currency: string, locale: string): Schemas['Money'] {
  return { value, currency, formatted: formatPrice(value, currency, locale) ?? `${value} ${currency}` };
}

/**
 * The product, or null when the platform does not know it (404). Other failures throw the
 * renewal loader's 502 with the spec's log prefix (storefront §8) when no copy is kept; a kept
 * copy past its minute is served while a failed refresh is logged.
 */
export function getProduct(
  ctx: AppContext,
  where: { siteId: string; locale: string; currency: string; headers: { Authorization: string } },
  productId: string,
): Promise<CommerceProduct | null> {
  const key = `${where.siteId}|${where.currency}|${where.locale}|${productId}`;
  return products(ctx.upstreams).get(
    key,
    () => loadProduct(ctx, where, productId),
    staleServed(ctx.logger, 'product', key),
  );
}

async function loadProduct(
  ctx: AppContext,
  where: { siteId: string; locale: string; currency: string; headers: { Authorization: string } },
  productId: string,
): Promise<CommerceProduct | null> {
  const { data, response } = await ctx.upstreams.commerce
    .GET('/product/shopper-products/v1/organizations/{organizationId}/products/{id}', {
      params: {
        path: { organizationId: ctx.config.credentials.commerce.organizationId, id: productId },
        query: { siteId: where.siteId, allImages: true, locale: where.locale, currency: where.currency },
      },
      headers: where.headers,
    })
    .catch((cause: unknown) => {
      throw productLoadFailed(ctx, productId, cause instanceof Error ? cause.message : 'unreachable');
    });
  if (response.status === 404) return null;
  if (!data) throw productLoadFailed(ctx, productId, `the commerce platform answered ${response.status}`);
  // A wrongly typed answer is a failed load, never cached as the product (issue 17's fault table).
  if (typeof data.id !== 'string') throw productLoadFailed(ctx, productId, 'the commerce platform answered no product');
  return data as CommerceProduct;
}

export function productLoadFailed(ctx: AppContext, productId: string, reason: string): AppError {
  const detail = `VCS PWA - ERROR - product-renewal: ${reason} for product ${productId}`;
  ctx.logger.error(detail);
  return new AppError(502, 'product-load-failed', 'Unable to Load Page', detail);
}

export interface VariantInfo {
  productId: string;
  masterId: string;
  duration: number;
  durationType: Schemas['DurationType'];
  price: number;
}

/** 'y' means year, otherwise month (storefront §3); a one-time product sells once. */
export function durationTypeOf(raw: unknown, oneTimeFee: boolean): Schemas['DurationType'] {
  if (oneTimeFee) return 'once';
  return raw === 'y' || raw === 'year' ? 'year' : 'month';
}

/** The master's variants with duration and price. */
export function variantsOf(product: CommerceProduct): VariantInfo[] {
  const oneTimeFee = product.c_oneTimeFee === true;
  return (product.variants ?? []).map((v) => {
    const values = (v.variationValues ?? {}) as Record<string, string | undefined>;
    return {
      productId: v.productId,
      masterId: product.id,
      duration: oneTimeFee ? 0 : Number(values.subscriptionDuration ?? 0) || 0,
      durationType: durationTypeOf(values.subscriptionDurationType, oneTimeFee),
      price: typeof v.price === 'number' ? v.price : 0,
    };
  });
}

/** "1 year", "2 years", "6 months", "One-time purchase" (English; the client translates by duration). */
export function planName(duration: number, durationType: Schemas['DurationType']): string {
  if (durationType === 'once') return 'One-time purchase';
  const unit = durationType === 'year' ? 'year' : 'month';
  return `${duration} ${unit}${duration === 1 ? '' : 's'}`;
}

/** The offered variants of a master (price above zero, storefront §5), shortest first. */
export function offeredVariantsOf(master: CommerceProduct): VariantInfo[] {
  const months = (v: VariantInfo) => v.duration * (v.durationType === 'year' ? 12 : 1);
  return offeredVariants(variantsOf(master)).sort((a, b) => months(a) - months(b));
}

/** A basket or order line's product: its master (the product shoppers know) and the variant's plan. */
export async function planOf(
  ctx: AppContext,
  where: { siteId: string; locale: string; currency: string; headers: { Authorization: string } },
  variantId: string,
): Promise<{ masterId: string; master: CommerceProduct | null; plan: VariantInfo | undefined }> {
  const variant = await getProduct(ctx, where, variantId);
  const masterId = (variant?.master as { masterId?: string } | undefined)?.masterId ?? variantId;
  const master = masterId === variantId ? variant : await getProduct(ctx, where, masterId);
  return { masterId, master, plan: master ? variantsOf(master).find((v) => v.productId === variantId) : undefined };
}

/** The total's VAT lines where prices include VAT (storefront §2: "Subtotal excl. VAT" and "VAT"). */
export function vatLinesOf(
  total: number,
  tax: number,
  pricesIncludeVat: boolean,
  m: (value: number) => Schemas['Money'],
): { subtotalExclVat?: Schemas['Money']; vat?: Schemas['Money'] } {
  return pricesIncludeVat ? { subtotalExclVat: m(Math.round((total - tax) * 100) / 100), vat: m(tax) } : {};
}

/** Categories change rarely: shared per site and locale (SHARED_READS). */
const categories = cachePerUpstreams<Schemas['Category'] | null>(SHARED_READS);

/** The category, or null when there is none (404); throws when the platform fails, so no failure is kept. */
export function categoryOf(
  ctx: AppContext,
  shopper: Pick<Shopper, 'siteId' | 'locale' | 'organizationId' | 'headers'>,
  id: string | undefined,
): Promise<Schemas['Category'] | null> {
  if (!id) return Promise.resolve(null);
  const key = `${shopper.siteId}|${shopper.locale}|${id}`;
  return categories(ctx.upstreams).get(
    key,
    () => loadCategory(ctx, shopper, id),
    staleServed(ctx.logger, 'category', key),
  );
}

async function loadCategory(
  ctx: AppContext,
  shopper: Pick<Shopper, 'siteId' | 'locale' | 'organizationId' | 'headers'>,
  id: string,
): Promise<Schemas['Category'] | null> {
  const { data, response } = await ctx.upstreams.commerce.GET(
    '/product/shopper-products/v1/organizations/{organizationId}/categories/{id}',
    {
      params: {
        path: { organizationId: shopper.organizationId, id },
        query: { siteId: shopper.siteId, levels: 1, locale: shopper.locale },
      },
      headers: shopper.headers,
    },
  );
  if (response.status === 404) return null;
  if (!data) throw upstreamError('commerce');
  // An answer of another shape than the contract's is a failure (never cached, never passed on).
  if (typeof data.id !== 'string' || (data.name !== undefined && typeof data.name !== 'string')) {
    ctx.logger.warn({ upstream: 'commerce', categoryId: id }, 'category answered in another shape than the contract');
    throw upstreamError('commerce');
  }
  return data.id ? { id: data.id, name: data.name ?? data.id } : null;
}
