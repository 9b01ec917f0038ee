import { describe, expect, it, vi } from 'vitest';

const matchRoutes = vi.hoisted(() => vi.fn((_routes: unknown, pathname: string) => [{ pathname }]));
vi.mock('react-router', () => ({ matchRoutes }));
const { routeMatches } = await import('./route-matches.ts');

describe('routeMatches (issue 35: one match per table and path)', () => {
  it('matches a path once and answers the same matches to every later caller', () => {
    const routes = [{ path: 'a' }];
    const first = routeMatches(routes, '/en-GB/home');
    expect(routeMatches(routes, '/en-GB/home')).toBe(first);
    expect(matchRoutes).toHaveBeenCalledTimes(1);
    expect(routeMatches(routes, '/en-GB/faqs')).toEqual([{ pathname: '/en-GB/faqs' }]);
    expect(routeMatches([{ path: 'a' }], '/en-GB/home')).not.toBe(first);
    expect(matchRoutes).toHaveBeenCalledTimes(3);
  });

  it('forgets the oldest path beyond 1000, so a long-lived server keeps a bounded table', () => {
    matchRoutes.mockClear();
    const routes = [{ path: 'b' }];
    for (let i = 0; i < 1001; i += 1) routeMatches(routes, `/p${i}`);
    routeMatches(routes, '/p1000');
    expect(matchRoutes).toHaveBeenCalledTimes(1001);
    routeMatches(routes, '/p0');
    expect(matchRoutes).toHaveBeenCalledTimes(1002);
  });
});
