// Checkout step choice: storefront §4 Checkout ("The step moves 0 to 4"; "On load, the first incomplete step is chosen").
import type { components } from '../generated/proxy/types.ts';

export type CheckoutStepName = components['schemas']['CheckoutState']['stepName'];
/**
 * The steps' names by index: the contract's CheckoutState.stepName enum (openapi/proxy.yaml), written out
 * rather than read from the generated zCheckoutState: that schema would bring its basket's schemas into
 * the browser's Zod chunk (0.8 KB gzip on every page that loads it). checkout-step.test.ts holds the list
 * to the enum.
 */
export const CHECKOUT_STEPS = [
  'login',
  'shippingAddress',
  'shippingMethod',
  'billingAddress',
  'payment',
] as const satisfies readonly CheckoutStepName[];
export type CheckoutStep = 0 | 1 | 2 | 3 | 4;

export const CheckoutStepIndex = {
  login: 0,
  shippingAddress: 1,
  shippingMethod: 2,
  billingAddress: 3,
  payment: 4,
} as const satisfies Record<CheckoutStepName, CheckoutStep>;

/** The parts of a basket that decide the step; shapes follow storefront §3 Basket. */
export interface CheckoutBasketState {
  customerInfo?: { email?: string | null } | null;
  shipments?: ReadonlyArray<{ shippingAddress?: unknown; shippingMethod?: unknown } | null | undefined> | null;
  paymentInstruments?: ReadonlyArray<unknown> | null;
  billingAddress?: unknown;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * First incomplete step: no email → login; no shipping address → shipping address; no shipping method →
 * shipping method; no payment instrument or no billing address → billing address; otherwise payment.
 */
export function firstIncompleteCheckoutStep(basket: CheckoutBasketState | null | undefined): CheckoutStep {
  if (!basket || !present(basket.customerInfo?.email?.trim())) return CheckoutStepIndex.login;
  const shipment = basket.shipments?.[0];
  if (!present(shipment?.shippingAddress)) return CheckoutStepIndex.shippingAddress;
  if (!present(shipment?.shippingMethod)) return CheckoutStepIndex.shippingMethod;
  if ((basket.paymentInstruments?.length ?? 0) === 0 || !present(basket.billingAddress)) {
    return CheckoutStepIndex.billingAddress;
  }
  return CheckoutStepIndex.payment;
}

/** Name of a step index (storefront §4: login, shipping address, shipping method, billing address, payment). */
export function checkoutStepName(step: CheckoutStep): CheckoutStepName {
  return CHECKOUT_STEPS[step];
}
