import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALEX_LOGIN_ID,
  authorize,
  baskets,
  call,
  customers,
  login,
  ORG,
  pkce,
  PRIVATE_BASIC,
  REDIRECT_URI,
  registeredLogin,
  site,
  startCommerce,
  token,
  trustedSystemToken,
} from './test-helpers.ts';

const { sandbox, base, start } = startCommerce();
beforeAll(start);
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${base().replace(/\/commerce$/, '')}/__sandbox/reset`, { method: 'POST' });
});

describe('commerce shopper login (SLAS)', () => {
  it('when a guest logs in with PKCE, then authorize redirects with code and usid and the token works', async () => {
    const { verifier, challenge } = pkce();
    const authorized = await authorize(base(), { hint: 'guest', code_challenge: challenge, state: 'st-1' });
    expect(authorized.status).toBe(303);
    expect(authorized.location?.origin + authorized.location!.pathname).toBe(REDIRECT_URI);
    expect(authorized.location?.searchParams.get('state')).toBe('st-1');
    const res = await token(base(), {
      grant_type: 'authorization_code_pkce',
      code: authorized.location!.searchParams.get('code')!,
      usid: authorized.location!.searchParams.get('usid')!,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
    });
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({
      token_type: 'Bearer',
      expires_in: 1800,
      id_token: '',
      enc_user_id: '',
      idp_access_token: '',
    });
    const payload = JSON.parse(Buffer.from(String(tokens.access_token).split('.')[1]!, 'base64url').toString());
    expect(payload.isb).toContain('upn:Guest');
    expect(payload.customer_id).toBe(tokens.customer_id);
    const customer = await call(
      base(),
      String(tokens.access_token),
      'GET',
      `${customers}/${String(tokens.customer_id)}?${site}`,
    );
    expect(customer.body).toEqual({ customerId: tokens.customer_id, authType: 'guest' });
  });

  it('when the code verifier does not match the challenge, then the token request is an invalid grant', async () => {
    const { challenge } = pkce();
    const authorized = await authorize(base(), { hint: 'guest', code_challenge: challenge });
    const res = await token(base(), {
      grant_type: 'authorization_code_pkce',
      code: authorized.location!.searchParams.get('code')!,
      usid: authorized.location!.searchParams.get('usid')!,
      code_verifier: pkce().verifier,
      redirect_uri: REDIRECT_URI,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid code_verifier' });
  });

  it('when authorize has no code challenge or an unknown client, then it answers an OAuth error', async () => {
    expect((await authorize(base(), { hint: 'guest' })).status).toBe(400);
    const unknown = await authorize(base(), { hint: 'guest', client_id: 'nope', code_challenge: pkce().challenge });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ error: 'invalid_client' });
  });

  it('when a refresh token is used, then it is rotated and the old one becomes invalid', async () => {
    const first = await login(base());
    const refreshed = await token(base(), { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as { refresh_token: string; customer_id: string; usid: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.customer_id).toBe(first.customer_id);
    expect(second.usid).toBe(first.usid);
    const reused = await token(base(), { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: 'invalid_grant', error_description: 'invalid refresh_token' });
  });

  it('when the token lifetime is 2 seconds and the clock moves on, then shopper calls answer expired-token and a refresh works', async () => {
    const set = await fetch(`${base()}/__sandbox/token-lifetime`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 2 }),
    });
    expect(set.status).toBe(200);
    const tokens = await login(base());
    expect(tokens.expires_in).toBe(2);
    expect((await call(base(), tokens.access_token, 'POST', `${baskets}?${site}`, {})).status).toBe(200);
    sandbox.context.clock.advance(3000);
    const expired = await call(
      base(),
      tokens.access_token,
      'GET',
      `${customers}/${tokens.customer_id}/baskets?${site}`,
    );
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ title: 'Expired Token' });
    expect(expired.body.type).toMatch(/expired-token$/);
    const refreshed = await token(base(), { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    const next = (await refreshed.json()) as { access_token: string };
    const again = await call(base(), next.access_token, 'GET', `${customers}/${tokens.customer_id}/baskets?${site}`);
    expect(again.status).toBe(200);
    expect(again.body.total).toBe(1);
  });

  it('when the shopper logs out, then the refresh token and access token stop working', async () => {
    const tokens = await login(base());
    const url = `${base()}/shopper/auth/v1/organizations/${ORG}/oauth2/logout?client_id=aurora-storefront&channel_id=aurora&refresh_token=${tokens.refresh_token}`;
    const out = await fetch(url, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(out.status).toBe(200);
    expect((await token(base(), { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).status).toBe(
      400,
    );
    expect((await call(base(), tokens.access_token, 'POST', `${baskets}?${site}`, {})).status).toBe(401);
  });

  it('when the shop server asks for alex on his behalf (trusted system, private client), then the token is a registered one for his customer', async () => {
    const guest = await login(base());
    const tokens = await registeredLogin(base(), ALEX_LOGIN_ID, guest.usid);
    expect(tokens.usid).toBe(guest.usid);
    expect(tokens.customer_id).toBe('abcAlexOwner0001');
    expect(tokens.id_token).not.toBe('');
    const payload = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
    expect(payload.isb).toContain('rcid:abcAlexOwner0001');
    const alex = await call(base(), tokens.access_token, 'GET', `${customers}/abcAlexOwner0001?${site}`);
    expect(alex.body).toMatchObject({
      authType: 'registered',
      c_sapCdcId: 'cdc-alex-0001',
      c_stripeCustomerId: 'cus_SandboxAlex01',
    });
    expect(alex.body.addresses[0]).toMatchObject({ countryCode: 'GB' });
    expect(alex.body.paymentInstruments[0].paymentCard).toMatchObject({ cardType: 'Visa', numberLastDigits: '4242' });
  });

  it('when a guest with a basket logs in as alex, then the guest basket merges into his', async () => {
    const guest = await login(base());
    const basket = await call(base(), guest.access_token, 'POST', `${baskets}?${site}`, {});
    await call(base(), guest.access_token, 'POST', `${baskets}/${basket.body.basketId}/items?${site}`, [
      { productId: 'vcs-online-pack-12m', quantity: 1 },
    ]);
    const alex = await registeredLogin(base(), ALEX_LOGIN_ID, guest.usid);
    const merged = await call(
      base(),
      alex.access_token,
      'POST',
      `${baskets}/actions/merge?${site}&createDestinationBasket=true`,
    );
    expect(merged.status).toBe(200);
    expect(merged.body.customerInfo).toMatchObject({ customerId: 'abcAlexOwner0001', email: 'alex.owner@example.com' });
    expect(merged.body.productItems).toHaveLength(1);
    const guestMerge = await call(base(), guest.access_token, 'POST', `${baskets}/actions/merge?${site}`);
    expect(guestMerge.status).toBe(403);
  });

  it('when authorize names the identity provider with a login_id, then it is refused: registered tokens come only through the trusted system', async () => {
    const refused = await authorize(base(), {
      hint: 'forgerock',
      login_id: 'alex.owner@example.com',
      code_challenge: pkce().challenge,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'invalid_request' });
  });

  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

  it.each([
    ['no HTTP Basic (a public client id in the form only)', null, 401, 'invalid_client'],
    ['a public client as Basic', basic('aurora-storefront', ''), 401, 'invalid_client'],
    ['the private client with a wrong secret', basic('webshop-server', 'wrong'), 401, 'invalid_client'],
  ])('when the trusted-system token is asked with %s, then 401 invalid_client', async (_what, auth, status, error) => {
    const res = await trustedSystemToken(base(), { login_id: ALEX_LOGIN_ID }, auth);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error });
  });

  it.each([
    ['grant_type', { grant_type: 'authorization_code_pkce' }, 'unsupported_grant_type'],
    ['hint', { hint: 'guest' }, 'invalid_request'],
    ['channel_id', { channel_id: 'nowhere' }, 'invalid_request'],
    ['client_id (not a public client of the tenant)', { client_id: 'webshop-server' }, 'invalid_request'],
    ['idp_origin', { idp_origin: 'google' }, 'invalid_request'],
    ['login_id (none)', { login_id: '' }, 'invalid_request'],
    ['login_id (over 128 characters)', { login_id: 'x'.repeat(129) }, 'invalid_request'],
    ['email_id (over 128 characters)', { email_id: `${'x'.repeat(120)}@example.com` }, 'invalid_request'],
  ])('when the trusted-system request has a wrong %s, then 400 and an OAuth error', async (_what, form, error) => {
    const res = await trustedSystemToken(base(), { login_id: ALEX_LOGIN_ID, ...form });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error });
  });

  it('when the private client refreshes a registered token, then the refresh token is kept with its 90-day expiry and logout ends it', async () => {
    const alex = (await registeredLogin(base(), ALEX_LOGIN_ID)) as Awaited<ReturnType<typeof registeredLogin>> & {
      refresh_token_expires_in: number;
    };
    expect(alex.refresh_token_expires_in).toBe(7_776_000);
    // A public client cannot use the private client's refresh token.
    expect((await token(base(), { grant_type: 'refresh_token', refresh_token: alex.refresh_token })).status).toBe(400);
    sandbox.context.clock.advance(30 * 86_400_000);
    const refresh = () =>
      fetch(`${base()}/shopper/auth/v1/organizations/${ORG}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: PRIVATE_BASIC },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: alex.refresh_token,
          channel_id: 'aurora',
        }),
      });
    const renewed = await refresh();
    expect(renewed.status).toBe(200);
    const next = (await renewed.json()) as {
      access_token: string;
      refresh_token: string;
      refresh_token_expires_in: number;
    };
    expect(next.refresh_token).toBe(alex.refresh_token);
    expect(7_776_000 - 30 * 86_400 - next.refresh_token_expires_in).toBeLessThanOrEqual(2);
    expect((await call(base(), next.access_token, 'GET', `${customers}/abcAlexOwner0001?${site}`)).status).toBe(200);
    // 90 days after the login the refresh token has expired.
    sandbox.context.clock.advance(61 * 86_400_000);
    expect(await (await refresh()).json()).toEqual({ error: 'invalid_grant', error_description: 'EXPIRED_TOKEN' });
  });

  it('when alex logs out with the private client id, then his refresh token stops working', async () => {
    const alex = await registeredLogin(base(), ALEX_LOGIN_ID);
    const url = `${base()}/shopper/auth/v1/organizations/${ORG}/oauth2/logout?client_id=webshop-server&channel_id=aurora&refresh_token=${alex.refresh_token}`;
    const out = await fetch(url, { headers: { authorization: `Bearer ${alex.access_token}` } });
    expect(out.status).toBe(200);
    expect((await call(base(), alex.access_token, 'GET', `${customers}/abcAlexOwner0001?${site}`)).status).toBe(401);
  });
});
