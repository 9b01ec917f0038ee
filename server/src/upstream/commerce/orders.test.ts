/**
 * The customer's order list (storefront §7 "Order list | GET | offset 0, limit 10"; §9 "Order list
 * page size 10"), which the order attempt reads to find an order whose answer was lost.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../context.ts';
import type { Shopper } from '../../services/identity/shopper.ts';
import { customerOrders } from './orders.ts';

describe('customerOrders', () => {
  it('when the order list is read, then it asks for offset 0 and limit 10 of the shopper’s own orders', async () => {
    const asked: unknown[] = [];
    const GET = vi.fn(async (_path: string, options: { params: { query: unknown; path: unknown } }) => {
      asked.push(options.params);
      return { data: { data: [] }, response: new Response(null, { status: 200 }) };
    });
    const ctx = { upstreams: { commerce: { GET } }, logger: { warn: vi.fn() } } as unknown as AppContext;
    const shopper = {
      tokens: { customerId: 'abcAlexOwner0001' },
      organizationId: 'f_ecom_zzzz_001',
      siteId: 'aurora',
      headers: { Authorization: 'Bearer t' },
      log: { warn: vi.fn() },
    } as unknown as Shopper;
    await customerOrders(ctx, shopper);
    expect(asked).toEqual([
      {
        path: { organizationId: 'f_ecom_zzzz_001', customerId: 'abcAlexOwner0001' },
        query: { siteId: 'aurora', offset: 0, limit: 10 },
      },
    ]);
  });
});
