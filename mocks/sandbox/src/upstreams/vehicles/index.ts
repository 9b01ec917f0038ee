/**
 * The vehicle and identity services stand-in (`/vehicles`), every operation of
 * openapi/upstream/vehicles.yaml:
 *
 * - `GET /{v11|v12}/vehicles`: lookup by `vin`, `cryptedVin` or `userMailToken` (the first given
 *   wins). The two versions answer the same record (the contract names no difference). The shop
 *   checks market and brand itself, so any seed vehicle is a 200; an unknown one is 404.
 *   `exactVehicleMatch=true` returns only that vehicle; without it the owner's other vehicles of
 *   the same brand follow it (the matched vehicle is always first). `consolidateConNav=true` folds
 *   the connected-navigation terms into one entry per product with the latest expiry; without it
 *   every term is listed, newest first.
 * - `GET /v1/customers/{customerId}/connected-services`: the owner's (CDC id) vehicles.
 * - `GET /v1/session`: decodes the id token without verifying it; valid when its subject (or
 *   `identifiers.uid`) is a seed shopper, `exp` is after the sandbox clock and it was not logged
 *   out.
 * - `GET /v1/sites/{siteId}/faqs/top`, `GET /v1/geolocation`.
 * - `POST /v1/identity/access-token`: exchanges the code with the sandbox identity provider's
 *   token endpoint over HTTP; `GET /v1/identity/logout` ends the id token's session.
 * - `GET /v1/orders/{orderId}`, `POST /v1/orders/fail`: through the pluggable `OrderStore`.
 */
import express, { type Request, type Router } from 'express';
import type { components } from '../../../../../generated/vehicles/types.ts';
import { zFailOrderRequest, zIdentityCodeExchangeRequest } from '../../../../../generated/vehicles/zod/zod.gen.ts';
import type { SandboxContext, UpstreamModule } from '../../app.ts';
import { CREDENTIALS, SHOPPERS } from '../../seed.ts';
import {
  errorHandler,
  notFoundHandler,
  parseBody,
  queryFlag,
  requireQuery,
  requireServiceToken,
  sendError,
  serviceErrorBody,
} from '../som/service-proxy.ts';
import { topRenewalFaqs } from './faqs.ts';
import { fleetVehicles, findVehicle, seedFleet, type FleetSubscription, type FleetVehicle } from './fleet.ts';
import { orderStore } from './orders.ts';

export { setVehicleExpiry, vehicleExpiry } from './fleet.ts';
export { createMemoryOrderStore, setOrderStore, type OrderStore, type VehicleOrder } from './orders.ts';

type S = components['schemas'];

const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
const TOKEN_PATH = '/identity/am/oauth2/realms/root/realms/alpha/access_token';
const DEFAULT_CALLBACK = '/callback/forgerock';

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
let identityFetch: FetchLike = (input, init) => fetch(input, init);

/** Replaces the HTTP client of the identity exchange (tests stub the identity provider). */
export function setIdentityFetch(next: FetchLike | undefined): void {
  identityFetch = next ?? ((input, init) => fetch(input, init));
}

/** Id tokens ended by the identity logout (cleared on reset). */
const loggedOut = new Set<string>();

function consolidated(subscriptions: FleetSubscription[], consolidate: boolean): S['VehicleSubscription'][] {
  if (!consolidate) return subscriptions.map((s) => ({ ...s }));
  const latest = new Map<string, string>();
  for (const s of subscriptions) {
    const current = latest.get(s.productId);
    if (!current || s.expiryDate > current) latest.set(s.productId, s.expiryDate);
  }
  return [...latest].map(([productId, expiryDate]) => ({ productId, expiryDate }));
}

function vehicleRecord(vehicle: FleetVehicle, consolidate: boolean): S['Vehicle'] {
  return {
    market: vehicle.seed.market,
    vin: vehicle.seed.vin,
    model: vehicle.seed.model,
    make: vehicle.seed.brand,
    brand: vehicle.seed.brand,
    vehicleLine: vehicle.vehicleLine,
    wirelessCarId: vehicle.wirelessCarId,
    cryptedVin: vehicle.cryptedVin,
    userMailToken: vehicle.userMailToken,
    subscriptions: consolidated(vehicle.subscriptions, consolidate),
    customer: { id: vehicle.owner.sapCdcId, email: vehicle.owner.email },
  };
}

interface IdTokenClaims {
  sub?: unknown;
  exp?: unknown;
  identifiers?: { uid?: unknown; crmId?: unknown };
}

