import { describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

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
});
