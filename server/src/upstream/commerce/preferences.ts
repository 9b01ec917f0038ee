/**
 * The region's custom preferences (storefront §3 Site: a custom object per market holding
 * selectedVCSVersion, showAutoRenewal, billingMismatchControl and the page switches), shared by
 * every shopper of the market (SHARED_READS). `readCustomPreferences` fails when they cannot be
 * read and no copy is kept (the site configuration must say so); `customPreferences` counts
 * unreadable preferences as absent, since every other caller has a default. A failed read is never
 * kept: the next request asks again.
 */
import type { components as CommerceComponents } from '../../../../generated/commerce/types.ts';
import { zCustomObject } from '../../../../generated/commerce/zod/zod.gen.ts';
import type { AppContext } from '../../context.ts';
import { upstreamError } from '../../errors.ts';
import { cachePerUpstreams, SHARED_READS, staleServed } from '../../services/platform/ttl-cache.ts';

export type CustomPreferences = CommerceComponents['schemas']['CustomObject'];

const preferences = cachePerUpstreams<CustomPreferences>(SHARED_READS);

/**
 * `auth`: a shopper token, which the classic shop API asks for (commerce.yaml's ShopperToken);
 * a login that starts before the session has one reads without it.
 */
export function readCustomPreferences(
  ctx: AppContext,
  siteId: string,
  country: string,
  auth: { Authorization: string } | undefined,
): Promise<CustomPreferences> {
  const key = `${siteId}|${country}`;
  return preferences(ctx.upstreams).get(
    key,
    () => loadCustomPreferences(ctx, siteId, country, auth),
    staleServed(ctx.logger, 'custom preferences', key),
  );
}

async function loadCustomPreferences(
  ctx: AppContext,
  siteId: string,
  country: string,
  auth: { Authorization: string } | undefined,
): Promise<CustomPreferences> {
  const { data, response } = await ctx.upstreams.commerceClassic
    .GET('/s/{siteId}/dw/shop/v24_5/custom_objects/{object_type}/{key}', {
      params: { path: { siteId, object_type: 'CustomPreferences', key: country } },
      ...(auth ? { headers: auth } : {}),
    })
    .catch((cause: unknown) => {
      throw upstreamError('commerce', cause);
    });
  // A wrongly typed answer (issue 17's fault table) is not kept either: cached, it would switch the
  // region's flags off for every shopper until it expired. Only the fields it has are checked.
  if (!data || !zCustomObject.partial().safeParse(data).success) {
    ctx.logger.warn({ status: response.status, siteId, country }, 'custom preferences not readable');
    throw upstreamError('commerce');
  }
  return data as CustomPreferences;
}

/** The preferences, or none (logged) when they cannot be read. */
export async function customPreferences(
  ctx: AppContext,
  siteId: string,
  country: string,
  auth: { Authorization: string } | undefined,
): Promise<Partial<CustomPreferences>> {
  try {
    return await readCustomPreferences(ctx, siteId, country, auth);
  } catch (error) {
    ctx.logger.warn({ err: error, siteId, country }, 'custom preferences unreadable');
    return {};
  }
}
