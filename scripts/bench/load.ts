/** A URL under load: autocannon, 50 connections for BENCH_SECONDS. */
import autocannon from 'autocannon';
import { LOAD_CONNECTIONS, LOAD_SECONDS, WARM_SECONDS } from './config.ts';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /**
   * Failed requests: connection errors and timeouts (autocannon counts timeouts among errors),
   * non-2xx answers and answers the body check refused.
   */
  errors: number;
  non2xx: number;
  timeouts: number;
  /** Answers whose body failed `verify`. */
  mismatches: number;
}

/**
 * autocannon's requests, each with `name=<load>-<n>` added to the query (n counting up, the load named
 * by when it started): a server-rendered page asked that way is never answered from a render kept for
 * an earlier request, of this load or of one before it (issue 35).
 */
let loads = 0;

export function numberedRequests(name: string): autocannon.Request[] {
  const loadId = `${Date.now().toString(36)}.${(loads += 1)}`;
  let n = 0;
  return [
    {
      setupRequest: (request) => {
        const path = request.path ?? '/';
        return { ...request, path: `${path}${path.includes('?') ? '&' : '?'}${name}=${loadId}-${(n += 1)}` };
      },
    },
  ];
}

export async function load(
  url: string,
  headers: Record<string, string>,
  verify?: (body: string) => boolean,
  options: { numbered?: string; seconds?: number } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: LOAD_CONNECTIONS,
    duration: options.seconds ?? LOAD_SECONDS,
    headers,
    ...(verify ? { verifyBody: (body: unknown) => typeof body === 'string' && verify(body) } : {}),
    ...(options.numbered ? { requests: numberedRequests(options.numbered) } : {}),
  });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.mismatches,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
  };
}

/** "0 errors; p50 12 ms, p99 40 ms; 800 req/s" */
export const describeLoad = (r: LoadResult) =>
  `${r.errors} errors (${r.non2xx} non-2xx${r.mismatches ? `, ${r.mismatches} refused bodies` : ''}); p50 ${r.p50} ms, p99 ${r.p99} ms; ${r.rps} req/s`;

export const loadHow = (r: LoadResult) =>
  `autocannon, ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s, ${r.requests} requests (${r.timeouts} timeouts)`;

/** The load of `load`, for WARM_SECONDS, unrecorded: what the recorded load after it finds warm. */
export async function warm(url: string, headers: Record<string, string>): Promise<void> {
  await load(url, headers, undefined, { seconds: WARM_SECONDS });
}

/** How a load recorded after `warm` was made. */
export const warmLoadHow = (r: LoadResult) => `${loadHow(r)}, after ${WARM_SECONDS} s of the same load, unrecorded`;
