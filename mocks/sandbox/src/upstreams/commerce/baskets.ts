/**
 * Shopper baskets: one basket per shopper with shipment `me`, items priced from the catalogue in
 * the basket currency, and the guest-to-registered merge; what the checkout sets on a basket
 * (addresses, the digital shipping method, at most one payment instrument, the RENEW10 coupon,
 * payment methods per market) is basket-checkout.ts's.
 */
import express, { type Response, type Router } from 'express';
import * as z from 'zod';
import type { SandboxContext } from '../../app.ts';
import type { SiteId } from '../../seed.ts';
import { zProductItem } from '../../../../../generated/commerce/zod/zod.gen.ts';
import { requireShopper, shopperOf } from './auth.ts';
import { ownBasket } from './basket-access.ts';
import { basketCheckoutRoutes } from './basket-checkout.ts';
import { CURRENCIES, DEFAULT_CURRENCY, findVariant } from './catalog.ts';
import { badRequest, problem } from './errors.ts';
import { bodyObject, customAttributes, localeCountry, query, requireOrgAndSite } from './http.ts';
import { localizedVariantName } from './product-i18n.ts';
import { renderBasket } from './pricing.ts';
import { randomId, state, type BasketRecord } from './state.ts';
import { parseBody } from './validate.ts';

export function basketsOf(customerId: string): BasketRecord[] {
  return [...state.baskets.values()].filter((b) => b.customerId === customerId);
}

export function newBasket(context: SandboxContext, customerId: string, siteId: SiteId): BasketRecord {
  const nowMs = context.clock.nowMs();
  const customer = state.customers.get(customerId);
  const basket: BasketRecord = {
    basketId: randomId('', 13),
    siteId,
    customerId,
    currency: DEFAULT_CURRENCY,
    creationMs: nowMs,
    modifiedMs: nowMs,
    items: [],
    coupons: [],
    custom: {},
    ...(customer ? { email: customer.email, customerName: `${customer.firstName} ${customer.lastName}` } : {}),
  };
  state.baskets.set(basket.basketId, basket);
  return basket;
}

function priceIn(productId: string, currency: string): number | undefined {
  return findVariant(productId)?.variant.prices[currency];
}

