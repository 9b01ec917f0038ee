/** The numbered requests of a first-render load (load.ts, issue 35): no two requests ask the same URL. */
import type autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { numberedRequests } from './load.ts';

type Setup = (request: autocannon.Request, context: object) => autocannon.Request;

const pathsOf = (requests: autocannon.Request[], path: string, count: number) =>
  Array.from({ length: count }, () => (requests[0]!.setupRequest as Setup)({ path } as autocannon.Request, {}).path);

describe('numberedRequests', () => {
  it('adds a parameter to the query, counting up, after any query the path has', () => {
    const [first, second] = pathsOf(numberedRequests('render'), '/en-GB/service/cn?carvin=VIN', 2);
    expect(first).toMatch(/^\/en-GB\/service\/cn\?carvin=VIN&render=[\w.]+-1$/);
    expect(second).toMatch(/^\/en-GB\/service\/cn\?carvin=VIN&render=[\w.]+-2$/);
    expect(pathsOf(numberedRequests('render'), '/home', 1)[0]).toMatch(/^\/home\?render=[\w.]+-1$/);
  });

  it('never repeats a URL of an earlier load, even one started in the same millisecond', () => {
    const earlier = new Set(pathsOf(numberedRequests('render'), '/p', 50));
    for (const path of pathsOf(numberedRequests('render'), '/p', 50)) expect(earlier.has(path)).toBe(false);
  });
});
