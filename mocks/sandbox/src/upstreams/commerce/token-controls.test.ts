import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALEX_LOGIN_ID,
  call,
  customers,
  PRIVATE_BASIC,
  registeredLogin,
  site,
  startCommerce,
  token,
} from './test-helpers.ts';

const { sandbox, base, start } = startCommerce();
beforeAll(start);
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${base().replace(/\/commerce$/, '')}/__sandbox/reset`, { method: 'POST' });
});

const revoke = (login: string, body: object = {}) =>
  fetch(`${base()}/__sandbox/shoppers/${encodeURIComponent(login)}/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The private client's refresh, as the shop's server sends it for a registered shopper. */
const privateRefresh = (refreshToken: string) =>
  fetch(`${base()}/shopper/auth/v1/organizations/f_ecom_zzzz_001/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: PRIVATE_BASIC },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, channel_id: 'aurora' }),
  });

const tokenRequests = async () =>
  ((await (await fetch(`${base()}/__sandbox/token-requests`)).json()) as { requests: unknown[] }).requests;

describe('shopper token controls (issue 30)', () => {
  it('when alex’s tokens are revoked, then his access token is refused with 401 before its expiry and his refresh with invalid_grant', async () => {
    const alex = await registeredLogin(base(), ALEX_LOGIN_ID);
    const profile = `${customers}/${alex.customer_id}?${site}`;
    expect((await call(base(), alex.access_token, 'GET', profile)).status).toBe(200);

    const revoked = await revoke('alex.owner@example.com');
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({
      customerId: alex.customer_id,
      revoked: { refreshTokens: 1, accessTokens: 1 },
    });

    const refused = await call(base(), alex.access_token, 'GET', profile);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ title: 'Unauthorized' });
    const refresh = await privateRefresh(alex.refresh_token);
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toEqual({ error: 'invalid_grant', error_description: 'invalid refresh_token' });
  });

  it('when only the access tokens are revoked, then the refresh still gives a working one', async () => {
    const alex = await registeredLogin(base(), ALEX_LOGIN_ID);
    await revoke('alex.owner@example.com', { refreshTokens: false });
    const profile = `${customers}/${alex.customer_id}?${site}`;
    expect((await call(base(), alex.access_token, 'GET', profile)).status).toBe(401);
    const refresh = await privateRefresh(alex.refresh_token);
    expect(refresh.status).toBe(200);
    const renewed = (await refresh.json()) as { access_token: string };
    expect((await call(base(), renewed.access_token, 'GET', profile)).status).toBe(200);
  });

  it('when another shopper’s tokens are revoked or the shopper is unknown, then alex’s stay valid and an unknown one answers 404', async () => {
    const alex = await registeredLogin(base(), ALEX_LOGIN_ID);
    expect((await revoke('kim.driver@example.com')).status).toBe(200);
    expect((await call(base(), alex.access_token, 'GET', `${customers}/${alex.customer_id}?${site}`)).status).toBe(200);
    expect((await revoke('nobody@example.com')).status).toBe(404);
    expect((await revoke('alex.owner@example.com', { accessTokens: 'yes' })).status).toBe(400);
  });

  it('when tokens are asked for, then the log lists each call with its grant type and status, and a reset empties it', async () => {
    const alex = await registeredLogin(base(), ALEX_LOGIN_ID);
    await privateRefresh(alex.refresh_token);
    await token(base(), { grant_type: 'refresh_token', refresh_token: 'rt-unknown' });
    expect(await tokenRequests()).toEqual([
      { path: 'trusted-system/token', grantType: 'client_credentials', status: 200 },
      { path: 'token', grantType: 'refresh_token', status: 200 },
      { path: 'token', grantType: 'refresh_token', status: 400 },
    ]);
    await fetch(`${base().replace(/\/commerce$/, '')}/__sandbox/reset`, { method: 'POST' });
    expect(await tokenRequests()).toEqual([]);
  });
});
