// The digital wallet's recurring-payment request: storefront §9 "Wallet recurring-payment values"
// (label Subscription, type final, timing recurring, description "Payment for basket n.",
// management URL /payment-confirmation).

import type { TermUnit } from './expiry.ts';

export const WALLET_RECURRING_LABEL = 'Subscription';
export const WALLET_PAYMENT_DESCRIPTION = 'Payment for basket n.';
export const WALLET_MANAGEMENT_PATH = '/payment-confirmation';

export interface WalletRecurringPayment {
  label: typeof WALLET_RECURRING_LABEL;
  type: 'final';
  paymentTiming: 'recurring';
  /** The amount in the currency's minor unit, as wallets take it. */
  amount: number;
  /** "Payment for basket n. {basketId}". */
  paymentDescription: string;
  /** Absolute: the wallet opens it outside the shop. */
  managementURL: string;
  intervalUnit: Exclude<TermUnit, 'once'>;
  intervalCount: number;
}

export interface WalletBasket {
  basketId: string;
  /** The order total in the currency's major unit. */
  total: number;
  /** The plan's term: 1 year, 12 months… A one-time fee ('once') recurs never. */
  duration: number;
  durationType: TermUnit;
}

/**
 * What the wallet (Apple Pay through the payment provider) is told about the subscription being
 * paid, or undefined when nothing recurs: a one-time fee, a term of zero or a basket without a total.
 * `managementPath` is the locale's /payment-confirmation path, resolved against `origin`.
 */
export function walletRecurringPayment(
  basket: WalletBasket,
  origin: string,
  managementPath: string = WALLET_MANAGEMENT_PATH,
): WalletRecurringPayment | undefined {
  if (basket.durationType === 'once' || !(basket.duration > 0) || !Number.isInteger(basket.duration)) return undefined;
  if (!Number.isFinite(basket.total) || basket.total <= 0) return undefined;
  return {
    label: WALLET_RECURRING_LABEL,
    type: 'final',
    paymentTiming: 'recurring',
    amount: Math.round(basket.total * 100),
    paymentDescription: `${WALLET_PAYMENT_DESCRIPTION} ${basket.basketId}`,
    managementURL: new URL(managementPath, origin).href,
    intervalUnit: basket.durationType,
    intervalCount: basket.duration,
  };
}
