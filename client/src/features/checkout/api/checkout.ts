/**
 * The checkout's calls (openapi/proxy.yaml, tags basket, checkout and address). Every mutation
 * answers the whole basket; the caller revalidates the checkout state (`CHECKOUT_KEY`) and the
 * session (its basket count) after it.
 */
import { api, ApiError, CSRF, request, type components } from '../../../lib/api.ts';

type Schemas = components['schemas'];
export type CheckoutState = Schemas['CheckoutState'];
export type Basket = Schemas['Basket'];
export type Address = Schemas['Address'];
export type PaymentSetup = Schemas['PaymentSetup'];
export type SandboxCardToken = Schemas['SandboxCardToken'];
export type PlaceOrderRequest = Schemas['PlaceOrderRequest'];
export type OrderPlaced = Schemas['OrderPlaced'];
export type ActionRequired = Schemas['ActionRequired'];
export type Problem = Schemas['Problem'];

export const CHECKOUT_KEY = 'checkout';

/** The checkout state, or null when the basket is empty (409 basket-empty). */
export async function fetchCheckout(): Promise<CheckoutState | null> {
  try {
    return await request(api.GET('/checkout'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return null;
    throw error;
  }
}

export const setEmail = (email: string) =>
  request(api.PUT('/basket/customer', { params: { header: CSRF }, body: { email } }));
export const setShippingAddress = (address: Address) =>
  request(api.PUT('/basket/shipping-address', { params: { header: CSRF }, body: address }));
export const setBillingAddress = (address: Address) =>
  request(api.PUT('/basket/billing-address', { params: { header: CSRF }, body: address }));
export const listShippingMethods = () => request(api.GET('/basket/shipping-methods'));
export const setShippingMethod = (id: string) =>
  request(api.PUT('/basket/shipping-method', { params: { header: CSRF }, body: { id } }));
export const setupPayment = () =>
  request(api.POST('/checkout/payment-setup', { params: { header: CSRF }, body: { context: 'checkout' } }));

export const tokenizeSandboxCard = (card: Schemas['SandboxCardRequest']) =>
  request(api.POST('/sandbox/card-tokens', { params: { header: CSRF }, body: card }));

export const createSandboxBankMethod = (paymentMethodType: Schemas['SandboxBankMethodRequest']['paymentMethodType']) =>
  request(api.POST('/sandbox/bank-methods', { params: { header: CSRF }, body: { paymentMethodType } }));

/** The order number of the last order this tab placed (the checkout's completed state). */
const LAST_ORDER_KEY = 'lastOrderPlaced';
/** The order number of an attempt sent to 3-D Secure or a bank page (storefront §3 `orderCreated`). */
export const ORDER_CREATED_KEY = 'orderCreated';

/** An order is placed: no attempt is pending any more, and the checkout remembers it as completed. */
export function orderPlaced(orderNo: string): void {
  try {
    sessionStorage.removeItem(ORDER_CREATED_KEY);
    sessionStorage.setItem(LAST_ORDER_KEY, orderNo);
  } catch {
    // Storage unavailable: nothing to remember.
  }
}

export function lastPlacedOrder(): string | null {
  try {
    return sessionStorage.getItem(LAST_ORDER_KEY);
  } catch {
    return null;
  }
}

/** One Idempotency-Key per payment attempt: a double click or a retry of the same attempt reuses it. */
export function newAttemptKey(): string {
  return crypto.randomUUID().replace(/[^A-Za-z0-9-]/g, '');
}

export async function placeOrder(body: PlaceOrderRequest, key: string): Promise<OrderPlaced | ActionRequired> {
  return request(
    api.POST('/checkout/orders', {
      params: { header: { ...CSRF, 'Idempotency-Key': key } },
      body,
    }),
  );
}

export const confirmPayment = (body: Schemas['ConfirmPaymentRequest']) =>
  request(api.POST('/checkout/payment-confirmation', { params: { header: CSRF }, body }));

export const findAddresses = (text: string, countries: string, container?: string) =>
  request(
    api.GET('/address/find', {
      params: { query: { text, countries, limit: 10, ...(container ? { container } : {}) } },
    }),
  );
export const retrieveAddress = (id: string) => request(api.GET('/address/retrieve/{id}', { params: { path: { id } } }));
export const probeAddressLookup = () => request(api.GET('/address/status'));

export { ApiError };
