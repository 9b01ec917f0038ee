/** searchFaqs (GET /api/faqs): the help centre's questions, by text, category or context, a page at a time. */
import useSWR from 'swr';
import { api, request, type operationTypes } from '../../../lib/api/client.ts';

export type FaqQuery = NonNullable<operationTypes['searchFaqs']['parameters']['query']>;

export const searchFaqsKey = (query: FaqQuery) => ['searchFaqs', query] as const;

const searchFaqs = (query: FaqQuery) => request(api.GET('/faqs', { params: { query } }));

/** The questions matching the query; not asked while the query is null. */
export function useFaqs(query: FaqQuery | null) {
  return useSWR(query ? searchFaqsKey(query) : null, () => searchFaqs(query!));
}
