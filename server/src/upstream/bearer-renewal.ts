/**
 * A shopper token the commerce platform refuses before its expiry (issue 30: revoked at the
 * platform, a logout elsewhere): the request that holds the token says how to renew it
 * (http/shopper.ts `renewBearerWith`), and a commerce call of that request answered 401 is sent
 * once more with the renewed token (`withBearerRenewal`). The request is found through its
 * correlation (upstream/correlation.ts), so the services' calls need no extra parameter. A call answered
 * 401 again, or with nothing to renew, keeps its 401: one retry, never a loop.
 */
import { currentCorrelation, type Correlation } from './correlation.ts';
import { UpstreamRequest } from './message.ts';
import type { UpstreamFetch } from './transport.ts';

/** Renews `refused` for the request: the token to send instead, or undefined when there is none. */
export type BearerRenewal = (refused: string) => Promise<string | undefined>;

const renewals = new WeakMap<Correlation, BearerRenewal>();

/** The token endpoints answer for their own credentials (HTTP Basic, a refresh token): never renewed here. */
const AUTH_PATH = '/shopper/auth/';

/** How the request being handled renews a refused shopper token (the last one given wins). */
export function renewBearerWith(renewal: BearerRenewal): void {
  const correlation = currentCorrelation();
  if (correlation) renewals.set(correlation, renewal);
}

/**
 * A commerce fetch that gives a call answered 401 to the request's renewal once, and sends it again
 * with the token it answers (the request's body is kept as serialised, so it can be sent twice; a
 * 401 means the platform did nothing with it).
 */
export function withBearerRenewal(fetch: UpstreamFetch): UpstreamFetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.status !== 401 || input.url.includes(AUTH_PATH)) return response;
    const correlation = currentCorrelation();
    const renewal = correlation && renewals.get(correlation);
    const refused = /^Bearer (.+)$/.exec(input.headers.get('authorization') ?? '')?.[1];
    // A WHATWG request's body is a stream, read by the first send (tests hand such requests over).
    const again = input instanceof UpstreamRequest || input.body === null;
    if (!renewal || !refused || !again) return response;
    const renewed = await renewal(refused);
    if (!renewed || renewed === refused) return response;
    input.headers.set('authorization', `Bearer ${renewed}`);
    return fetch(input, init);
  };
}
