import { describe, expect, it } from 'vitest';
import {
  connectedNavigationOrders,
  orderCancelledTag,
  ordersPaging,
  orderThumbnails,
  sortItemsByName,
  truncateItemName,
} from './my-orders.ts';

describe('My Orders', () => {
  const order = (featureType: string | undefined) => ({
    OrderItemSummaries: { records: [{ SNPOMSFeatureType_C: featureType }] },
  });

  it('when filtering, then only orders whose first item is connected navigation remain', () => {
    // account §2 My Orders: "Lists only orders whose first item has feature type connected navigation"
    const orders = [
      order('CN'),
      order('VCS'),
      order('Connected Navigation'),
      order(undefined),
      { OrderItemSummaries: null },
    ];
    expect(connectedNavigationOrders(orders)).toEqual([orders[0], orders[2]]);
  });

  it.each([
    // account §2 / §9: 5 or fewer all shown; more → first 5, 'Showing X of Y orders', Load more adds 5
    [3, 0, { shown: 3, showsSummary: false, hasLoadMore: false }],
    [5, 0, { shown: 5, showsSummary: false, hasLoadMore: false }],
    [6, 0, { shown: 5, showsSummary: true, hasLoadMore: true }],
    [6, 1, { shown: 6, showsSummary: true, hasLoadMore: false }],
    [12, 1, { shown: 10, showsSummary: true, hasLoadMore: true }],
    [0, 0, { shown: 0, showsSummary: false, hasLoadMore: false }],
  ])('when there are %i orders after %i Load more, then paging is %o', (total, clicks, expected) => {
    expect(ordersPaging(total, clicks)).toEqual(expected);
  });

  it.each([
    // account §2 / §9: up to 4 thumbnails (5 on tablet) plus a '+N' remainder
    [3, false, 3, undefined],
    [4, false, 4, undefined],
    [6, false, 4, '+2'],
    [5, true, 5, undefined],
    [8, true, 5, '+3'],
  ])('when there are %i images (tablet %s), then %i show with remainder %s', (count, tablet, visible, remainder) => {
    const result = orderThumbnails(
      Array.from({ length: count }, (_, i) => i),
      tablet,
    );
    expect(result.visible).toHaveLength(visible);
    expect(result.remainder).toBe(remainder);
  });

  it.each([
    // account §2 Order detail / §9: "Item name truncated at 30 characters"
    ['Connected Navigation', 'Connected Navigation'],
    ['a'.repeat(30), 'a'.repeat(30)],
    ['Connected Navigation Pro Plus Europe', 'Connected Navigation Pro Plus ...'],
  ])('when the name is "%s", then it shows "%s"', (name, expected) => {
    expect(truncateItemName(name)).toBe(expected);
  });

  it.each([
    // account §2 My Orders: "an 'Order Cancelled' tag when payment failed"
    ['Payment Failed', 'Order Cancelled'],
    ['Installed', undefined],
  ])('when the order status is "%s", then the tag is %s', (status, expected) => {
    expect(orderCancelledTag(status)).toBe(expected);
  });

  it('when items are listed on order detail, then they are sorted by name', () => {
    // account §2 Order detail: "One section per order item, sorted by name"
    expect(sortItemsByName([{ Name: 'Online Pack' }, { Name: 'Connected Navigation' }]).map((i) => i.Name)).toEqual([
      'Connected Navigation',
      'Online Pack',
    ]);
  });
});
