/**
 * getContentAsset (GET /api/content/{assetId}): an asset of the commerce content library in the
 * locale's words (the footer's links, the need-help block, the purchase terms).
 */
import useSWR from 'swr';
import { api, request } from './client.ts';

export const getContentAssetKey = (assetId: string, locale: string) => ['getContentAsset', assetId, locale] as const;

const getContentAsset = ([, assetId, locale]: ReturnType<typeof getContentAssetKey>) =>
  request(api.GET('/content/{assetId}', { params: { path: { assetId }, query: { locale } } }));

/** The asset; not asked while `enabled` is false. */
export function useContentAsset(assetId: string, locale: string, enabled = true) {
  return useSWR(enabled ? getContentAssetKey(assetId, locale) : null, getContentAsset);
}
