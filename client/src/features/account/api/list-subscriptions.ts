/** listSubscriptions (GET /api/account/subscriptions): My Subscriptions (account §2), in the page's locale. */
import useSWR from 'swr';
import { api, request } from '../../../lib/api/client.ts';

export const listSubscriptionsKey = (locale: string) => ['listSubscriptions', locale] as const;

const listSubscriptions = ([, locale]: ReturnType<typeof listSubscriptionsKey>) =>
  request(api.GET('/account/subscriptions', { params: { query: { locale } } }));

export function useSubscriptions(locale: string) {
  return useSWR(listSubscriptionsKey(locale), listSubscriptions);
}
