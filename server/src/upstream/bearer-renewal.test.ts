/**
 * The retry of a commerce call whose shopper token the platform refused (issue 30): once, with the
 * token the request's renewal answers; never for the token endpoints, never without a renewal, and
 * never a second time.
 */
import { describe, expect, it } from 'vitest';
import { renewBearerWith, withBearerRenewal } from './bearer-renewal.ts';
import { runCorrelated } from './correlation.ts';
import { UpstreamRequest } from './message.ts';
import type { UpstreamFetch } from './transport.ts';

const correlation = () => ({ requestId: 'r-1', traceId: '1'.repeat(32), traceFlags: '01' });

/** A platform that accepts only `valid`, and the calls it saw (their bearer tokens). */
function platform(valid: string) {
  const seen: string[] = [];
  const fetch: UpstreamFetch = async (input) => {
    const token = input.headers.get('authorization')?.replace('Bearer ', '') ?? '';
    seen.push(token);
    return new Response(token === valid ? '{}' : '{"title":"Unauthorized"}', { status: token === valid ? 200 : 401 });
  };
  return { fetch, seen };
}

const call = (token: string, path = '/customer/shopper-customers/v1/organizations/o/customers/c', body?: string) =>
  new UpstreamRequest(`http://commerce.test${path}`, {
    method: body ? 'POST' : 'GET',
    headers: new Headers({ authorization: `Bearer ${token}` }),
    ...(body ? { body } : {}),
  });

describe('withBearerRenewal', () => {
  it('when a call is refused with 401, then it is sent once more with the renewed token, its body intact', async () => {
    const { fetch, seen } = platform('at-new');
    const renewed: string[] = [];
    const status = await runCorrelated(correlation(), async () => {
      renewBearerWith(async (refused) => (renewed.push(refused), 'at-new'));
      return (await withBearerRenewal(fetch)(call('at-old', '/x', '{"a":1}'))).status;
    });
    expect(status).toBe(200);
    expect(renewed).toEqual(['at-old']);
    expect(seen).toEqual(['at-old', 'at-new']);
  });

  it('when the renewed token is refused too, then the 401 is the answer: one retry, never a loop', async () => {
    const { fetch, seen } = platform('none');
    const status = await runCorrelated(correlation(), async () => {
      renewBearerWith(async () => 'at-new');
      return (await withBearerRenewal(fetch)(call('at-old'))).status;
    });
    expect(status).toBe(401);
    expect(seen).toEqual(['at-old', 'at-new']);
  });

  it('when nothing can be renewed, the call is a token endpoint’s, or no request holds a renewal, then the 401 stands as it came', async () => {
    const { fetch, seen } = platform('at-new');
    const answers = await runCorrelated(correlation(), async () => {
      renewBearerWith(async () => undefined);
      return [(await withBearerRenewal(fetch)(call('at-old'))).status];
    });
    const auth = await runCorrelated(correlation(), async () => {
      renewBearerWith(async () => 'at-new');
      return (await withBearerRenewal(fetch)(call('at-old', '/shopper/auth/v1/organizations/o/oauth2/logout'))).status;
    });
    const outside = (await withBearerRenewal(fetch)(call('at-old'))).status;
    expect([...answers, auth, outside]).toEqual([401, 401, 401]);
    expect(seen).toEqual(['at-old', 'at-old', 'at-old']);
  });
});
