/**
 * Upstream latency and errors per upstream and status (issue 16): each attempt of an upstream call
 * (upstream/clients.ts's resilientFetch retries an idempotent read; every attempt is observed) is timed
 * until its answer (read whole by upstream/transport.ts), labelled with the answer's status, or `timeout`, `network` or
 * `aborted` (the shopper left: not the upstream's fault) when there is none.
 */
import type { ProxyMetrics } from './registry.ts';
import type { UpstreamFetch } from '../upstream/transport.ts';

/** Statuses that say the upstream is unwell; a 4xx is an answer about the request (a declined card, a missing vehicle). */
export function isUpstreamError(status: string): boolean {
  if (status === 'timeout' || status === 'network') return true;
  const code = Number(status);
  return code >= 500 || code === 429;
}

/**
 * What a failed fetch was: resilientFetch's timeout rejects with the timeout signal's
 * TimeoutError, the caller's abort (the shopper's request ended) with an AbortError.
 */
export function failureStatus(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError') return 'timeout';
  if (name === 'AbortError') return 'aborted';
  return 'network';
}

export function instrumentUpstream(metrics: ProxyMetrics, upstream: string, fetch: UpstreamFetch): UpstreamFetch {
  const observe = (status: string, end: (labels: { upstream: string; status: string }) => number) => {
    end({ upstream, status });
    if (isUpstreamError(status)) metrics.upstreamErrors.inc({ upstream, status });
  };
  return async (input, init) => {
    const end = metrics.upstreamDuration.startTimer();
    try {
      const response = await fetch(input, init);
      observe(String(response.status), end);
      return response;
    } catch (error) {
      observe(failureStatus(error), end);
      throw error;
    }
  };
}
