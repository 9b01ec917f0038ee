/**
 * The catalogue from the seed: products with variants and prices per currency, categories, image
 * groups with absolute links to the sandbox's SVG placeholders, and the shop's `c_*` attributes.
 */
import express, { type Router } from 'express';
import type { SandboxContext } from '../../app.ts';
import { MARKETS, PRODUCTS, type Product, type Variant } from '../../seed.ts';
import { requireShopper } from './auth.ts';
import { badRequest, problem, type Schemas } from './errors.ts';
import { query, requireOrgAndSite } from './http.ts';
import { durationName, localizedProduct } from './product-i18n.ts';

/** The currencies the sites sell in (those of the markets). */
export const CURRENCIES: readonly string[] = [...new Set(Object.values(MARKETS).map((m) => m.currency))];
/** SCAPI's LocaleCode: a language and country, a language, or `default` (shopper-products reference). */
const LOCALE_CODE = /^([a-z][a-z]-[A-Z][A-Z]|[a-z][a-z]|default)$/;
const badLocale = (locale: string | undefined) => locale !== undefined && !LOCALE_CODE.test(locale);

/** The sites' default currency (the default market, GB). */
export const DEFAULT_CURRENCY = 'GBP';

export function findVariant(productId: string): { product: Product; variant: Variant } | undefined {
  for (const product of PRODUCTS) {
    const variant = product.variants.find((v) => v.productId === productId);
    if (variant) return { product, variant };
  }
  return undefined;
}

export function imageUrl(context: SandboxContext, path: string): string {
  return `${context.baseUrl()}/commerce${path}`;
}

const TYPE_NAMES: Record<Variant['subscriptionDurationType'], string> = { m: 'Months', y: 'Years', o: 'One-time fee' };

export function renderProduct(
  context: SandboxContext,
  seedProduct: Product,
  currency: string,
  siteId: string,
  locale?: string,
): Schemas['Product'] {
  const product = localizedProduct(seedProduct, locale);
  const prices = product.variants.map((v) => v.prices[currency] ?? 0);
  const durations = [...new Map(product.variants.map((v) => [String(v.subscriptionDuration), v])).values()];
  const types = [...new Set(product.variants.map((v) => v.subscriptionDurationType))];
  const result: Schemas['Product'] & Record<string, unknown> = {
    id: product.id,
    name: product.name,
    brand: siteId,
    currency,
    primaryCategoryId: product.primaryCategoryId,
    longDescription: product.longDescription,
    shortDescription: product.longDescription.replace(/<[^>]+>/g, ''),
    price: Math.min(...prices),
    priceMax: Math.max(...prices),
    type: { master: true },
    imageGroups: [
      {
        viewType: 'large',
        images: product.images.map((path, index) => ({
          link: imageUrl(context, path),
          disBaseLink: imageUrl(context, path),
          alt: index === 0 ? product.name : `${product.name} ${index + 1}`,
          title: product.name,
        })),
      },
    ],
    variationAttributes: [
      {
        id: 'subscriptionDuration',
        name: 'Subscription duration',
        values: durations.map((v) => ({
          value: String(v.subscriptionDuration),
          name: durationName(v.subscriptionDuration, v.subscriptionDurationType, locale),
          orderable: true,
        })),
      },
      {
        id: 'subscriptionDurationType',
        name: 'Subscription duration type',
        values: types.map((t) => ({ value: t, name: TYPE_NAMES[t], orderable: true })),
      },
    ],
    variants: product.variants.map((v) => ({
      productId: v.productId,
      orderable: true,
      price: v.prices[currency] ?? 0,
      variationValues: {
        subscriptionDuration: String(v.subscriptionDuration),
        subscriptionDurationType: v.subscriptionDurationType,
      },
    })),
    c_userManualUrl: product.userManualUrl,
    c_termConditionURL: product.termConditionURL,
    c_flowType: product.flowType,
    c_oneTimeFee: product.oneTimeFee,
  };
  if (product.videoUrl) result.c_videoUrl = product.videoUrl;
  if (product.countriesAsset) result.c_countriesAsset = product.countriesAsset;
  product.benefits.slice(0, 3).forEach((benefit, index) => {
    result[`c_benefitTitle${index + 1}`] = benefit.title;
    result[`c_benefitDescription${index + 1}`] = benefit.description;
    result[`c_benefitImage${index + 1}`] = imageUrl(context, benefit.image);
  });
  return result;
}