/** The JWT's payload, decoded without verifying the signature; undefined when it is not a JWT. */
export function decodeJwtPayload(token: string): IdTokenClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' ? (payload as IdTokenClaims) : undefined;
  } catch {
    return undefined;
  }
}

function clientIp(req: Request): string {
  const forwarded = req.get('x-forwarded-for')?.split(',')[0]?.trim();
  const ip = forwarded || req.get('x-real-ip') || req.socket.remoteAddress || '127.0.0.1';
  return ip.replace(/^::ffff:/, '');
}

/** Documentation ranges: 203.0.113.0/24 is GB, 198.51.100.0/24 FR, 192.0.2.0/24 DE; else GB. */
function countryOf(req: Request, ip: string): string {
  const told = (req.get('x-country-code') ?? req.get('cf-ipcountry'))?.trim().toUpperCase();
  if (told && /^[A-Z]{2}$/.test(told)) return told;
  if (ip.startsWith('198.51.100.')) return 'FR';
  if (ip.startsWith('192.0.2.')) return 'DE';
  return 'GB';
}

/** The redirect URI the code was issued for: the origin as given, or the origin + /callback/forgerock. */
export function redirectUriOf(origin: string): string {
  try {
    const url = new URL(origin);
    if (url.pathname === '/' || url.pathname === '') return `${url.origin}${DEFAULT_CALLBACK}`;
    return origin;
  } catch {
    return origin;
  }
}

