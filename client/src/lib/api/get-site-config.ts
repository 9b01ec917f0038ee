/**
 * getSiteConfig (GET /api/site): the brand's configuration in the session's market (the language
 * splash page's country prefixes, the region's preferences that filter the account menu).
 */
import useSWR from 'swr';
import { api, request } from './client.ts';

export const getSiteConfigKey = (site: string) => ['getSiteConfig', site] as const;

/** The configuration, outside React (the tag manager's container id, lib/tag-manager.ts). */
export const getSiteConfig = (site: string) => request(api.GET('/site', { params: { query: { site } } }));

/** The configuration; not asked while `enabled` is false. */
export function useSiteConfig(site: string, enabled = true) {
  return useSWR(enabled ? getSiteConfigKey(site) : null, () => getSiteConfig(site));
}