/** A variant read directly: the variant with its master and variation values. */
function renderVariant(
  context: SandboxContext,
  product: Product,
  variant: Variant,
  currency: string,
  siteId: string,
  locale?: string,
): Schemas['Product'] {
  const master = renderProduct(context, product, currency, siteId, locale);
  const name = localizedProduct(product, locale).variants.find((v) => v.productId === variant.productId)?.name;
  return {
    ...master,
    id: variant.productId,
    name: name ?? variant.name,
    price: variant.prices[currency] ?? 0,
    priceMax: variant.prices[currency] ?? 0,
    type: { variant: true },
    master: { masterId: product.id, orderable: true, price: master.price, priceMax: master.priceMax },
    variationValues: {
      subscriptionDuration: String(variant.subscriptionDuration),
      subscriptionDurationType: variant.subscriptionDurationType,
    },
  };
}

interface CategoryInfo {
  id: string;
  name: string;
  description: string;
  parentCategoryId: string;
}

const CATEGORIES: CategoryInfo[] = [
  { id: 'root', name: 'Storefront catalogue', description: 'All products.', parentCategoryId: '' },
  {
    id: 'connected-services',
    name: 'Connected Services',
    description: 'Subscriptions for your connected vehicle.',
    parentCategoryId: 'root',
  },
  {
    id: 'driver-assistance',
    name: 'Driver Assistance',
    description: 'Driver assistance features for your vehicle.',
    parentCategoryId: 'root',
  },
];

function renderCategory(context: SandboxContext, info: CategoryInfo, levels: number): Schemas['Category'] {
  const children = CATEGORIES.filter((c) => c.parentCategoryId === info.id);
  const category: Schemas['Category'] = {
    id: info.id,
    name: info.name,
    description: info.description,
    image: imageUrl(context, `/images/category-${info.id}.jpg`),
    thumbnail: imageUrl(context, `/images/category-${info.id}-thumb.jpg`),
    onlineSubCategoriesCount: children.length,
  };
  if (info.parentCategoryId) category.parentCategoryId = info.parentCategoryId;
  if (levels > 0 && children.length > 0)
    category.categories = children.map((c) => renderCategory(context, c, levels - 1));
  return category;
}

