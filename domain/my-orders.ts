/** My Orders (account §2, §9): the page size, the thumbnails, item names and counts. */
import { statusKey } from './order-status.ts';

export const ORDERS_PAGE_SIZE = 5;
export const ORDER_THUMBNAILS = { default: 4, tablet: 5 } as const;
export const ITEM_NAME_MAX_CHARS = 30;
export const ORDER_CANCELLED_TAG = 'Order Cancelled';

/** Connected navigation feature type (flow type CN, storefront §1). */
export function isConnectedNavigationFeatureType(featureType: string | null | undefined): boolean {
  const key = statusKey(featureType);
  return key === 'cn' || key === 'connected_navigation';
}

/** Lists only orders whose first item has feature type connected navigation. */
export function connectedNavigationOrders<
  T extends { OrderItemSummaries?: { records?: ReadonlyArray<{ SNPOMSFeatureType_C?: string | null }> | null } | null },
>(orders: readonly T[]): T[] {
  return orders.filter((o) =>
    isConnectedNavigationFeatureType(o.OrderItemSummaries?.records?.[0]?.SNPOMSFeatureType_C),
  );
}

/** Orders shown after `loadMoreClicks` presses of Load more: 5 first, 5 more each time. */
export function visibleOrderCount(total: number, loadMoreClicks: number): number {
  return Math.min(total, ORDERS_PAGE_SIZE * (loadMoreClicks + 1));
}

export interface OrdersPaging {
  shown: number;
  /** 'Showing X of Y orders' (the catalogue's words), only when there are more than 5 orders. */
  showsSummary: boolean;
  hasLoadMore: boolean;
}

export function ordersPaging(total: number, loadMoreClicks: number): OrdersPaging {
  const shown = visibleOrderCount(total, loadMoreClicks);
  return {
    shown,
    showsSummary: total > ORDERS_PAGE_SIZE,
    hasLoadMore: shown < total,
  };
}

/** Up to 4 thumbnails (5 on tablet) plus a '+N' remainder. */
export function orderThumbnails<T>(
  images: readonly T[],
  tablet = false,
): { visible: T[]; remainder: string | undefined } {
  const max = tablet ? ORDER_THUMBNAILS.tablet : ORDER_THUMBNAILS.default;
  const rest = images.length - max;
  return { visible: images.slice(0, max), remainder: rest > 0 ? `+${rest}` : undefined };
}

/** Item name truncated to 30 characters (an ellipsis marks the cut). */
export function truncateItemName(name: string, max: number = ITEM_NAME_MAX_CHARS): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}

/** 'Order Cancelled' tag when payment failed. */
export function orderCancelledTag(status: string | null | undefined): string | undefined {
  return statusKey(status) === 'payment_failed' ? ORDER_CANCELLED_TAG : undefined;
}

/** Order detail sections are sorted by item name. */
export function sortItemsByName<T extends { Name?: string | null }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.Name ?? '').localeCompare(b.Name ?? ''));
}
