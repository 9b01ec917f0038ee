import type { ShopperOperation } from '../../http/operation.ts';
import { lookupVehicle as lookup } from '../../services/renewal/vehicle-lookup.ts';

/**
 * GET /api/vehicles/lookup: the vehicle of the link (VIN, encrypted VIN or mail token), checked
 * against the brand and market (storefront §4 "Vehicle lookup", §5 "Vehicle lookup response").
 */
export const lookupVehicle = {
  access: 'shopper',
  run: (ctx, shopper, { query }) => lookup(ctx, shopper, query),
} satisfies ShopperOperation<'lookupVehicle'>;
