/**
 * Issue 16: each upstream call attempt is timed under its upstream and its answer's status, or
 * `timeout` / `network` when there is none, and the failed ones are counted as errors.
 */
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test-helpers.ts';
import { createUpstreams } from '../upstream/clients.ts';
import { createMetrics } from './registry.ts';
import { isUpstreamError } from './upstream.ts';

async function seriesOf(metrics: ReturnType<typeof createMetrics>) {
  const durations = await metrics.upstreamDuration.get();
  const errors = await metrics.upstreamErrors.get();
  return {
    attempts: durations.values
      .filter((v) => v.metricName === 'proxy_upstream_request_duration_seconds_count')
      .map((v) => ({ ...v.labels, count: v.value })),
    errors: errors.values.map((v) => ({ ...v.labels, count: v.value })),
  };
}

describe('upstream metrics', () => {
  it.each([
    ['200', false],
    ['404', false],
    ['402', false],
    ['429', true],
    ['500', true],
    ['503', true],
    ['timeout', true],
    ['network', true],
    ['aborted', false],
  ])('when an attempt ends with %s, then it is an upstream error: %s', (status, error) => {
    expect(isUpstreamError(status)).toBe(error);
  });

  it('when a read answers 503 and its retry 200, then both attempts are observed and one error counted', async () => {
    const metrics = createMetrics();
    const statuses = [503, 200];
    const { vehicles } = createUpstreams(
      testConfig({ UPSTREAM_RETRIES: '1' }),
      async () => new Response('{}', { status: statuses.shift()!, headers: { 'content-type': 'application/json' } }),
      metrics,
    );
    await vehicles.GET('/v1/geolocation', {} as never);
    const { attempts, errors } = await seriesOf(metrics);
    expect(attempts).toEqual(
      expect.arrayContaining([
        { upstream: 'vehicles', status: '503', count: 1 },
        { upstream: 'vehicles', status: '200', count: 1 },
      ]),
    );
    expect(errors).toEqual([{ upstream: 'vehicles', status: '503', count: 1 }]);
  });

  it('when an upstream does not answer in time or cannot be reached, then timeout and network', async () => {
    const metrics = createMetrics();
    const config = testConfig({ UPSTREAM_RETRIES: '0', UPSTREAM_TIMEOUT_MS: '30' });
    const hanging = createUpstreams(
      config,
      (request) =>
        new Promise<Response>((_resolve, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason as Error)),
        ),
      metrics,
    );
    await expect(hanging.som.POST('/services/apexrest/SOM/History', {} as never)).rejects.toThrow();
    const unreachable = createUpstreams(
      config,
      async () => {
        throw new TypeError('fetch failed');
      },
      metrics,
    );
    await expect(unreachable.stripe.GET('/v1/customers/{customer}', {} as never)).rejects.toThrow('fetch failed');
    const { errors } = await seriesOf(metrics);
    expect(errors).toEqual(
      expect.arrayContaining([
        { upstream: 'som', status: 'timeout', count: 1 },
        { upstream: 'stripe', status: 'network', count: 1 },
      ]),
    );
  });
});
