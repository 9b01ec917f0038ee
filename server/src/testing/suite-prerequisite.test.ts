/** Issue 32, "no silent skips in CI": a suite without its prerequisite skips outside CI and fails in it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { skipWithout } from './suite-prerequisite.ts';

describe('skipWithout', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('when the prerequisite is there, then the suite runs', () => {
    vi.stubEnv('CI', 'true');
    expect(skipWithout(true, 'redis-server')).toBe(false);
  });

  it('when it is missing outside CI, then the suite skips, saying why', () => {
    vi.stubEnv('CI', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(skipWithout(false, 'redis-server is missing')).toBe(true);
    expect(warn).toHaveBeenCalledWith('Skipping: redis-server is missing');
    warn.mockRestore();
  });

  it('when it is missing with CI=true, then it throws the reason instead of skipping', () => {
    vi.stubEnv('CI', 'true');
    expect(() => skipWithout(false, 'the built client (dist/server)')).toThrow(
      'Cannot run: the built client (dist/server). With CI=true a suite that cannot run fails instead of skipping.',
    );
  });
});
