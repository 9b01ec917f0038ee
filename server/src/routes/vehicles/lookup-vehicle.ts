import { expiryState } from '../../../../domain/expiry.ts';
import { zLookupVehicleQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { Handler } from '../../context.ts';
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

/**
 * GET /api/vehicles/lookup: the vehicle of the link (VIN, encrypted VIN or mail token) checked
 * against the storefront brand and the current market (storefront §4 "Vehicle lookup", §5
 * "Vehicle lookup response"), with its services' expiry states. Keeps vehicleVin, vehicleModel and
 * userMailToken in the server-side session.
 */
export const lookupVehicle: Handler = async (req, res, ctx) => {
  const query = parseQuery(zLookupVehicleQuery, req);
  const where = await lookupContext(req, ctx);
  const shopper = await shopperOf(req, res, ctx);
  const vehicle = await lookupVehicleOrFail(req, ctx, query, where, shopper.headers);
  await rememberVehicle(res, ctx, shopper.session, vehicle);
  const now = Date.now();
  const body: Schemas['VehicleLookupResult'] = {
    outcome: 'success',
    vehicle: {
      vin: vehicle.vin,
      model: vehicle.model,
      brand: vehicle.brand ?? vehicle.make,
      make: vehicle.make,
      market: vehicle.market,
      imageUrl: null,
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
