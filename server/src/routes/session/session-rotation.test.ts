/**
 * Session hygiene (issue 16 "Session hygiene across instances": no fixation): the session id and
 * the CSRF token rotate when the identity provider's callback completes a login and at logout, the
 * old id names nothing any more, and what the session held besides its login stays (the guest
 * basket's usid, the vehicle). Against the in-process sandbox; answers checked against proxy.yaml.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { emailOf, logIn, ShopBrowser, signIn } from '../../testing/shop-browser.ts';

const { shop, url } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000' });
const VEHICLE = { vin: 'ZAAAA1000AA000001', model: 'Aurora Sport Tourer', brand: 'aurora', market: 'GB' } as const;

const idOf = (cookie: string) => cookie.slice('shop_session='.length, cookie.lastIndexOf('.'));
const storedUnder = (cookie: string) => shop.server.context.sessions.options.store.get(idOf(cookie));
/** The session an old cookie leads to now (a new anonymous one when its id names nothing). */
const sessionWith = async (cookie: string) => (await fetch(url('/api/session'), { headers: { cookie } })).json();

/** A guest with a vehicle whose login is started and signed in at the identity provider, not yet completed. */
async function guestBackFromSignIn(shopper: ShopBrowser) {
  await shopper.open();
  await shopper.call('createGuestSession', '/api/session/guest', { method: 'POST' });
  await shopper.update((s) => {
    s.vehicle = VEHICLE;
  });
  const start = await shopper.call('startLogin', '/api/session/login?returnTo=%2Faccount');
  return signIn(shopper.root, start.body.authorizeUrl, emailOf('alex'));
}

describe('session id and CSRF token rotation', () => {
  it('when alex completes his login, then a new id and CSRF token; the old id is gone; the usid and vehicle stay', async () => {
    const alex = new ShopBrowser(shop);
    const back = await guestBackFromSignIn(alex);
    const before = { cookie: alex.cookie, csrf: alex.csrf, stored: await alex.stored() };
    const { response, body } = await alex.call('completeLogin', '/api/session/login/callback', {
      method: 'POST',
      body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
    });
    expect(response.status).toBe(200);
    expect(body.session.authType).toBe('registered');
    expect(idOf(alex.cookie)).not.toBe(idOf(before.cookie));
    expect(body.session.csrfToken).not.toBe(before.csrf);
    expect(await storedUnder(before.cookie)).toBeUndefined();
    const after = await alex.stored();
    expect(after.shopperTokens?.usid).toBe(before.stored.shopperTokens?.usid);
    expect(after.vehicle).toEqual(VEHICLE);
    expect(after.csrfToken).toBe(body.session.csrfToken);
    // The old cookie leads to no one's session: a new anonymous one.
    expect(await sessionWith(before.cookie)).toMatchObject({ authType: 'none', customer: null });
    // The old CSRF token no longer passes; the new one does.
    const stale = await fetch(url('/api/session/guest'), {
      method: 'POST',
      headers: { cookie: alex.cookie, 'x-csrf-token': before.csrf },
    });
    expect(stale.status).toBe(403);
    const fresh = await alex.call('createGuestSession', '/api/session/guest', { method: 'POST' });
    expect(fresh.response.status).toBe(201);
    expect(fresh.body.authType).toBe('registered');
  });

  it('storefront §4: when a logged-out shopper clicks the account entry, then the login starts and the session cookie is cleared: the old id names nothing, the basket and vehicle stay', async () => {
    const guest = new ShopBrowser(shop);
    await guest.open();
    await guest.call('createGuestSession', '/api/session/guest', { method: 'POST' });
    await guest.update((s) => {
      s.vehicle = VEHICLE;
    });
    const before = { cookie: guest.cookie, stored: await guest.stored() };
    const { response, body } = await guest.call('startLogin', '/api/session/login?returnTo=%2Faccount');
    expect(response.status).toBe(200);
    expect(body.authorizeUrl).toContain('/authorize?');
    expect(idOf(guest.cookie)).not.toBe(idOf(before.cookie));
    expect(await storedUnder(before.cookie)).toBeUndefined();
    expect(await sessionWith(before.cookie)).toMatchObject({ authType: 'none', customer: null });
    const after = await guest.stored();
    expect(after.shopperTokens?.usid).toBe(before.stored.shopperTokens?.usid);
    expect(after.vehicle).toEqual(VEHICLE);
    expect(after.login?.state).toBeTruthy();
  });

  it('when a signed-in shopper starts a login again, then the cookie is kept', async () => {
    const alex = new ShopBrowser(shop);
    await logIn(alex);
    const before = alex.cookie;
    expect((await alex.call('startLogin', '/api/session/login')).response.status).toBe(200);
    expect(alex.cookie).toBe(before);
  });

  it('when a login fails (state mismatch), then the session keeps its id and CSRF token', async () => {
    const shopper = new ShopBrowser(shop);
    await guestBackFromSignIn(shopper);
    const before = { cookie: shopper.cookie, csrf: shopper.csrf };
    const { response } = await shopper.call('completeLogin', '/api/session/login/callback', {
      method: 'POST',
      body: JSON.stringify({ code: 'any', state: 'not-the-state' }),
    });
    expect(response.status).toBe(400);
    expect(shopper.cookie).toBe(before.cookie);
    expect((await shopper.stored()).csrfToken).toBe(before.csrf);
  });

  it('when alex logs out, then a new id and CSRF token; his signed-in session is deleted; the vehicle stays', async () => {
    const alex = new ShopBrowser(shop);
    await logIn(alex);
    await alex.update((s) => {
      s.vehicle = VEHICLE;
    });
    const before = { cookie: alex.cookie, csrf: alex.csrf };
    const { response, body } = await alex.call('logout', '/api/session/logout', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(body).toMatchObject({
      session: { authType: 'guest', customer: null },
      redirectTo: `/service/cn-connected-navigation?carvin=${VEHICLE.vin}`,
    });
    expect(idOf(alex.cookie)).not.toBe(idOf(before.cookie));
    expect(body.session.csrfToken).not.toBe(before.csrf);
    expect(await storedUnder(before.cookie)).toBeUndefined();
    expect((await alex.stored()).vehicle).toEqual(VEHICLE);
    // Whoever still holds the signed-in cookie is nobody's shopper now.
    expect(await sessionWith(before.cookie)).toMatchObject({ authType: 'none', customer: null });
    expect((await alex.call('getSession', '/api/session')).body).toMatchObject({
      authType: 'guest',
      csrfToken: body.session.csrfToken,
    });
  });
});
