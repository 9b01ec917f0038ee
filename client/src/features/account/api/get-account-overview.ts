/** getAccountOverview (GET /api/account/overview): My Overview (account §2), in the page's locale, of one vehicle. */
import useSWR from 'swr';
import { api, request } from '../../../lib/api/client.ts';

export const getAccountOverviewKey = (locale: string, carvin: string | undefined) =>
  ['getAccountOverview', locale, carvin ?? null] as const;

const getAccountOverview = ([, locale, carvin]: ReturnType<typeof getAccountOverviewKey>) =>
  request(api.GET('/account/overview', { params: { query: { locale, ...(carvin ? { carvin } : {}) } } }));

export function useAccountOverview(locale: string, carvin: string | undefined) {
  return useSWR(getAccountOverviewKey(locale, carvin), getAccountOverview);
}
