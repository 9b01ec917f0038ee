/**
 * The order numbers this tab keeps in sessionStorage, declared once for the checkout and the
 * renewal page. Storage may be unavailable (a private window's quota): then nothing is kept.
 */

/** The order number of an attempt sent to 3-D Secure or a bank page (storefront §3 `orderCreated`). */
const ORDER_CREATED_KEY = 'orderCreated';
/** The order number of the last order this tab placed (the checkout's completed state). */
const LAST_ORDER_KEY = 'lastOrderPlaced';

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** An attempt left for 3-D Secure or a bank page with this order created. */
export function orderCreated(orderNo: string): void {
  try {
    sessionStorage.setItem(ORDER_CREATED_KEY, orderNo);
  } catch {
    // Storage unavailable: nothing to remember.
  }
}

/** The order an earlier attempt created, if any (the renewal page reports it to the proxy). */
export const pendingOrder = (): string | null => read(ORDER_CREATED_KEY);

/** The pending order was reported: it is not reported again. */
export function clearPendingOrder(): void {
  try {
    sessionStorage.removeItem(ORDER_CREATED_KEY);
  } catch {
    // Storage unavailable: nothing to clear.
  }
}

/** An order is placed: no attempt is pending any more, and the checkout remembers it as completed. */
export function orderPlaced(orderNo: string): void {
  try {
    sessionStorage.removeItem(ORDER_CREATED_KEY);
    sessionStorage.setItem(LAST_ORDER_KEY, orderNo);
  } catch {
    // Storage unavailable: nothing to remember.
  }
}

export const lastPlacedOrder = (): string | null => read(LAST_ORDER_KEY);
