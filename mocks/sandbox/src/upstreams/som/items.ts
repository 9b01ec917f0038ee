/**
 * An order-management item of a commerce product: the variant a product id names, its term, picture
 * and feature type, as the seed's orders and the orders placed through the commerce stand-in carry them.
 */
import { PRODUCTS, type Product, type Variant } from '../../seed.ts';
import { localizedProduct, localizedVariantName } from '../commerce/product-i18n.ts';
import type { OmsItem, OmsStatus } from './model.ts';

/** Put for the sandbox's commerce image host in every answer (index.ts), as the platform's image links are. */
export const IMAGE_BASE = '{imageBase}';

export function findVariant(productId: string): { product: Product; variant: Variant } | undefined {
  for (const product of PRODUCTS) {
    const variant = product.variants.find((v) => v.productId === productId);
    if (variant) return { product, variant };
    if (product.id === productId && product.variants[0]) return { product, variant: product.variants[0] };
  }
  return undefined;
}

/**
 * A recorded product or variant name as the order system answers it for a request's `locale` (account
 * §7: History, Details and SubscriptionList take the locale): the catalogue's name in that language
 * (the commerce stand-in's product texts); a name the catalogue does not give stays as recorded.
 */
export function localizedName(productId: string, name: string, locale: string | undefined): string {
  const found = findVariant(productId);
  if (!found || !locale) return name;
  const { product, variant } = found;
  if (name === product.name) return localizedProduct(product, locale).name;
  if (name === variant.name) return localizedVariantName(product, variant, locale);
  return name;
}

export function featureTypeOf(product: Product): string {
  if (product.flowType === 'CN') return 'Connected Navigation';
  return product.name;
}

export function productImage(product: Product): string {
  return `${IMAGE_BASE}${product.images[0] ?? `/images/${product.id}.jpg`}`;
}

export function termOf(variant: Variant): { termMonths: number | null; termType: 'Month' | 'Year' | null } {
  if (variant.subscriptionDurationType === 'o') return { termMonths: null, termType: null };
  if (variant.subscriptionDurationType === 'y')
    return { termMonths: variant.subscriptionDuration * 12, termType: 'Year' };
  return { termMonths: variant.subscriptionDuration, termType: 'Month' };
}

export function buildItem(
  id: string,
  productId: string,
  status: OmsStatus,
  amount: number,
  subscriptionType = 'Renewal',
): OmsItem {
  const found = findVariant(productId);
  if (!found) {
    return {
      id,
      name: productId,
      productId,
      serviceId: productId,
      status,
      subscriptionType,
      image: null,
      termMonths: null,
      termType: null,
      featureType: 'Connected Navigation',
      isRefunded: false,
      amount,
      userManualUrl: null,
    };
  }
  const { product, variant } = found;
  const term = termOf(variant);
  return {
    id,
    name: variant.name,
    productId: variant.productId,
    serviceId: product.id,
    status,
    subscriptionType,
    image: productImage(product),
    termMonths: term.termType === 'Year' ? variant.subscriptionDuration : term.termMonths,
    termType: term.termType,
    featureType: featureTypeOf(product),
    isRefunded: false,
    amount,
    userManualUrl: product.userManualUrl,
  };
}
