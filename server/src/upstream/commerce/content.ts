/**
 * Content assets of the commerce platform (storefront §3 Content assets, §7 "Content asset", §8:
 * content fetch errors other than an abort are only logged; FAQ failures give an empty list).
 */
import type { Logger } from 'pino';
import { isFaqCategory } from '../../../../domain/faq.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError, upstreamError } from '../../errors.ts';
import { cachePerUpstreams, SHARED_READS, staleServed } from '../../services/platform/ttl-cache.ts';

type Schemas = components['schemas'];

/** The renewal page's FAQ asset: the market's top renewal questions (storefront §2 FAQ accordion). */
export const RENEWAL_FAQS_ASSET = 'FAQ_Renewals_Page';

/** Content assets are the same for every shopper of a site and locale (SHARED_READS). */
const assets = cachePerUpstreams<Schemas['ContentAsset'] | null>(SHARED_READS);

/**
 * A content asset, or null when the platform has none with that id; throws on other failures
 * unless a kept copy can still be served (its refresh failure is logged).
 */
export function contentAsset(
  ctx: AppContext,
  where: { siteId: string; locale: string; headers: { Authorization: string }; signal?: AbortSignal },
  assetId: string,
): Promise<Schemas['ContentAsset'] | null> {
  const key = `${where.siteId}|${where.locale}|${assetId}`;
  return assets(ctx.upstreams).get(
    key,
    () => loadContentAsset(ctx, where, assetId),
    staleServed(ctx.logger, 'content asset', key),
  );
}

async function loadContentAsset(
  ctx: AppContext,
  where: { siteId: string; locale: string; headers: { Authorization: string } },
  assetId: string,
): Promise<Schemas['ContentAsset'] | null> {
  const { data, response } = await ctx.upstreams.commerceClassic
    .GET('/s/{siteId}/dw/shop/v24_5/content/{content_id}', {
      params: { path: { siteId: where.siteId, content_id: assetId }, query: { locale: where.locale } },
      headers: where.headers,
    })
    .catch((cause: unknown) => {
      throw upstreamError('commerce', cause);
    });
  if (response.status === 404) return null;
  if (!data) throw upstreamError('commerce');
  const body = String(data.c_body ?? '').replaceAll('{year}', String(new Date().getFullYear()));
  return { id: data.id ?? assetId, ...(data.name ? { name: data.name } : {}), c_body: body };
}

/** The asset or a 404 problem. */
export async function requireContentAsset(
  ctx: AppContext,
  where: { siteId: string; locale: string; headers: { Authorization: string }; signal?: AbortSignal },
  assetId: string,
): Promise<Schemas['ContentAsset']> {
  const asset = await contentAsset(ctx, where, assetId);
  if (!asset) throw new AppError(404, 'not-found', 'Not found', `No content asset '${assetId}'.`);
  return asset;
}

/** JSON held in a c_body, or undefined when it is not JSON of the expected shape. */
function parseJsonBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export function faqItemsOf(body: string): Schemas['FaqItem'][] {
  const parsed = parseJsonBody(body);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry: unknown) => {
    const e = entry as { question?: unknown; answer?: unknown; category?: unknown };
    if (typeof e.question !== 'string' || typeof e.answer !== 'string') return [];
    const category = typeof e.category === 'string' && isFaqCategory(e.category) ? e.category : undefined;
    return [
      { question: e.question, answer: e.answer, ...(category ? { category: category as Schemas['FaqCategory'] } : {}) },
    ];
  });
}

/** The country plan of the asset body (`[{countryPlan, countryList: "a,b,c"}]`): the first one. */
export function countriesOf(body: string): Schemas['CountriesList'] | null {
  const parsed = parseJsonBody(body);
  const first = (Array.isArray(parsed) ? parsed[0] : parsed) as
    { countryPlan?: unknown; countryList?: unknown } | undefined;
  if (!first || typeof first.countryPlan !== 'string' || typeof first.countryList !== 'string') return null;
  return {
    countryPlan: first.countryPlan,
    countryList: first.countryList
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
  };
}

/** FAQ search (content search refined to the FAQ folder): the best matches of the words, else top questions first. */
export async function searchFaqItems(
  ctx: AppContext,
  where: { siteId: string; locale: string; headers: { Authorization: string }; signal?: AbortSignal },
  options: { q?: string | undefined; category?: string | undefined; limit: number; offset: number },
): Promise<Schemas['FaqSearchResult']> {
  const refine = ['fdid=faq', 'c_enabled=true', ...(options.category ? [`c_category=${options.category}`] : [])];
  try {
    const { data } = await ctx.upstreams.commerceClassic.GET('/s/{siteId}/dw/shop/v24_5/content_search', {
      params: {
        path: { siteId: where.siteId },
        query: {
          ...(options.q ? { q: options.q.slice(0, 50) } : {}),
          refine,
          // §9 "Default search: … sort best-matches" for what a shopper typed; §7's FAQ listing
          // (no words) in the top-question order.
          sort: options.q ? 'best-matches' : 'top-questions',
          start: options.offset,
          count: options.limit,
          locale: where.locale,
        },
      },
      headers: where.headers,
      ...(where.signal ? { signal: where.signal } : {}),
    });
    if (!data) throw new Error('content search answered an error');
    const items = (data.hits ?? []).flatMap((hit) => {
      const h = hit as { name?: string; c_body?: string; c_category?: string };
      if (!h.name || !h.c_body) return [];
      const category = h.c_category && isFaqCategory(h.c_category) ? h.c_category : undefined;
      return [
        {
          question: `<p>${h.name}</p>`,
          answer: h.c_body,
          ...(category ? { category: category as Schemas['FaqCategory'] } : {}),
        },
      ];
    });
    return {
      total: data.total ?? items.length,
      offset: options.offset,
      limit: options.limit,
      unavailable: false,
      items,
    };
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    ctx.logger.warn({ err: error }, 'FAQ search failed');
    return { total: 0, offset: options.offset, limit: options.limit, unavailable: true, items: [] };
  }
}

/** `context=renewals` without a question or category: the market's top renewal FAQs, not a search. */
export const isRenewalFaqs = (query: {
  q?: string | undefined;
  category?: string | undefined;
  context?: string | undefined;
}) => query.context === 'renewals' && !query.q && !query.category;

/**
 * FAQ search (storefront §7 search-assets, §9 limit 25 offset 0); `context=renewals` without a
 * question or category gives the market's top renewal FAQs. Failures answer an empty list flagged
 * unavailable (§8).
 */
export async function searchFaqs(
  ctx: AppContext,
  where: { siteId: string; locale: string; headers: { Authorization: string }; signal?: AbortSignal; log: Logger },
  query: {
    q?: string | undefined;
    category?: string | undefined;
    context?: string | undefined;
    limit?: number;
    offset?: number;
  },
): Promise<Schemas['FaqSearchResult']> {
  const limit = query.limit ?? 25;
  const offset = query.offset ?? 0;
  if (isRenewalFaqs(query)) {
    try {
      const all = faqItemsOf((await requireContentAsset(ctx, where, RENEWAL_FAQS_ASSET)).c_body);
      return { total: all.length, offset, limit, unavailable: false, items: all.slice(offset, offset + limit) };
    } catch (error) {
      where.log.warn({ err: error }, 'renewal FAQs failed');
      return { total: 0, offset, limit, unavailable: true, items: [] };
    }
  }
  return searchFaqItems(ctx, where, { q: query.q, category: query.category, limit, offset });
}
