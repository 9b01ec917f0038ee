/**
 * The refund-request flag (account §2: an item refunded by request is hidden from the list until the
 * list reloads; the refund button is disabled while a flag is stored): kept for the browser tab in
 * sessionStorage, cleared once the proxy's list no longer has the subscription.
 */
const KEY = 'account.refundRequested';

/** The subscriptions flagged in this tab. */
export function refundFlags(): string[] {
  try {
    const value = JSON.parse(globalThis.sessionStorage?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function write(ids: string[]): void {
  try {
    if (ids.length) globalThis.sessionStorage?.setItem(KEY, JSON.stringify(ids));
    else globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // Storage refused (private mode, quota): the flag lasts as long as the page.
  }
}

export const refundRequested = (subscriptionId: string): boolean => refundFlags().includes(subscriptionId);

export function flagRefundRequested(subscriptionId: string): void {
  write([...new Set([...refundFlags(), subscriptionId])]);
}

/** Forgets the flags of subscriptions the list no longer has (the refund reached the order system). */
export function settleRefundFlags(listed: readonly string[]): void {
  const flags = refundFlags();
  const kept = flags.filter((id) => listed.includes(id));
  if (kept.length !== flags.length) write(kept);
}
