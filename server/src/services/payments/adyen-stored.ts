/**
 * A shopper's stored Adyen payment methods (account §7: get, remove, keep one): listed with
 * GET /storedPaymentMethods, and a stored card's expiry as Adyen answers it.
 */
import type { components as AdyenComponents } from '../../../../generated/adyen/types.ts';
import type { AppContext } from '../../context.ts';
import { listStoredPaymentMethods } from '../../upstream/adyen.ts';
import { providerFailure } from './payment-problems.ts';
import type { CardExpiry } from './provider.ts';

type StoredPaymentMethodResource = AdyenComponents['schemas']['StoredPaymentMethodResource'];

/** The shopper's stored payment methods (GET /storedPaymentMethods); throws when Adyen cannot be read. */
export async function storedMethodsOf(
  ctx: AppContext,
  shopperReference: string,
): Promise<StoredPaymentMethodResource[]> {
  const { data, response } = await listStoredPaymentMethods(ctx, {
    shopperReference,
    merchantAccount: ctx.config.credentials.adyen.merchantAccount,
  });
  if (!data) throw providerFailure(response.status);
  return data.storedPaymentMethods ?? [];
}

/** A stored card's expiry: Adyen documents the year's last two digits, and answers four as well. */
export function expiryOf(method: StoredPaymentMethodResource): CardExpiry | null {
  const month = Number(method.expiryMonth);
  const year = Number(method.expiryYear);
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year <= 0) return null;
  return { expMonth: month, expYear: (method.expiryYear ?? '').length <= 2 ? 2000 + year : year };
}