export function vehiclesRouter(context: SandboxContext): Router {
  seedFleet(context.clock);
  context.resetHooks.push(() => {
    seedFleet(context.clock);
    loggedOut.clear();
    orderStore().reset?.();
  });

  const router = express.Router();
  router.use(requireServiceToken);
  router.use(express.json({ limit: '1mb' }));

  router.get('/:version/vehicles', (req, res) => {
    const version = req.params.version;
    if (version !== 'v11' && version !== 'v12') {
      sendError(res, 404, 'NotFound', `Unknown lookup version ${version}; use v11 or v12.`);
      return;
    }
    if (!requireQuery(req, res, ['service'])) return;
    const q = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string).trim() : '');
    const vin = q('vin');
    const cryptedVin = q('cryptedVin');
    const userMailToken = q('userMailToken');
    if (!vin && !cryptedVin && !userMailToken) {
      sendError(res, 400, 'MissingParameters', 'Missing required parameters: vin, cryptedVin or userMailToken');
      return;
    }
    if (vin && !VIN_PATTERN.test(vin.toUpperCase())) {
      sendError(res, 400, 'MissingParameters', `Invalid parameters: vin ${vin} is not a VIN`);
      return;
    }
    const vehicle = findVehicle({ vin, cryptedVin, userMailToken });
    if (!vehicle) {
      const what = vin ? `VIN ${vin}` : cryptedVin ? `encrypted VIN ${cryptedVin}` : `mail token ${userMailToken}`;
      sendError(res, 404, 'NotFound', `No vehicle found for ${what}`);
      return;
    }
    const consolidate = queryFlag(req, 'consolidateConNav');
    const others = queryFlag(req, 'exactVehicleMatch')
      ? []
      : fleetVehicles().filter(
          (v) => v !== vehicle && v.owner.handle === vehicle.owner.handle && v.seed.brand === vehicle.seed.brand,
        );
    const response: S['VehicleLookupResponse'] = {
      result: [vehicle, ...others].map((v) => vehicleRecord(v, consolidate)),
    };
    res.json(response);
  });

  router.get('/v1/customers/:customerId/connected-services', (req, res) => {
    const shopper = SHOPPERS.find((s) => s.sapCdcId === req.params.customerId);
    if (!shopper) {
      sendError(res, 404, 'NotFound', `No customer found for id ${req.params.customerId}`);
      return;
    }
    const vin = typeof req.query.vin === 'string' ? req.query.vin.trim().toUpperCase() : '';
    if (vin && !VIN_PATTERN.test(vin)) {
      sendError(res, 400, 'MissingParameters', `Invalid parameters: vin ${vin} is not a VIN`);
      return;
    }
    const vehicles = fleetVehicles().filter((v) => v.owner.handle === shopper.handle && (!vin || v.seed.vin === vin));
    const response: S['ConnectedServicesResponse'] = {
      customer: { id: shopper.sapCdcId, email: shopper.email },
      vehicles: vehicles.map((v) => vehicleRecord(v, true)),
    };
    res.json(response);
  });

  router.get('/v1/session', (req, res) => {
    if (!requireQuery(req, res, ['id_token'])) return;
    const token = String(req.query.id_token);
    const claims = decodeJwtPayload(token);
    const subject = typeof claims?.sub === 'string' ? claims.sub : claims?.identifiers?.uid;
    const shopper = SHOPPERS.find((s) => s.uid === subject);
    const exp = typeof claims?.exp === 'number' ? claims.exp * 1000 : undefined;
    const valid = Boolean(shopper && exp !== undefined && exp > context.clock.nowMs() && !loggedOut.has(token));
    const response: S['SessionCheckResponse'] = valid
      ? { valid: true, principalUUID: shopper!.uid, expiresAt: new Date(exp!).toISOString() }
      : { valid: false, principalUUID: null, expiresAt: null };
    res.json(response);
  });

  router.get('/v1/sites/:siteId/faqs/top', (req, res) => {
    if (!requireQuery(req, res, ['market', 'context'])) return;
    const { siteId } = req.params;
    if (siteId !== 'aurora' && siteId !== 'borealis') {
      sendError(res, 404, 'NotFound', `No site ${siteId}`);
      return;
    }
    if (req.query.context !== 'renewals') {
      sendError(res, 400, 'MissingParameters', 'Invalid parameters: context must be renewals');
      return;
    }
    const market = String(req.query.market).toUpperCase();
    const response: S['FaqListResponse'] = { items: topRenewalFaqs(market, queryFlag(req, 'autoRenew')) };
    res.json(response);
  });

  router.get('/v1/geolocation', (req, res) => {
    const ip = clientIp(req);
    const response: S['Geolocation'] = { country: countryOf(req, ip), ip };
    res.json(response);
  });

  router.post('/v1/identity/access-token', async (req, res) => {
    const body = parseBody(zIdentityCodeExchangeRequest, req, res);
    if (!body) return;
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: body.customerCode,
      code_verifier: body.codeVerifier,
      redirect_uri: redirectUriOf(body.origin),
    });
    // client_secret_basic, the client's registered method (form-encoded id and secret, RFC 6749 §2.3.1).
    const { clientId, clientSecret } = CREDENTIALS.identity;
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64');
    let answer: Response;
    try {
      answer = await identityFetch(`${context.baseUrl()}${TOKEN_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: `Basic ${basic}`,
        },
        body: form.toString(),
      });
    } catch (error) {
      sendError(res, 500, 'InternalError', `Identity provider unreachable: ${(error as Error).message}`);
      return;
    }
    const payload = (await answer.json().catch(() => ({}))) as {
      id_token?: unknown;
      error?: unknown;
      error_description?: unknown;
    };
    if (!answer.ok || typeof payload.id_token !== 'string') {
      const error = typeof payload.error === 'string' ? payload.error : 'invalid_grant';
      const description =
        typeof payload.error_description === 'string'
          ? payload.error_description
          : `token endpoint answered ${answer.status}`;
      sendError(res, 400, 'TokenError', `${error}: ${description}`);
      return;
    }
    const claims = decodeJwtPayload(payload.id_token);
    if (typeof claims?.sub !== 'string') {
      sendError(res, 400, 'TokenError', 'invalid_token: The id token has no subject');
      return;
    }
    const response: S['IdentityCodeExchangeResponse'] = { principalUUID: claims.sub, idToken: payload.id_token };
    res.json(response);
  });

  router.get('/v1/identity/logout', (req, res) => {
    if (!requireQuery(req, res, ['id_token'])) return;
    loggedOut.add(String(req.query.id_token));
    const response: S['LogoutResponse'] = { success: true };
    res.json(response);
  });

  // Registered before /v1/orders/:orderId so that "fail" is never read as an order id.
  router.post('/v1/orders/fail', async (req, res) => {
    const body = parseBody(zFailOrderRequest, req, res);
    if (!body) return;
    const order = await orderStore().failOrder(body.id, body.customerName);
    if (!order) {
      sendError(res, 404, 'NotFound', `No order found for id ${body.id}`);
      return;
    }
    res.json(order);
  });

  router.get('/v1/orders/:orderId', async (req, res) => {
    const order = await orderStore().getOrder(req.params.orderId);
    if (!order) {
      sendError(res, 404, 'NotFound', `No order found for id ${req.params.orderId}`);
      return;
    }
    res.json(order);
  });

  router.use(notFoundHandler);
  router.use(errorHandler);
  return router;
}

export const vehiclesModule: UpstreamModule = {
  upstream: 'vehicles',
  errorBody: serviceErrorBody,
  router: vehiclesRouter,
};
