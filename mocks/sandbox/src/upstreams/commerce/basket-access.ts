/** A basket request's basket: the token's shopper's own, or a 404 answered as the platform answers it. */
import type { Request, Response } from 'express';
import { shopperOf } from './auth.ts';
import { problem } from './errors.ts';
import { localeCountry, query } from './http.ts';
import { state, type BasketRecord } from './state.ts';

export function basketNotFound(res: Response, basketId: string): void {
  problem(res, 404, 'basket-not-found', 'Basket Not Found', `No basket with ID '${basketId}' could be found.`, {
    instance: `/checkout/shopper-baskets/v1/organizations/f_ecom_zzzz_001/baskets/${basketId}`,
  });
}

/** The request's basket if it belongs to the token's shopper (else 404 answered). */
export function ownBasket(req: Request, res: Response): BasketRecord | undefined {
  const basketId = (req.params as Record<string, string>).basketId ?? '';
  const basket = state.baskets.get(basketId);
  if (!basket || basket.customerId !== shopperOf(res).customerId) {
    basketNotFound(res, basketId);
    return undefined;
  }
  const country = localeCountry(query(req, 'locale'));
  if (country) basket.localeCountry = country;
  return basket;
}
