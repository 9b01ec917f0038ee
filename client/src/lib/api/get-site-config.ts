/** getSiteConfig (GET /api/site): the brand's configuration (the language splash page's country prefixes). */
import useSWR from 'swr';
import { api, request } from '../../../lib/api/client.ts';

const getSiteConfigKey = (site: string) => ['getSiteConfig', site] as const;

const getSiteConfig = (site: string) => request(api.GET('/site', { params: { query: { site } } }));

export function useSiteConfig(site: string) {
  return useSWR(getSiteConfigKey(site), () => getSiteConfig(site));
}
