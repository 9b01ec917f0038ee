/**
 * The region's custom preferences (storefront §3 Site: a custom object per market holding
 * selectedVCSVersion, showAutoRenewal, billingMismatchControl and the page switches), kept a
 * minute. Unreadable preferences count as absent: every caller has a default.
 */
import type { AppContext } from '../context.ts';
import { TtlCache } from './ttl-cache.ts';

export type CustomPreferences = Record<string, unknown>;

const preferences = new TtlCache<CustomPreferences>(60_000);

/** `auth`: a shopper token; the classic shop API asks for one (commerce.yaml's ShopperToken). */
export function customPreferences(
  ctx: AppContext,
  siteId: string,
  country: string,
  auth: { Authorization: string },
): Promise<CustomPreferences> {
  return preferences.get(`${siteId}|${country}`, async () => {
    try {
      const { data } = await ctx.upstreams.commerceClassic.GET(
        '/s/{siteId}/dw/shop/v24_5/custom_objects/{object_type}/{key}',
        { params: { path: { siteId, object_type: 'CustomPreferences', key: country } }, headers: auth },
      );
      return (data ?? {}) as CustomPreferences;
    } catch (error) {
      ctx.logger.warn({ err: error, siteId, country }, 'custom preferences unreadable');
      return {};
    }
  });
}
