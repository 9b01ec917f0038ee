/** searchFaqs (GET /api/faqs): the help centre's questions, by text, category or context, a page at a time. */
import useSWR from 'swr';
import { FAQ_CATEGORIES, type FaqCategory } from '../../../../../domain/faq.ts';
import { api, request, type operationTypes } from '../../../lib/api/client.ts';

export type FaqQuery = NonNullable<operationTypes['searchFaqs']['parameters']['query']>;

/** The help centre's page size and the number of top questions (storefront §2 Other screens). */
export const FAQ_PAGE_SIZE = 25;
export const TOP_FAQS = 5;

/** The help centre's results: by category or text, the first `limit` of them. */
export function faqsQuery(locale: string, category: FaqCategory | null, text: string, limit = FAQ_PAGE_SIZE): FaqQuery {
  return { locale, limit, offset: 0, ...(category ? { category } : {}), ...(text ? { q: text } : {}) };
}

/** The question of a help-centre URL (?q=, what the search form sends without JavaScript), trimmed. */
export function faqSearchOf(search: string): string {
  return (new URLSearchParams(search).get('q') ?? '').trim().slice(0, 200);
}

/** The category a help-centre path names (/faqs/<category>), if it names one. */
export function faqCategoryOf(rest: string): FaqCategory | null {
  let name = rest;
  try {
    name = decodeURIComponent(rest);
  } catch {
    // A malformed escape names no category.
  }
  return FAQ_CATEGORIES.find((c) => c === name) ?? null;
}

/** The market's top questions, shown while the shopper browses (no category, no search). */
export const topFaqsQuery = (locale: string): FaqQuery => ({ locale, context: 'renewals', limit: TOP_FAQS, offset: 0 });

export const searchFaqsKey = (query: FaqQuery) => ['searchFaqs', query] as const;

const searchFaqs = (query: FaqQuery) => request(api.GET('/faqs', { params: { query } }));

/** The questions matching the query; not asked while the query is null. */
export function useFaqs(query: FaqQuery | null) {
  return useSWR(query ? searchFaqsKey(query) : null, () => searchFaqs(query!));
}
