/**
 * The vehicle service's calls, the only code that makes them (openapi/upstream/vehicles.yaml): the
 * vehicle lookup, the geolocation, and the identity provider's code exchange and logout, which the
 * same service fronts. Each function is one operation of the contract, named by its operation id,
 * and answers openapi-fetch's `{ data, error, response }` unchanged: what an answer means is the
 * caller's.
 */
import type { operations } from '../../../generated/vehicles/types.ts';
import type { AppContext } from '../context.ts';

type LookupQuery = operations['lookupVehicle']['parameters']['query'];

/** lookupVehicle: the vehicles matching a VIN or an e-mail link's token, in the API `version` asked for. */
export const lookupVehicle = (ctx: AppContext, version: 'v11' | 'v12', query: LookupQuery, signal?: AbortSignal) =>
  ctx.upstreams.vehicles.GET('/{version}/vehicles', { params: { path: { version }, query }, signal });

/** getGeolocation: the country of the shopper's IP address (forwarded when known). */
export const getGeolocation = (ctx: AppContext, ip: string | undefined, signal?: AbortSignal) =>
  ctx.upstreams.vehicles.GET('/v1/geolocation', { headers: ip ? { 'X-Forwarded-For': ip } : {}, signal });

/** exchangeIdentityCode: the identity provider's authorization code for its tokens (PKCE). */
export const exchangeIdentityCode = (
  ctx: AppContext,
  body: operations['exchangeIdentityCode']['requestBody']['content']['application/json'],
  signal?: AbortSignal,
) => ctx.upstreams.vehicles.POST('/v1/identity/access-token', { body, signal });

/** logoutIdentity: ends the identity provider's session of the ID token. */
export const logoutIdentity = (ctx: AppContext, idToken: string, signal?: AbortSignal) =>
  ctx.upstreams.vehicles.GET('/v1/identity/logout', { params: { query: { id_token: idToken } }, signal });
