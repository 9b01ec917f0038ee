import { zLookupVehicleQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { lookupVehicle as lookup } from '../../services/vehicle-lookup.ts';
import { parseQuery } from '../../validate.ts';

/**
 * GET /api/vehicles/lookup: the vehicle of the link (VIN, encrypted VIN or mail token), checked
 * against the brand and market (storefront §4 "Vehicle lookup", §5 "Vehicle lookup response").
 */
export const lookupVehicle: Handler = async (req, res, ctx) => {
  const query = parseQuery(zLookupVehicleQuery, req);
  sendPrivate(res, await lookup(ctx, await shopperOf(req, res, ctx), query));
};
