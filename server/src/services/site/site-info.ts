/**
 * The site operations' data: the site and market configuration with the region's custom
 * preferences (storefront §3 Site), the storefront's maintenance status (§4 Maintenance), and the
 * caller's geolocation from the vehicle services.
 */
import type { components } from '../../../../generated/proxy/types.ts';
import type { SiteId } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { upstreamError } from '../../errors.ts';
import { DEFAULT_LOCALE, type Market } from '../../../../domain/locales.ts';
import { readCustomPreferences } from '../../upstream/commerce/preferences.ts';
import type { Shopper } from '../identity/shopper.ts';
import { getGeolocation } from '../../upstream/vehicles.ts';
import { getMaintenanceStatus } from '../../upstream/commerce/storefront-controllers.ts';

type Schemas = components['schemas'];

export async function siteConfig(
  ctx: AppContext,
  site: SiteId,
  market: Market,
  shopper: Pick<Shopper, 'headers'>,
): Promise<Schemas['SiteConfig']> {
  const preferences = await readCustomPreferences(ctx, site, market.country, shopper.headers);
  const customPreferences: Schemas['CustomPreferences'] = {
    ...(preferences.c_selectedVCSVersion !== undefined ? { selectedVCSVersion: preferences.c_selectedVCSVersion } : {}),
    hideAccountPage: preferences.c_hideAccountPage ?? false,
    hidePaymentMethodPage: preferences.c_hidePaymentMethodPage ?? false,
    showMyOverview: preferences.c_showMyOverview ?? true,
    showAutoRenewal: preferences.c_showAutoRenewal ?? false,
    billingMismatchControl: preferences.c_billingMismatchControl ?? false,
  };
  const { stripe, adyen } = ctx.config.credentials;
  // The site's tag manager container (GTM_CONTAINER_IDS): the browser loads it after analytics consent only.
  const tagManagerContainerId = ctx.config.tagManagerContainerIds[site];
  // Error reporting (SENTRY_DSN): the browser's SDK starts only when named here, and sends through POST /api/monitoring.
  const reporting = ctx.config.errorReporting;
  return {
    id: site,
    brand: site,
    country: market.country,
    locales: {
      supported: market.locales.map((l) => ({
        id: l.id,
        alias: l.alias,
        enabledInProduction: !ctx.config.localesNotInProduction.includes(l.id),
      })),
      default: market.locales[0]?.id ?? DEFAULT_LOCALE,
    },
    currency: market.currency,
    geoRegion: market.geoRegion,
    provider: market.provider,
    ...(market.provider === 'stripe' ? { publishableKey: stripe.publishableKey } : { clientKey: adyen.clientKey }),
    sandboxPayments: ctx.config.mode !== 'live',
    enabledPaymentMethods: market.paymentMethods,
    pricesIncludeVat: market.pricesIncludeVat,
    allowedCountries: market.allowedCountries,
    // The region's extra market (storefront §5, §9), from its custom preferences like the rest.
    extraMarkets: preferences.c_extraMarket ? [preferences.c_extraMarket] : [],
    splashCountryPrefixes: ctx.config.splashCountryPrefixes,
    maintenancePollIntervalMs: ctx.config.maintenancePollIntervalMs,
    ...(tagManagerContainerId ? { tagManagerContainerId } : {}),
    ...(reporting
      ? {
          errorReporting: {
            dsn: reporting.dsn.value,
            release: reporting.release,
            environment: reporting.environment,
          },
        }
      : {}),
    customPreferences,
  };
}

/** The commerce storefront's Maintenance-Status controller, reduced to a flag. */
export async function maintenanceStatus(
  ctx: AppContext,
  where: { site: SiteId; locale: string; signal: AbortSignal },
): Promise<Schemas['MaintenanceStatus']> {
  const { data, error } = await getMaintenanceStatus(ctx, where.site, where.locale, where.signal).catch(
    (cause: unknown) => {
      throw upstreamError('commerce', cause);
    },
  );
  if (error || !data) throw upstreamError('commerce');
  const maintenance = data.storefront_status === 'maintenance';
  return { storefront_status: maintenance ? 'maintenance' : 'online', maintenance };
}

/** The caller's country and IP; the caller's IP is forwarded to the vehicle services. */
export async function geolocation(ctx: AppContext, ip: string, signal: AbortSignal): Promise<Schemas['Geolocation']> {
  const { data, error } = await getGeolocation(ctx, ip, signal).catch((cause: unknown) => {
    throw upstreamError('vehicles', cause);
  });
  if (error || !data) throw upstreamError('vehicles');
  return { country: data.country, ip: data.ip };
}
