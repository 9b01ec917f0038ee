/**
 * One typed openapi-fetch client per upstream, built from generated/<name>/client.ts. Every call
 * has a timeout (AbortSignal.timeout); idempotent reads (GET, HEAD) are retried up to
 * `upstreamRetries` times on network errors and 502/503/504. Writes are never retried here (the
 * payment calls carry their own Idempotency-Key).
 */
import { createAdyenClient, type AdyenClient } from '../../generated/adyen/client.ts';
import { createCommerceClient, type CommerceClient } from '../../generated/commerce/client.ts';
import { createIdentityClient, type IdentityClient } from '../../generated/identity/client.ts';
import { createLoqateClient, type LoqateClient } from '../../generated/loqate/client.ts';
import { createSomClient, type SomClient } from '../../generated/som/client.ts';
import { createStripeClient, type StripeClient } from '../../generated/stripe/client.ts';
import { createVehiclesClient, type VehiclesClient } from '../../generated/vehicles/client.ts';
import type { Config, UpstreamName } from './config.ts';
import { withMockScenario } from './mock-scenario.ts';

export interface Upstreams {
  commerce: CommerceClient;
  /** Classic OCAPI calls and controllers, on the storefront host. */
  commerceClassic: CommerceClient;
  som: SomClient;
  vehicles: VehiclesClient;
  identity: IdentityClient;
  adyen: AdyenClient;
  stripe: StripeClient;
  loqate: LoqateClient;
}

type FetchFn = (input: Request) => Promise<Response>;

const RETRYABLE_STATUS = new Set([502, 503, 504]);
const IDEMPOTENT = new Set(['GET', 'HEAD']);

export interface ResilientFetchOptions {
  timeoutMs: number;
  retries: number;
  /** Pause before retry n (1-based); short by default. */
  backoffMs?: (attempt: number) => number;
  fetch?: (input: Request) => Promise<Response>;
}

/** A fetch with a timeout on every attempt and retries on idempotent reads only. */
export function resilientFetch(options: ResilientFetchOptions): FetchFn {
  const base = options.fetch ?? ((input: Request) => fetch(input));
  const backoff = options.backoffMs ?? ((attempt: number) => 100 * attempt);
  return async (input: Request) => {
    const retries = IDEMPOTENT.has(input.method.toUpperCase()) ? options.retries : 0;
    for (let attempt = 0; ; attempt += 1) {
      const signal = AbortSignal.any([input.signal, AbortSignal.timeout(options.timeoutMs)]);
      const request = new Request(input.clone(), { signal });
      try {
        const response = await base(request);
        if (attempt < retries && RETRYABLE_STATUS.has(response.status)) {
          await response.body?.cancel();
          await new Promise((r) => setTimeout(r, backoff(attempt + 1)));
          continue;
        }
        return response;
      } catch (error) {
        // A timeout is not retried: the budget is spent. Network errors (TypeError) are.
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        if (timedOut || attempt >= retries) throw error;
        await new Promise((r) => setTimeout(r, backoff(attempt + 1)));
      }
    }
  };
}

/**
 * OCAPI requires every shop call to name its client application: from the bearer token when there
 * is one, else `client_id` or the `x-dw-client-id` header, or it answers 400. Every classic shop
 * call (`/s/{siteId}/dw/shop/...`) carries the site's client id in the header.
 */
export function withOcapiClientId(client: CommerceClient, clientIds: Record<string, string>): CommerceClient {
  client.use({
    onRequest({ request }) {
      const site = /\/s\/([^/]+)\/dw\/shop\//.exec(new URL(request.url).pathname)?.[1];
      const clientId = site ? clientIds[decodeURIComponent(site)] : undefined;
      if (clientId) request.headers.set('x-dw-client-id', clientId);
      return request;
    },
  });
  return client;
}

export function createUpstreams(config: Config, fetchImpl?: FetchFn): Upstreams {
  const fetch = resilientFetch({
    timeoutMs: config.upstreamTimeoutMs,
    retries: config.upstreamRetries,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  // Prism mode: a request's mock scenario becomes Prism's Prefer header on the calls it names (mock-scenario.ts).
  const base = (name: UpstreamName) => ({
    baseUrl: config.baseUrls[name],
    fetch: config.mode === 'prism' ? withMockScenario(name, config.baseUrls[name], fetch) : fetch,
  });
  const { credentials } = config;
  const serviceAuth = { Authorization: `Bearer ${credentials.serviceToken}` };
  return {
    // Shopper calls carry the shopper's own token per request; no shared credential here.
    commerce: createCommerceClient(base('commerce')),
    commerceClassic: withOcapiClientId(createCommerceClient(base('commerceClassic')), credentials.commerce.clientIds),
    som: createSomClient({ ...base('som'), headers: serviceAuth }),
    vehicles: createVehiclesClient({ ...base('vehicles'), headers: serviceAuth }),
    identity: createIdentityClient(base('identity')),
    adyen: createAdyenClient({ ...base('adyen'), headers: { 'X-API-Key': credentials.adyen.apiKey } }),
    stripe: createStripeClient({
      ...base('stripe'),
      headers: { Authorization: `Bearer ${credentials.stripe.secretKey}` },
    }),
    // Loqate takes its key as a query parameter on each call.
    loqate: createLoqateClient(base('loqate')),
  };
}
