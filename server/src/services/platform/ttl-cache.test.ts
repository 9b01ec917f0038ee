import { describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

/** A cache on a clock the test moves: fresh 1 s, then stale 10 s. */
function swrCache<T>(options: { maxEntries?: number } = {}) {
  const clock = { now: 0 };
  const cache = new TtlCache<T>({ ttlMs: 1000, staleMs: 10_000, now: () => clock.now, ...options });
  return { cache, clock };
}

/** A load whose answers the test settles one by one. */
function controlledLoad<T>() {
  const pending: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return { load, pending };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('TtlCache', () => {
  it('when a key is read twice within its lifetime, then it is loaded once', async () => {
    const cache = new TtlCache<number>(1000);
    const load = vi.fn(async () => 1);
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when the lifetime is over, then the key is loaded again', async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number>(1000);
    const load = vi.fn(async () => 2);
    await cache.get('a', load);
    vi.advanceTimersByTime(1001);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('when a load fails, then it is not kept', async () => {
    const cache = new TtlCache<number>(1000);
    await expect(cache.get('a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 3)).toBe(3);
  });

  it('when a fresh value is asked for, then it is answered from memory', async () => {
    const { cache, clock } = swrCache<string>();
    const load = vi.fn(async () => 'v1');
    await cache.get('a', load);
    clock.now = 999;
    expect(await cache.get('a', load)).toBe('v1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when a value is stale, then it is served at once and refreshed once in the background', async () => {
    const { cache, clock } = swrCache<string>();
    await cache.get('a', async () => 'v1');
    clock.now = 1500;
    const { load, pending } = controlledLoad<string>();
    // Three shoppers while the refresh is in flight: all served the stale value, one refresh.
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([
      'v1',
      'v1',
      'v1',
    ]);
    expect(load).toHaveBeenCalledTimes(1);
    pending[0]!.resolve('v2');
    await settle();
    expect(await cache.get('a', load)).toBe('v2');
    // The refreshed value is fresh again from when it was loaded.
    clock.now = 2400;
    expect(await cache.get('a', load)).toBe('v2');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when the refresh fails, then the stale value stays, the failure is told, and the next request tries again', async () => {
    const { cache, clock } = swrCache<string>();
    await cache.get('a', async () => 'v1');
    clock.now = 2000;
    const failed = vi.fn();
    const down = vi.fn(async () => Promise.reject(new Error('platform down')));
    expect(await cache.get('a', down, failed)).toBe('v1');
    await settle();
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ message: 'platform down' }));
    expect(await cache.get('a', down, failed)).toBe('v1');
    await settle();
    expect(down).toHaveBeenCalledTimes(2);
    expect(await cache.get('a', async () => 'v2')).toBe('v1');
    await settle();
    expect(await cache.get('a', async () => 'v3')).toBe('v2');
  });

  it('when the stale window is over, then the value is no longer served: a failing load fails the caller', async () => {
    const { cache, clock } = swrCache<string>();
    await cache.get('a', async () => 'v1');
    clock.now = 1000 + 10_000;
    await expect(cache.get('a', async () => Promise.reject(new Error('platform down')))).rejects.toThrow(
      'platform down',
    );
    // Nothing is kept of the failure: the next request loads again, in the foreground.
    expect(await cache.get('a', async () => 'v2')).toBe('v2');
  });

  it('when the stale window is over, then the caller waits for the new value', async () => {
    const { cache, clock } = swrCache<string>();
    await cache.get('a', async () => 'v1');
    clock.now = 20_000;
    expect(await cache.get('a', async () => 'v2')).toBe('v2');
  });

  it('when keys differ (site, locale), then each has its own value', async () => {
    const { cache } = swrCache<string>();
    const load = vi.fn(async () => 'x');
    expect(await cache.get('aurora|en-GB|faq', async () => 'english')).toBe('english');
    expect(await cache.get('aurora|fr-FR|faq', async () => 'français')).toBe('français');
    expect(await cache.get('borealis|en-GB|faq', async () => 'borealis')).toBe('borealis');
    expect(await cache.get('aurora|en-GB|faq', load)).toBe('english');
    expect(load).not.toHaveBeenCalled();
  });

  it('when more keys are loaded than it keeps, then the one loaded longest ago leaves', async () => {
    const { cache } = swrCache<string>({ maxEntries: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(cache.size).toBe(2);
    expect(await cache.get('b', async () => 'b2')).toBe('b1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
  });

  it('when the first load of a key is in flight, then every caller shares it', async () => {
    const { cache } = swrCache<string>();
    const { load, pending } = controlledLoad<string>();
    const both = Promise.all([cache.get('a', load), cache.get('a', load)]);
    pending[0]!.resolve('v1');
    expect(await both).toEqual(['v1', 'v1']);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
