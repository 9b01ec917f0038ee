/**
 * Catalogue reads: a product with all images and its variants (storefront §3 Product, §7 "product
 * by id with allImages=true"), kept a minute in memory per site, currency and locale because the
 * renewal page and every basket view read the same few products.
 */
import { formatPrice } from '../../../domain/price.ts';
import type { components as CommerceComponents } from '../../../generated/commerce/types.ts';
import type { components } from '../../../generated/proxy/types.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { TtlCache } from './ttl-cache.ts';

type Schemas = components['schemas'];
export type CommerceProduct = CommerceComponents['schemas']['Product'] & Record<string, unknown>;

const products = new TtlCache<CommerceProduct | null>(60_000);

/** Money as the proxy answers it: the amount, its currency and the locale's formatting (zero decimals dropped). */
export function money(value: number, currency: string, locale: string): Schemas['Money'] {
  return { value, currency, formatted: formatPrice(value, currency, locale) ?? `${value} ${currency}` };
}

/**
 * The product, or null when the platform does not know it (404). Other failures throw the
 * renewal loader's 502 with the spec's log prefix (storefront §8).
 */
export function getProduct(
  ctx: AppContext,
  where: { siteId: string; locale: string; currency: string; headers: { Authorization: string } },
  productId: string,
): Promise<CommerceProduct | null> {
  return products.get(`${where.siteId}|${where.currency}|${where.locale}|${productId}`, async () => {
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
    return data as CommerceProduct;
  });
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

/** The master id of a variant id of the known catalogue shape (`<master>-<suffix>`), by asking the platform. */
export async function masterOf(
  ctx: AppContext,
  where: { siteId: string; locale: string; currency: string; headers: { Authorization: string } },
  variantId: string,
): Promise<CommerceProduct | null> {
  const variant = await getProduct(ctx, where, variantId);
  const masterId = (variant?.master as { masterId?: string } | undefined)?.masterId;
  return masterId ? getProduct(ctx, where, masterId) : variant;
}
