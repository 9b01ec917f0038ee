/**
 * One typed openapi-fetch client per upstream, built from generated/<name>/client.ts. Every call
 * has a timeout (AbortSignal.timeout); idempotent reads (GET, HEAD) are retried up to
 * `upstreamRetries` times on network errors and 502/503/504. Writes are never retried here (the
 * payment calls carry their own Idempotency-Key).
 *
 * Issue 16: every attempt carries the proxy request's `x-request-id` and a `traceparent`
 * (upstream/correlation.ts) and is timed per upstream and status (metrics/upstream.ts).
 */
import { createAdyenClient, type AdyenClient } from '../../../generated/adyen/client.ts';
import { createCommerceClient, type CommerceClient } from '../../../generated/commerce/client.ts';
import { createIdentityClient, type IdentityClient } from '../../../generated/identity/client.ts';
import { createLoqateClient, type LoqateClient } from '../../../generated/loqate/client.ts';
import { createSomClient, type SomClient } from '../../../generated/som/client.ts';
import { createStripeClient, type StripeClient } from '../../../generated/stripe/client.ts';
import { createVehiclesClient, type VehiclesClient } from '../../../generated/vehicles/client.ts';
import { withBearerRenewal } from './bearer-renewal.ts';
import type { Config, UpstreamName } from '../config.ts';
import { withCorrelation } from './correlation.ts';
import type { ProxyMetrics } from '../metrics/registry.ts';
import { instrumentUpstream } from '../metrics/upstream.ts';
import { withMockScenario } from './mock-scenario.ts';
import { UpstreamRequest } from './message.ts';
import {
  createUpstreamTransport,
  type UpstreamFetch,
  type UpstreamInput,
  type UpstreamTransport,
} from './transport.ts';

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

/** An upstream call: the request openapi-fetch built, and the signal of this attempt (its timeout). */
type FetchFn = UpstreamFetch;

const RETRYABLE_STATUS = new Set([502, 503, 504]);
const IDEMPOTENT = new Set(['GET', 'HEAD']);

export interface ResilientFetchOptions {
  timeoutMs: number;
  retries: number;
  /** Pause before retry n (1-based); short by default. */
  backoffMs?: (attempt: number) => number;
  fetch?: FetchFn;
}

/** The attempts in flight for each caller's signal (a shopper's request), aborted with it. */
const attemptsOf = new WeakMap<AbortSignal, Set<AbortController>>();

/**
 * One attempt's signal: aborted with the caller's reason when the caller's signal aborts (the
 * shopper left), or with a TimeoutError after `timeoutMs`, as AbortSignal.timeout's. One listener
 * per caller's signal serves all its attempts, and `done` drops the attempt and its timer: this is
 * AbortSignal.any([caller, AbortSignal.timeout(ms)]) without the weak references and dependent
 * signals those leave for the garbage collector on every call (issue 16).
 */
function attemptSignal(
  caller: AbortSignal | null | undefined,
  timeoutMs: number,
): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  if (caller?.aborted) {
    controller.abort(caller.reason);
    return { signal: controller.signal, done: () => undefined };
  }
  let attempts = caller ? attemptsOf.get(caller) : undefined;
  if (caller && !attempts) {
    const inFlight = new Set<AbortController>();
    attemptsOf.set(caller, (attempts = inFlight));
    caller.addEventListener('abort', () => inFlight.forEach((c) => c.abort(caller.reason)), { once: true });
  }
  attempts?.add(controller);
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    timeoutMs,
  );
  timer.unref();
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      attempts?.delete(controller);
    },
  };
}

/** Node's fetch for a call no transport was given for (a WHATWG Request either way). */
const globalFetch: FetchFn = (input, init) =>
  fetch(input instanceof UpstreamRequest ? input.toRequest(init?.signal) : input, init);