function svgPlaceholder(name: string): string {
  const label = name
    .replace(/\.[a-z]+$/i, '')
    .replace(/[-_]/g, ' ')
    .replace(/[<>&"']/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450"><rect width="800" height="450" fill="#dfe6ee"/><path d="M0 360 L220 220 L380 320 L540 180 L800 360 L800 450 L0 450 Z" fill="#b5c3d1"/><circle cx="640" cy="110" r="48" fill="#f2c14e"/><text x="400" y="60" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#33414e">${label}</text></svg>`;
}

/** Resolves the request currency: the `currency` parameter or the sites' default. */
function requestCurrency(currency: string | undefined): string | undefined {
  if (currency === undefined) return DEFAULT_CURRENCY;
  return CURRENCIES.includes(currency) ? currency : undefined;
}

export function productsRouter(context: SandboxContext): Router {
  const router = express.Router({ mergeParams: true });
  router.use(requireOrgAndSite, requireShopper(context));

  router.get('/products', (req, res) => {
    const currency = requestCurrency(query(req, 'currency'));
    if (!currency) return badRequest(res, `The value of parameter 'currency' is not valid.`);
    const ids = (query(req, 'ids') ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    if (ids.length === 0 || ids.length > 100) return badRequest(res, `The value of parameter 'ids' is not valid.`);
    if (badLocale(query(req, 'locale'))) return badRequest(res, `The value of parameter 'locale' is not valid.`);
    const siteId = res.locals.siteId as string;
    const data: Schemas['Product'][] = [];
    for (const id of ids) {
      const master = PRODUCTS.find((p) => p.id === id);
      if (master) data.push(renderProduct(context, master, currency, siteId, query(req, 'locale')));
      else {
        const found = findVariant(id);
        if (found)
          data.push(renderVariant(context, found.product, found.variant, currency, siteId, query(req, 'locale')));
      }
    }
    const result: Schemas['ProductResult'] = { limit: data.length, total: data.length, data };
    res.json(result);
  });

  router.get('/products/:id', (req, res) => {
    const currency = requestCurrency(query(req, 'currency'));
    if (!currency) return badRequest(res, `The value of parameter 'currency' is not valid.`);
    if (badLocale(query(req, 'locale'))) return badRequest(res, `The value of parameter 'locale' is not valid.`);
    const siteId = res.locals.siteId as string;
    const id = req.params.id;
    const master = PRODUCTS.find((p) => p.id === id);
    if (master) return void res.json(renderProduct(context, master, currency, siteId, query(req, 'locale')));
    const found = findVariant(id);
    if (found)
      return void res.json(
        renderVariant(context, found.product, found.variant, currency, siteId, query(req, 'locale')),
      );
    problem(
      res,
      404,
      'product-not-found',
      'Product Not Found',
      `No product with ID '${id}' for site '${siteId}' could be found.`,
    );
  });

  router.get('/categories/:id', (req, res) => {
    const levelsText = query(req, 'levels');
    const levels = levelsText === undefined ? 1 : Number(levelsText);
    if (![0, 1, 2].includes(levels)) return badRequest(res, `The value of parameter 'levels' is not valid.`);
    if (badLocale(query(req, 'locale'))) return badRequest(res, `The value of parameter 'locale' is not valid.`);
    const info = CATEGORIES.find((c) => c.id === req.params.id);
    if (!info)
      return problem(
        res,
        404,
        'category-not-found',
        'Category Not Found',
        `No category with ID '${req.params.id}' for site '${res.locals.siteId as string}' could be found.`,
      );
    res.json(renderCategory(context, info, levels));
  });

  return router;
}

/** The SVG placeholders behind every image link (`/commerce/images/...`). */
export function imagesRouter(): Router {
  const router = express.Router();
  router.get('/images/:name', (req, res) => {
    res.type('image/svg+xml').set('cache-control', 'public, max-age=3600').send(svgPlaceholder(req.params.name));
  });
  return router;
}

/** The seeded promotions (Shopper Promotions API): the renewal discount behind the RENEW10 coupon. */
const PROMOTIONS: Array<Omit<Schemas['Promotion'], 'currency'>> = [
  { id: 'renew-10-percent', name: '10 % off your renewal', calloutMsg: '10 % off with the code RENEW10' },
];

export function promotionsRouter(context: SandboxContext): Router {
  const router = express.Router({ mergeParams: true });
  router.use(requireOrgAndSite, requireShopper(context));

  router.get('/promotions', (req, res) => {
    const ids = (query(req, 'ids') ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    if (ids.length === 0 || ids.length > 50) return badRequest(res, `The value of parameter 'ids' is not valid.`);
    const currency = requestCurrency(query(req, 'currency')) ?? 'GBP';
    const data = PROMOTIONS.filter((p) => ids.includes(p.id)).map((p) => ({ ...p, currency }));
    const result: Schemas['PromotionResult'] = { limit: data.length, total: data.length, data };
    res.json(result);
  });

  return router;
}
