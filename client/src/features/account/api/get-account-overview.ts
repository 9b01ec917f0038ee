/** getAccountOverview (GET /api/account/overview): My Overview (account §2), in the page's locale. */
import useSWR from 'swr';
import { api, request } from '../../../lib/api/client.ts';

export const getAccountOverviewKey = (locale: string) => ['getAccountOverview', locale] as const;

const getAccountOverview = ([, locale]: ReturnType<typeof getAccountOverviewKey>) =>
  request(api.GET('/account/overview', { params: { query: { locale } } }));

export function useAccountOverview(locale: string) {
  return useSWR(getAccountOverviewKey(locale), getAccountOverview);
}
