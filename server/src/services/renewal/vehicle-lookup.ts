/**
 * The vehicle lookup shared by GET /vehicles/lookup and GET /renewal/{productId}: the vehicle
 * services' lookup (v11 or v12 by the market's `selectedVCSVersion` custom preference, v12 when
 * unreadable) by VIN, encrypted VIN or mail token, with the storefront §5 "Vehicle lookup
 * response" checks (domain/renewal-guards.ts) turned into the contract's problems.
 */
import { vcsVersionOf } from '../../../../domain/page-access.ts';
import { expiryState } from '../../../../domain/expiry.ts';
import { checkVehicleLookup, vehicleLookupRedirect } from '../../../../domain/renewal-guards.ts';
import { VEHICLE_IMAGES_ASSET_ID, vehicleImageOf } from '../../../../domain/vehicle-image.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { components as VehicleComponents } from '../../../../generated/vehicles/types.ts';
import type { SiteId } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { AppError, invalidField } from '../../errors.ts';
import { contentAsset } from '../../upstream/commerce/content.ts';
import { customPreferences } from '../../upstream/commerce/preferences.ts';
import type { Shopper } from '../identity/shopper.ts';
import * as vehicles from '../../upstream/vehicles.ts';

type Schemas = components['schemas'];
export type UpstreamVehicle = VehicleComponents['schemas']['Vehicle'];

/** The link's identifiers (proxy query parameters). */
export interface VehicleIdentifiers {
  carvin?: string | undefined;
  cvin?: string | undefined;
  vin?: string | undefined;
  evn?: string | undefined;
  token?: string | undefined;
}

export interface LookupContext {
  site: SiteId;
  country: string;
}

/** The shopper's site and the market of the session's locale: where the vehicle must belong. */
export function lookupContext(shopper: Pick<Shopper, 'siteId' | 'market'>): LookupContext {
  return { site: shopper.siteId, country: shopper.market.country };
}

/**
 * The region's lookup settings, from its custom preferences: v11 or v12 by `selectedVCSVersion`
 * (v12 when absent or unreadable), and its extra market (storefront §5, §9), whose vehicles renew
 * here too (none when absent or unreadable).
 */
export async function lookupSettings(
  ctx: AppContext,
  site: SiteId,
  country: string,
  auth: { Authorization: string },
): Promise<{ version: 'v11' | 'v12'; extraMarket: string | null }> {
  const preferences = await customPreferences(ctx, site, country, auth);
  return {
    version: vcsVersionOf(preferences.c_selectedVCSVersion) === '11' ? 'v11' : 'v12',
    extraMarket: preferences.c_extraMarket ?? null,
  };
}

const problemVehicle = (v: UpstreamVehicle): Schemas['VehicleSummary'] => ({
  vin: v.vin,
  model: v.model,
  brand: v.brand ?? v.make,
  market: v.market,
});

function lookupFailed(detail: string): AppError {
  return new AppError(502, 'vehicle-lookup-failed', 'Vehicle lookup failed', detail, { redirectUrl: '/generic-error' });
}

/**
 * Looks the vehicle up; answers the vehicle on success, else throws the contract's problem:
 * 400 without an identifier, 404 vin-not-found, 409 invalid-market-vin / invalid-brand-vin, 502 otherwise.
 */
export async function lookupVehicleOrFail(
  ctx: AppContext,
  shopper: Pick<Shopper, 'headers' | 'signal' | 'log'>,
  ids: VehicleIdentifiers,
  where: LookupContext,
): Promise<UpstreamVehicle> {
  const vin = ids.carvin ?? ids.cvin;
  const cryptedVin = ids.vin ?? ids.evn;
  const token = ids.token;
  if (!vin && !cryptedVin && !token) {
    throw invalidField('The request query is not valid.', {
      field: 'carvin',
      message: 'Give a VIN (carvin, cvin), an encrypted VIN (vin, evn) or a token.',
      code: 'required',
    });
  }
  const identifier = vin ? { vin } : cryptedVin ? { cryptedVin } : { userMailToken: token! };
  const { version, extraMarket } = await lookupSettings(ctx, where.site, where.country, shopper.headers);
  const { data, response } = await vehicles
    .lookupVehicle(
      ctx,
      version,
      { service: 'VCS', ...identifier, exactVehicleMatch: true, consolidateConNav: true },
      shopper.signal,
    )
    .catch((cause: unknown) => {
      shopper.log.error({ err: cause }, 'vehicle lookup failed');
      throw lookupFailed('The vehicle service could not be reached.');
    });
  const outcome = checkVehicleLookup(
    { status: response.status, vehicles: data?.result ?? null },
    { brand: where.site, country: where.country, extraMarket },
  );
  const redirect = vehicleLookupRedirect(outcome);
  const vehicle = data?.result?.[0];
  switch (outcome.kind) {
    case 'success':
      return vehicle!;
    case 'notFound': {
      const what = vin ? `VIN ${vin}` : cryptedVin ? 'this encrypted VIN' : 'this link token';
      throw new AppError(404, 'vin-not-found', 'VIN not found', `No vehicle was found for ${what}.`, {
        redirectUrl: redirect!.path,
      });
    }
    case 'brandError':
      throw new AppError(
        409,
        'invalid-brand-vin',
        'Brand Error',
        `The vehicle ${vehicle!.vin} is a ${vehicle!.brand ?? vehicle!.make} vehicle.`,
        { redirectUrl: redirect!.path, vehicle: problemVehicle(vehicle!) },
      );
    case 'marketError':
      throw new AppError(
        409,
        'invalid-market-vin',
        'Market Error',
        `The vehicle ${vehicle!.vin} is registered in ${vehicle!.market}, not in ${[where.country, extraMarket].filter(Boolean).join(' or ')}.`,
        { redirectUrl: redirect!.path, vehicle: problemVehicle(vehicle!) },
      );
    case 'genericError':
      shopper.log.warn({ status: response.status }, 'vehicle lookup failed');
      throw lookupFailed(
        response.status >= 200 && response.status < 300
          ? 'The vehicle service found no vehicle.'
          : `The vehicle service answered ${response.status}.`,
      );
  }
}

