/**
 * The FAQ search's sort (storefront §7 "sorted by a top-question order"; §9 "Default search: limit
 * 25, offset 0, sort best-matches"): what a shopper typed is searched for its best matches, the FAQ
 * listing without words comes in the top-question order.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../context.ts';
import { searchFaqItems } from './content.ts';

function contextAsking(): { ctx: AppContext; sorts: unknown[] } {
  const sorts: unknown[] = [];
  const GET = vi.fn(async (_path: string, options: { params: { query: { sort?: unknown } } }) => {
    sorts.push(options.params.query.sort);
    return { data: { hits: [] }, response: new Response(null, { status: 200 }) };
  });
  const logger = { warn: vi.fn(), error: vi.fn(), info: vi.fn() };
  return { ctx: { upstreams: { commerceClassic: { GET } }, logger } as unknown as AppContext, sorts };
}

const where = { siteId: 'aurora', locale: 'en-GB', headers: { Authorization: 'Bearer t' } };

describe('searchFaqItems', () => {
  it.each([
    [{ q: 'refund' }, 'best-matches'],
    [{ category: 'payments' }, 'top-questions'],
    [{}, 'top-questions'],
  ] as const)('when the search is %o, then the sort is %s', async (query, sort) => {
    const { ctx, sorts } = contextAsking();
    await searchFaqItems(ctx, where, { ...query, limit: 25, offset: 0 });
    expect(sorts).toEqual([sort]);
  });
});
