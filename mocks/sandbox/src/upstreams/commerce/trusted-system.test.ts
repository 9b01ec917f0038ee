/**
 * The trusted-system login's shopper as SLAS's guide describes it for an external identity
 * provider (issue 31, storefront review item 6): the login_id is the key; one never seen creates a
 * registered shopper instead of failing, and nothing but the login (not the e-mail, not the
 * customer id) finds an existing one.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALEX_LOGIN_ID,
  call,
  customers,
  login,
  registeredLogin,
  site,
  startCommerce,
  trustedSystemToken,
} from './test-helpers.ts';

const { sandbox, base, start } = startCommerce();
beforeAll(start);
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${base().replace(/\/commerce$/, '')}/__sandbox/reset`, { method: 'POST' });
});

/** The sandbox clock past SLAS's 3-second window between two logins of one login_id. */
const passTheWindow = () =>
  fetch(`${base().replace(/\/commerce$/, '')}/__sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: 3000 }),
  });

const profile = async (tokens: { access_token: string; customer_id: string }) =>
  (await call(base(), tokens.access_token, 'GET', `${customers}/${tokens.customer_id}?${site}`)).body;

describe('trusted-system login: the shopper of a login_id (issue 31)', () => {
  it('when a login_id the platform has never seen signs in, then a new registered shopper is created with the e-mail given, and the same login_id finds him again', async () => {
    const first = await registeredLogin(base(), 'directory-uid-new-0001', undefined, {
      email_id: 'new.owner@example.com',
    });
    expect(first.customer_id).not.toBe('abcAlexOwner0001');
    expect(await profile(first)).toMatchObject({
      authType: 'registered',
      login: 'directory-uid-new-0001',
      email: 'new.owner@example.com',
      addresses: [],
      paymentInstruments: [],
    });
    await passTheWindow();
    const again = await registeredLogin(base(), 'directory-uid-new-0001');
    expect(again.customer_id).toBe(first.customer_id);
  });

  it('when the same login_id logs in again within 3 seconds, then 409 conflict (SLAS’s service protection window); after them, it logs in', async () => {
    await registeredLogin(base(), ALEX_LOGIN_ID);
    const refused = await trustedSystemToken(base(), { login_id: ALEX_LOGIN_ID });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'conflict' });
    await passTheWindow();
    expect((await registeredLogin(base(), ALEX_LOGIN_ID)).customer_id).toBe('abcAlexOwner0001');
  });

  it('when no email_id is given for a new shopper, then his e-mail is the login_id (SLAS: login_id is used instead)', async () => {
    const tokens = await registeredLogin(base(), 'someone@example.com');
    expect(await profile(tokens)).toMatchObject({ login: 'someone@example.com', email: 'someone@example.com' });
  });

  it("when alex's e-mail or customer id is sent as login_id, then it is another, new shopper: only his directory UID is his login", async () => {
    const alex = await registeredLogin(base(), ALEX_LOGIN_ID);
    expect(alex.customer_id).toBe('abcAlexOwner0001');
    expect(await profile(alex)).toMatchObject({ login: ALEX_LOGIN_ID, email: 'alex.owner@example.com' });
    for (const other of ['alex.owner@example.com', 'abcAlexOwner0001']) {
      const stranger = await registeredLogin(base(), other);
      expect(stranger.customer_id).not.toBe('abcAlexOwner0001');
      expect((await profile(stranger)).addresses).toEqual([]);
    }
  });

  it('when a guest with a usid signs in as a new shopper, then the usid is his and the guest is the merge source', async () => {
    const guest = await login(base());
    const tokens = await registeredLogin(base(), 'directory-uid-new-0002', guest.usid);
    expect(tokens.usid).toBe(guest.usid);
    const payload = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
    expect(payload.isb).toContain(`gcid:${guest.customer_id}`);
    expect(payload.isb).toContain(`rcid:${tokens.customer_id}`);
  });

  it('when login_id is guest, then the token is a guest one and no shopper is created', async () => {
    const tokens = await registeredLogin(base(), 'guest');
    expect(tokens.id_token).toBe('');
    expect(await profile(tokens)).toEqual({ customerId: tokens.customer_id, authType: 'guest' });
  });
});
