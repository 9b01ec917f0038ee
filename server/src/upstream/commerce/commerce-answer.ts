/**
 * How the checkout reads the commerce platform's answers to basket and order calls: the data, or
 * the problem the browser should see (404: the basket is gone; 400/409: the checkout cannot go on,
 * 422; anything else, or no answer at all: 502).
 */
import { CHECKOUT_FAILED_TEXT } from '../../../../domain/payment-errors.ts';
import { AppError, upstreamError } from '../../errors.ts';
import type { Shopper } from '../../services/identity/shopper.ts';

export type CommerceResult<T> = { data?: T; error?: unknown; response: Response };

export function commerceData<T>(result: CommerceResult<T>, what: string, shopper: Pick<Shopper, 'log'>): T {
  if (result.data !== undefined && result.response.ok) return result.data;
  const detail = (result.error as { detail?: string } | undefined)?.detail;
  shopper.log.warn({ status: result.response.status, detail }, `commerce ${what} failed`);
  if (result.response.status === 404) {
    throw new AppError(404, 'basket-not-found', 'Basket not found', detail ?? 'The basket no longer exists.');
  }
  if (result.response.status === 400 || result.response.status === 409) {
    throw new AppError(422, 'checkout-error', 'Checkout error', detail ?? CHECKOUT_FAILED_TEXT);
  }
  throw upstreamError('commerce');
}

/** The call's answer; no answer at all (network, timeout) is a 502. */
export const reachCommerce = <T>(call: Promise<CommerceResult<T>>): Promise<CommerceResult<T>> =>
  call.catch((cause: unknown) => {
    throw upstreamError('commerce', cause);
  });

/** The call's data or its problem. */
export const commerceCall = async <T>(shopper: Pick<Shopper, 'log'>, what: string, call: Promise<CommerceResult<T>>) =>
  commerceData(await reachCommerce(call), what, shopper);
