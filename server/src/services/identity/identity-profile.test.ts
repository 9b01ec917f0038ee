/**
 * The commerce profile follows the identity provider after the registered login (issue 31,
 * docs/decisions/030): the e-mail the shopper has now, and for a shopper SLAS has just created
 * (its trusted-system guide: login, first and last name set to the login_id) the names of the id
 * token. The requests are checked as the commerce platform receives them.
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { testConfig } from '../../test-helpers.ts';
import { createUpstreams } from '../../upstream/clients.ts';
import { followIdentityProfile, profileChanges } from './identity-profile.ts';

const UID = '8a1f0c2e-0001-4a6b-9c1d-a1e2c3d4e5f6';
const alex = { directoryUid: UID, email: 'alex.owner@example.com', givenName: 'Alex', familyName: 'Owner' };
const profile = { email: 'alex.owner@example.com', firstName: 'Alex', lastName: 'Owner' };

describe('profileChanges', () => {
  it.each([
    ['the profile already holds the e-mail, in any case', { ...profile, email: 'Alex.Owner@Example.com' }, alex, {}],
    [
      'the e-mail changed at the identity provider',
      profile,
      { ...alex, email: 'alex.renamed@example.com' },
      { email: 'alex.renamed@example.com' },
    ],
    ['the profile has no e-mail', { ...profile, email: null }, alex, { email: 'alex.owner@example.com' }],
    [
      'SLAS just created the shopper (names are the login_id)',
      { email: alex.email, firstName: UID, lastName: UID },
      alex,
      { firstName: 'Alex', lastName: 'Owner' },
    ],
    ['the shopper chose other names in the shop', { ...profile, firstName: 'Al' }, alex, {}],
    [
      'the id token has no names for a new shopper',
      { email: alex.email, firstName: UID, lastName: UID },
      { directoryUid: UID, email: alex.email },
      {},
    ],
  ])('when %s, then the changes are as expected', (_when, current, identity, expected) => {
    expect(profileChanges(current, identity)).toEqual(expected);
  });
});

function contextAnswering(status: number) {
  const seen: Request[] = [];
  const config = testConfig();
  const upstreams = createUpstreams(config, async (request) => {
    seen.push(request.clone());
    return Response.json({}, { status });
  });
  const warnings: unknown[] = [];
  const ctx = { config, upstreams, logger: pino({ level: 'silent' }) } as unknown as AppContext;
  const scope = { signal: new AbortController().signal, log: { warn: (...args: unknown[]) => warnings.push(args) } };
  return { ctx, scope: scope as unknown as Parameters<typeof followIdentityProfile>[1], seen, warnings };
}

const input = (identity = alex, current = profile) => ({
  siteId: 'aurora',
  customerId: 'abcAlexOwner0001',
  profile: current,
  identity,
  headers: { Authorization: 'Bearer at-alex' },
});

describe('followIdentityProfile', () => {
  it('when alex’s e-mail changed at the identity provider, then his profile’s e-mail is updated with his own token and the new e-mail is answered', async () => {
    const { ctx, scope, seen } = contextAnswering(200);
    const after = await followIdentityProfile(ctx, scope, input({ ...alex, email: 'alex.renamed@example.com' }));
    expect(after).toEqual({ ...profile, email: 'alex.renamed@example.com' });
    expect(seen).toHaveLength(1);
    const request = seen[0]!;
    expect(request.method).toBe('PATCH');
    expect(new URL(request.url).pathname).toMatch(/\/customers\/abcAlexOwner0001$/);
    expect(new URL(request.url).searchParams.get('siteId')).toBe('aurora');
    expect(request.headers.get('authorization')).toBe('Bearer at-alex');
    expect(await request.json()).toEqual({ email: 'alex.renamed@example.com' });
  });

  it('when nothing differs, then no request is made', async () => {
    const { ctx, scope, seen } = contextAnswering(200);
    expect(await followIdentityProfile(ctx, scope, input())).toEqual(profile);
    expect(seen).toHaveLength(0);
  });

  it('when the commerce platform refuses the update, then it is logged and the profile as it was is answered', async () => {
    const { ctx, scope, warnings } = contextAnswering(400);
    const after = await followIdentityProfile(ctx, scope, input({ ...alex, email: 'alex.renamed@example.com' }));
    expect(after).toEqual(profile);
    expect(warnings).toHaveLength(1);
  });
});
