/** getHelpContent (GET /api/account/help): Help & Support (account §2), in the page's locale. */
import useSWR from 'swr';
import { api, request } from '../../../lib/api/client.ts';

export const getHelpContentKey = (locale: string) => ['getHelpContent', locale] as const;

const getHelpContent = ([, locale]: ReturnType<typeof getHelpContentKey>) =>
  request(api.GET('/account/help', { params: { query: { locale } } }));

export function useHelpContent(locale: string) {
  return useSWR(getHelpContentKey(locale), getHelpContent);
}