/**
 * Keeps the spec's session values (vehicleVin, vehicleModel, userMailToken) server-side, in the
 * shopper's session; saved only when they changed (a returning shopper's renewal page reads the
 * same vehicle again and again, and each save is a store write).
 */
export async function rememberVehicle(
  shopper: Pick<Shopper, 'session' | 'persist'>,
  vehicle: UpstreamVehicle,
): Promise<void> {
  const { session } = shopper;
  const before = JSON.stringify(vehicleValues(session));
  // Stored vehicle data lives 10 days from when it was first stored (storefront §9), not from each save.
  if (session.vehicleStoredAt === undefined || session.vehicle?.vin !== vehicle.vin)
    session.vehicleStoredAt = Date.now();
  session.vehicle = problemVehicle(vehicle);
  // What only the vehicle's orders carry (storefront §3 Order), kept beside it, never shown to the browser.
  session.vehicleRecord = {
    ...(vehicle.brand ? { brand: vehicle.brand } : {}),
    ...(vehicle.wirelessCarId ? { wirelessCarId: vehicle.wirelessCarId } : {}),
  };
  // The latest term of each product: a renewal runs on from it (domain/expiry.ts expiryAfterRenewal).
  const expiries: Record<string, string> = {};
  for (const { productId, expiryDate } of vehicle.subscriptions ?? []) {
    const date = typeof expiryDate === 'string' ? expiryDate.slice(0, 10) : undefined;
    if (productId && date && !(expiries[productId]! > date)) expiries[productId] = date;
  }
  session.subscriptionExpiries = expiries;
  if (vehicle.userMailToken) session.mailToken = vehicle.userMailToken;
  // The owner's mailbox is linked to an account when the record names the customer's account id.
  if (vehicle.customer?.id && vehicle.customer.email) session.ownerAccountEmail = vehicle.customer.email;
  else delete session.ownerAccountEmail;
  if (JSON.stringify(vehicleValues(session)) !== before) await shopper.persist();
}

/** The session values rememberVehicle writes, to tell whether it changed any. */
function vehicleValues(session: Shopper['session']) {
  const { vehicleStoredAt, vehicle, vehicleRecord, subscriptionExpiries, mailToken, ownerAccountEmail } = session;
  return { vehicleStoredAt, vehicle, vehicleRecord, subscriptionExpiries, mailToken, ownerAccountEmail };
}

/** Display names of the catalogue's services (the lookup carries only product ids). */
const SERVICE_NAMES: Record<string, string> = {
  'cn-connected-navigation': 'Connected Navigation',
  'vcs-online-pack': 'Online Pack',
  'vcs-adaptive-cruise': 'Adaptive Cruise Control',
};

/** The vehicle's picture from the content library; a failure only costs the picture (logged). */
async function vehicleImage(ctx: AppContext, shopper: Shopper, model: string | undefined) {
  try {
    return vehicleImageOf((await contentAsset(ctx, shopper, VEHICLE_IMAGES_ASSET_ID))?.c_body, model);
  } catch (error) {
    shopper.log.warn({ err: error }, 'vehicle lookup: the vehicle pictures could not be read');
    return null;
  }
}

/**
 * The vehicle of the link checked against the storefront brand and the current market (storefront
 * §4 "Vehicle lookup", §5 "Vehicle lookup response"), with its services' expiry states and its
 * picture (the product list's feature image, from the My_Services_Image asset); the spec's session
 * values are kept.
 */
export async function lookupVehicle(
  ctx: AppContext,
  shopper: Shopper,
  ids: VehicleIdentifiers,
): Promise<Schemas['VehicleLookupResult']> {
  const vehicle = await lookupVehicleOrFail(ctx, shopper, ids, lookupContext(shopper));
  const [imageUrl] = await Promise.all([vehicleImage(ctx, shopper, vehicle.model), rememberVehicle(shopper, vehicle)]);
  const now = Date.now();
  return {
    outcome: 'success',
    vehicle: {
      vin: vehicle.vin,
      model: vehicle.model,
      brand: vehicle.brand ?? vehicle.make,
      make: vehicle.make,
      market: vehicle.market,
      imageUrl,
      services: (vehicle.subscriptions ?? []).map((s) => ({
        productId: s.productId,
        name: SERVICE_NAMES[s.productId] ?? s.productId,
        imageUrl: null,
        expiryDate: s.expiryDate,
        expiryState: expiryState(s.expiryDate, now),
      })),
    },
  };
}