/** A fetch with a timeout on every attempt and retries on idempotent reads only. */
export function resilientFetch(options: ResilientFetchOptions): FetchFn {
  const base = options.fetch ?? globalFetch;
  const backoff = options.backoffMs ?? ((attempt: number) => 100 * attempt);
  return async (input: UpstreamInput) => {
    const retries = IDEMPOTENT.has(input.method.toUpperCase()) ? options.retries : 0;
    for (let attempt = 0; ; attempt += 1) {
      const { signal, done } = attemptSignal(input.signal, options.timeoutMs);
      try {
        // The same request on every attempt: only idempotent reads are retried, and they have no
        // body to be used up; each attempt's signal goes beside it.
        const response = await base(input, { signal });
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
      } finally {
        done();
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

let shared: UpstreamTransport | undefined;

/** The process's keep-alive pool for upstream calls (upstream/transport.ts), made at first use. */
function sharedTransport(): UpstreamTransport {
  return (shared ??= createUpstreamTransport());
}

/**
 * The upstream clients. `fetchImpl` stands in for the network in tests (it is handed each attempt's
 * Request with the attempt's signal on it); `metrics` (the server's) observes each attempt under the
 * upstream's name.
 */
export function createUpstreams(
  config: Config,
  fetchImpl?: (input: Request) => Promise<Response>,
  metrics?: ProxyMetrics,
): Upstreams {
  // A test's stand-in for the network is handed a WHATWG Request carrying the attempt's signal.
  const network: FetchFn = fetchImpl
    ? (input, init) =>
        fetchImpl(
          input instanceof UpstreamRequest
            ? input.toRequest(init?.signal)
            : init?.signal
              ? new Request(input, { signal: init.signal })
              : input,
        )
    : sharedTransport().fetch;
  const upstreamFetch = (name: UpstreamName): FetchFn => {
    const attempt = withCorrelation(metrics ? instrumentUpstream(metrics, name, network) : network);
    const resilient = resilientFetch({
      timeoutMs: config.upstreamTimeoutMs,
      retries: config.upstreamRetries,
      fetch: attempt,
    });
    // Prism mode: a request's mock scenario becomes Prism's Prefer header on the calls it names (upstream/mock-scenario.ts).
    return config.mode === 'prism' ? withMockScenario(name, config.baseUrls[name], resilient) : resilient;
  };
  // openapi-fetch builds each call's request with UpstreamRequest (upstream/message.ts): what the
  // calls need of a Request, without its signal following and body streams.
  const base = (name: UpstreamName, wrap = (fetch: FetchFn) => fetch) => ({
    baseUrl: config.baseUrls[name],
    fetch: wrap(upstreamFetch(name)) as (input: Request) => Promise<Response>,
    Request: UpstreamRequest as unknown as typeof Request,
  });
  // Shopper calls carry the shopper's own token; one the platform refuses before its expiry is
  // renewed once and the call sent again (upstream/bearer-renewal.ts, issue 30).
  const shopperBase = (name: 'commerce' | 'commerceClassic') => base(name, withBearerRenewal);
  const { credentials } = config;
  const serviceAuth = { Authorization: `Bearer ${credentials.serviceToken}` };
  return {
    // Shopper calls carry the shopper's own token per request; no shared credential here.
    commerce: createCommerceClient(shopperBase('commerce')),
    commerceClassic: withOcapiClientId(
      createCommerceClient(shopperBase('commerceClassic')),
      credentials.commerce.clientIds,
    ),
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

/**
 * Closes the upstream keep-alive connections once the last request is answered (issue 16, graceful
 * shutdown): the upstream clients' pool, and those of Node's fetch (the calls made without a client),
 * which belong to undici's global dispatcher, shared by every client of the process and kept under
 * the symbols undici's lib/global.js defines (`.1` is Node's bundled copy). Both are the process's,
 * so main.ts calls this for the process, never a server's stop().
 */
export async function closeUpstreamConnections(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
  const store = globalThis as unknown as Record<symbol, { close?: () => Promise<void> } | undefined>;
  const dispatchers = new Set(
    [store[Symbol.for('undici.globalDispatcher.2')], store[Symbol.for('undici.globalDispatcher.1')]].filter(Boolean),
  );
  await Promise.all([...dispatchers].map((dispatcher) => dispatcher?.close?.()));
}
