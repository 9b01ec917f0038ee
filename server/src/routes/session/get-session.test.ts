/**
 * GET /api/session answers the session's view with no-store and no ETag (issue 35): an answer no
 * cache keeps is never revalidated, so hashing each body for one was work for nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProxyServer } from '../../server.ts';
import { sessionCookie, startTestServer } from '../../test-helpers.ts';

let server: ProxyServer;
let url: (path: string) => string;

beforeAll(async () => {
  ({ server, url } = await startTestServer());
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/session', () => {
  it('when a returning shopper reads the session, then the answer is its JSON view, no-store, without an ETag', async () => {
    const first = await fetch(url('/api/session?locale=en-GB'));
    const cookie = sessionCookie(first);
    const { csrfToken } = (await first.json()) as { csrfToken: string };
    const again = await fetch(url('/api/session'), { headers: { cookie } });
    expect(again.status).toBe(200);
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(again.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(again.headers.get('etag')).toBeNull();
    expect(await again.json()).toMatchObject({ csrfToken, locale: 'en-GB' });
  });
});
