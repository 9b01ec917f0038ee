import { expiryState } from '../../../../domain/expiry.ts';
import { VEHICLE_IMAGES_ASSET_ID, vehicleImageOf } from '../../../../domain/vehicle-image.ts';
import { zLookupVehicleQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext, Handler } from '../../context.ts';
import { contentAsset } from '../../services/content.ts';
import { lookupContext, lookupVehicleOrFail, rememberVehicle } from '../../services/vehicle-lookup.ts';
import { shopperOf } from '../../services/shopper.ts';
import { parseQuery } from '../../validate.ts';

type Schemas = components['schemas'];

/** Display names of the catalogue's services (the lookup carries only product ids). */
const SERVICE_NAMES: Record<string, string> = {
  'cn-connected-navigation': 'Connected Navigation',
  'vcs-online-pack': 'Online Pack',
  'vcs-adaptive-cruise': 'Adaptive Cruise Control',
};

/** The vehicle's picture from the content library; a failure only costs the picture (logged). */
async function vehicleImage(ctx: AppContext, where: Parameters<typeof contentAsset>[1], model: string | undefined) {
  try {
    return vehicleImageOf((await contentAsset(ctx, where, VEHICLE_IMAGES_ASSET_ID))?.c_body, model);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'vehicle lookup: the vehicle pictures could not be read');
    return null;
  }
}

/**
 * GET /api/vehicles/lookup: the vehicle of the link (VIN, encrypted VIN or mail token) checked
 * against the storefront brand and the current market (storefront §4 "Vehicle lookup", §5
 * "Vehicle lookup response"), with its services' expiry states and its picture (the product list's
 * feature image, from the My_Services_Image asset). Keeps vehicleVin, vehicleModel and
 * userMailToken in the server-side session.
 */
export const lookupVehicle: Handler = async (req, res, ctx) => {
  const query = parseQuery(zLookupVehicleQuery, req);
  const where = await lookupContext(req, ctx);
  const shopper = await shopperOf(req, res, ctx);
  const vehicle = await lookupVehicleOrFail(req, ctx, query, where, shopper.headers);
  const [imageUrl] = await Promise.all([
    vehicleImage(ctx, shopper, vehicle.model),
    rememberVehicle(res, ctx, shopper.session, vehicle),
  ]);
  const now = Date.now();
  const body: Schemas['VehicleLookupResult'] = {
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
  res.setHeader('Cache-Control', 'private, no-store');
  res.json(body);
};
