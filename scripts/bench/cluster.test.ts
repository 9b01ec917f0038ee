/** The helpers of the scale-out figures (cluster.ts, issue 16 "Figures"); the load itself runs in `make bench`. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { proxyEnvironment } from '../../tests/scale/lib/cluster.ts';
import { isShopperRenewal, nginxVersion, redisVersion, throughputRatio } from './cluster.ts';
import { VIN } from './config.ts';

describe('tool versions for the note', () => {
  it('when nginx -v is read, then its version is named', () => {
    expect(nginxVersion('nginx version: nginx/1.22.1\n')).toBe('nginx 1.22.1');
  });

  it('when redis-server --version is read, then the server version is named, not the allocator one', () => {
    expect(
      redisVersion('Redis server v=7.0.15 sha=00000000:0 malloc=jemalloc-5.3.0 bits=64 build=ae4d7c971a948f0\n'),
    ).toBe('Redis 7.0.15');
  });

  it('when the output names no version, then none is answered', () => {
    expect(nginxVersion('sh: 1: nginx: not found')).toBeUndefined();
    expect(redisVersion('')).toBeUndefined();
  });
});

describe('throughputRatio', () => {
  it('when the cluster answers more per second, then the ratio is above one, two decimals', () => {
    expect(throughputRatio({ rps: 1500 }, { rps: 1000 })).toBe('1.50×');
    expect(throughputRatio({ rps: 518 }, { rps: 525 })).toBe('0.99×');
  });

  it('when the single instance answered nothing, then there is no ratio', () => {
    expect(throughputRatio({ rps: 300 }, { rps: 0 })).toBe('n/a');
  });
});

describe('isShopperRenewal', () => {
  // As the proxy serializes it (res.json: no spaces), the fields the check reads among others.
  const answer = (basketItem: unknown, vin = VIN) =>
    JSON.stringify({ product: { id: 'p' }, vehicle: { vin, model: 'M' }, basketItem, orderable: true });

  it('when the answer has the vehicle and a basket item, then it counts', () => {
    expect(isShopperRenewal(answer({ itemId: 'i1', variantId: 'v' }))).toBe(true);
  });

  it('when the instance did not know the session (no basket item), then it is refused', () => {
    expect(isShopperRenewal(answer(null))).toBe(false);
  });

  it('when the answer is about another vehicle, or is a problem, then it is refused', () => {
    expect(isShopperRenewal(answer({ itemId: 'i1' }, 'ZAAAA1000AA000002'))).toBe(false);
    expect(isShopperRenewal(JSON.stringify({ type: 'about:blank', status: 503 }))).toBe(false);
  });
});

describe('proxyEnvironment', () => {
  afterEach(() => vi.unstubAllEnvs());
  const settings = { port: 1, metricsPort: 2, sandboxUrl: 'http://localhost:9', secret: 's'.repeat(32) };

  it('when no Redis is given, then the instance keeps its state in memory even if this process has a REDIS_URL', () => {
    vi.stubEnv('REDIS_URL', 'redis://elsewhere:6379');
    expect(proxyEnvironment(settings).REDIS_URL).toBeUndefined();
  });

  it('when Redis is given, then the instance uses it, and extra settings win over the defaults', () => {
    const env = proxyEnvironment({ ...settings, redisUrl: 'redis://127.0.0.1:7', extra: { LOG_LEVEL: 'warn' } });
    expect(env).toMatchObject({ REDIS_URL: 'redis://127.0.0.1:7', LOG_LEVEL: 'warn', PORT: '1', METRICS_PORT: '2' });
  });
});