export function basketsRouter(context: SandboxContext): Router {
  const router = express.Router({ mergeParams: true });
  router.use(express.json({ limit: '200kb' }));
  router.use(requireOrgAndSite, requireShopper(context));

  const touch = (basket: BasketRecord): void => {
    basket.modifiedMs = context.clock.nowMs();
  };
  const answer = (res: Response, basket: BasketRecord): void => {
    touch(basket);
    res.json(renderBasket(basket));
  };

  router.post('/baskets', (req, res) => {
    const shopper = shopperOf(res);
    const raw = bodyObject(req);
    if (basketsOf(shopper.customerId).length > 0)
      return problem(
        res,
        400,
        'basket-quota-exceeded',
        'Basket Quota Exceeded',
        'The shopper already has a basket; a shopper can have one basket at a time.',
      );
    const currency = typeof raw.currency === 'string' ? raw.currency : undefined;
    if (currency !== undefined && !CURRENCIES.includes(currency))
      return problem(
        res,
        400,
        'invalid-currency',
        'Invalid Currency',
        `The currency '${currency}' is not allowed for site '${res.locals.siteId as string}'.`,
      );
    const basket = newBasket(context, shopper.customerId, res.locals.siteId as SiteId);
    if (currency) basket.currency = currency;
    basket.custom = customAttributes(raw);
    const country = localeCountry(query(req, 'locale'));
    if (country) basket.localeCountry = country;
    answer(res, basket);
  });

  router.post('/baskets/actions/merge', (req, res) => {
    const shopper = shopperOf(res);
    if (!shopper.registered)
      return problem(res, 403, 'forbidden', 'Forbidden', 'Only a registered customer can merge baskets.', {
        json: true,
      });
    const source = shopper.previousGuestId ? basketsOf(shopper.previousGuestId)[0] : undefined;
    if (!source)
      return problem(
        res,
        409,
        'missing-source-basket',
        'Missing Source Basket',
        'The previous guest shopper has no basket to merge.',
        {
          json: true,
        },
      );
    let destination = basketsOf(shopper.customerId)[0];
    if (!destination) {
      if (query(req, 'createDestinationBasket') !== 'true')
        return problem(
          res,
          409,
          'missing-destination-basket',
          'Missing Destination Basket',
          'The registered shopper has no basket to merge into.',
          {
            json: true,
          },
        );
      destination = newBasket(context, shopper.customerId, res.locals.siteId as SiteId);
      destination.currency = source.currency;
    }
    for (const item of source.items) {
      const existing = destination.items.find((i) => i.productId === item.productId);
      if (existing) existing.quantity += item.quantity;
      else
        destination.items.push({
          ...item,
          itemId: randomId('', 13),
          basePrice: priceIn(item.productId, destination.currency) ?? item.basePrice,
        });
    }
    for (const coupon of source.coupons)
      if (!destination.coupons.some((c) => c.code === coupon.code)) destination.coupons.push(coupon);
    state.baskets.delete(source.basketId);
    answer(res, destination);
  });

  router.get('/baskets/:basketId', (req, res) => {
    const basket = ownBasket(req, res);
    if (basket) res.json(renderBasket(basket));
  });

  router.patch('/baskets/:basketId', (req, res) => {
    const basket = ownBasket(req, res);
    if (!basket) return;
    const raw = bodyObject(req);
    if (raw.currency !== undefined) {
      const currency = raw.currency;
      if (typeof currency !== 'string' || !CURRENCIES.includes(currency))
        return problem(
          res,
          400,
          'invalid-currency',
          'Invalid Currency',
          `The currency '${String(currency)}' is not allowed for site '${basket.siteId}'.`,
        );
      basket.currency = currency;
      for (const item of basket.items) item.basePrice = priceIn(item.productId, currency) ?? item.basePrice;
    }
    Object.assign(basket.custom, customAttributes(raw));
    answer(res, basket);
  });

  router.delete('/baskets/:basketId', (req, res) => {
    const basket = ownBasket(req, res);
    if (!basket) return;
    state.baskets.delete(basket.basketId);
    res.status(204).end();
  });

  router.post('/baskets/:basketId/items', (req, res) => {
    const basket = ownBasket(req, res);
    if (!basket) return;
    const items = parseBody(z.array(zProductItem).min(1), req, res);
    if (!items) return;
    const raws = (Array.isArray(req.body) ? req.body : []) as Array<Record<string, unknown>>;
    for (const item of items) {
      const found = item.productId ? findVariant(item.productId) : undefined;
      if (!found)
        return problem(
          res,
          404,
          'product-not-found',
          'Product Not Found',
          `No product with ID '${item.productId ?? ''}' for site '${basket.siteId}' could be found.`,
        );
    }
    for (const [index, item] of items.entries()) {
      const { product, variant } = findVariant(item.productId!)!;
      const quantity = item.quantity ?? 1;
      const custom = {
        c_purchaseMode: product.oneTimeFee ? 'OneTime' : 'Subscription',
        ...customAttributes(raws[index] ?? {}),
      };
      const existing = basket.items.find((i) => i.productId === variant.productId);
      if (existing) {
        existing.quantity += quantity;
        Object.assign(existing.custom, custom);
      } else
        basket.items.push({
          itemId: randomId('', 13),
          productId: variant.productId,
          productName: localizedVariantName(product, variant, query(req, 'locale')),
          quantity,
          basePrice: variant.prices[basket.currency] ?? 0,
          custom,
        });
    }
    answer(res, basket);
  });

  const itemNotFound = (res: Response, basket: BasketRecord, itemId: string): void =>
    problem(
      res,
      404,
      'product-item-not-found',
      'Product Item Not Found',
      `No product item with ID '${itemId}' could be found in basket '${basket.basketId}'.`,
    );

  router.patch('/baskets/:basketId/items/:itemId', (req, res) => {
    const basket = ownBasket(req, res);
    if (!basket) return;
    const item = basket.items.find((i) => i.itemId === req.params.itemId);
    if (!item) return itemNotFound(res, basket, req.params.itemId);
    const body = parseBody(zProductItem, req, res);
    if (!body) return;
    if (body.productId && body.productId !== item.productId) {
      const current = findVariant(item.productId);
      const next = findVariant(body.productId);
      if (!next || next.product.id !== current?.product.id)
        return badRequest(res, `The product '${body.productId}' is not a variant of the item's product.`);
      item.productId = next.variant.productId;
      item.productName = localizedVariantName(next.product, next.variant, query(req, 'locale'));
      item.basePrice = next.variant.prices[basket.currency] ?? 0;
    }
    if (body.quantity !== undefined) {
      if (body.quantity === 0) basket.items = basket.items.filter((i) => i !== item);
      else item.quantity = body.quantity;
    }
    Object.assign(item.custom, customAttributes(bodyObject(req)));
    answer(res, basket);
  });

  router.delete('/baskets/:basketId/items/:itemId', (req, res) => {
    const basket = ownBasket(req, res);
    if (!basket) return;
    if (!basket.items.some((i) => i.itemId === req.params.itemId)) return itemNotFound(res, basket, req.params.itemId);
    basket.items = basket.items.filter((i) => i.itemId !== req.params.itemId);
    answer(res, basket);
  });

  basketCheckoutRoutes(router, answer);

  return router;
}
