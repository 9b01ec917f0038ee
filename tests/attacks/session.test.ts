/**
 * Session fixation and the replay of a used authorization code (issue 17): a session id an attacker
 * planted before the login is not the one after it (Sessions.rotate), a made-up id is never adopted,
 * and an identity callback's code works once, for the session that started that login.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../../server/src/testing/sandbox-server.ts';
import { emailOf, logIn, ShopBrowser, signIn } from '../../server/src/testing/shop-browser.ts';
import { expectProblem, ledger } from './support.ts';

const { shop, url } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000' });
const attacks = ledger('session');

const sessionOf = async (cookie: string) =>
  (await (await fetch(url('/api/session'), { headers: { cookie } })).json()) as {
    authType: string;
    customer: unknown;
  };

describe('session fixation', () => {
  it('when an attacker plants their session cookie and the victim logs in, then the victim gets a new id and the planted one stays anonymous', async () => {
    await attacks.attack('planted session id', async () => {
      const attacker = new ShopBrowser(shop);
      await attacker.open();
      const planted = attacker.cookie;
      const victim = new ShopBrowser(shop);
      victim.cookie = planted;
      const login = await logIn(victim);
      expect(login.response.status).toBe(200);
      expect(victim.cookie).not.toBe(planted);
      expect(victim.cookie.split('.')[0]).not.toBe(planted.split('.')[0]);
      expect((await sessionOf(victim.cookie)).authType).toBe('registered');
      // The planted id no longer names the victim's session: the attacker holds nothing.
      const seen = await sessionOf(planted);
      expect(seen.authType).not.toBe('registered');
      expect(seen.customer).toBeNull();
      const overview = await fetch(url('/api/account/overview'), { headers: { cookie: planted } });
      await expectProblem(overview, 401);
    });
  });

  it('when a browser sends a session id nobody issued (unsigned or forged), then the proxy issues its own', async () => {
    for (const forged of ['shop_session=attacker-chosen-id', 'shop_session=attacker-chosen-id.c2lnbmF0dXJl']) {
      await attacks.attack(`made-up session id ${forged}`, async () => {
        const res = await fetch(url('/api/session'), { headers: { cookie: forged } });
        const set = res.headers.getSetCookie().find((c) => c.startsWith('shop_session='));
        expect(set).toBeDefined();
        expect(set).not.toContain('attacker-chosen-id');
      });
    }
  });
});

describe('replay of a used authorization code', () => {
  /** A login started by `browser`, signed in at the identity provider: the callback's code and state. */
  async function callbackOf(browser: ShopBrowser, handle = 'alex') {
    await browser.open();
    const start = await browser.call('startLogin', '/api/session/login?returnTo=%2Faccount%2Fmy-subscriptions');
    const back = await signIn(browser.root, start.body.authorizeUrl, emailOf(handle));
    return { code: back.searchParams.get('code'), state: back.searchParams.get('state'), kind: 'forgerock' };
  }

  const complete = (browser: ShopBrowser, body: unknown) =>
    fetch(url('/api/session/login/callback'), {
      method: 'POST',
      headers: { cookie: browser.cookie, 'x-csrf-token': browser.csrf, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('when the victim used a code and it is sent again, by the victim or by an attacker with their own login state, then refused and no second session', async () => {
    const victim = new ShopBrowser(shop);
    const callback = await callbackOf(victim);
    const first = await victim.call('completeLogin', '/api/session/login/callback', {
      method: 'POST',
      body: JSON.stringify(callback),
    });
    expect(first.response.status).toBe(200);

    await attacks.attack('the same code again in the same session', async () => {
      const again = await complete(victim, callback);
      expect(again.status).toBeGreaterThanOrEqual(400);
      expect(again.status).toBeLessThan(500);
      expect(again.headers.get('content-type')).toMatch(/problem\+json/);
    });

    await attacks.attack("the victim's code in an attacker's session, with the attacker's own state", async () => {
      const attacker = new ShopBrowser(shop);
      await attacker.open();
      const started = await attacker.call('startLogin', '/api/session/login');
      const state = new URL(started.body.authorizeUrl).searchParams.get('state');
      const stolen = await complete(attacker, { ...callback, state });
      expect(stolen.status).toBeGreaterThanOrEqual(400);
      expect(stolen.status).toBeLessThan(500);
      expect((await sessionOf(attacker.cookie)).authType).not.toBe('registered');
    });

    await attacks.attack("the victim's code and state in an attacker's session", async () => {
      const attacker = new ShopBrowser(shop);
      await attacker.open();
      await attacker.call('startLogin', '/api/session/login');
      const stolen = await complete(attacker, callback);
      expect(stolen.status).toBeGreaterThanOrEqual(400);
      expect(stolen.status).toBeLessThan(500);
      expect((await sessionOf(attacker.cookie)).authType).not.toBe('registered');
    });
  });

  it('when an attacker gets a code for their own account and makes the victim complete it (login CSRF), then the state does not match and the victim is not logged in as them', async () => {
    const attacker = new ShopBrowser(shop);
    const planted = await callbackOf(attacker, 'sam');
    await attacks.attack("the attacker's code and state in the victim's session", async () => {
      const victim = new ShopBrowser(shop);
      await victim.open();
      await victim.call('startLogin', '/api/session/login');
      const res = await complete(victim, planted);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await sessionOf(victim.cookie)).authType).not.toBe('registered');
    });
  });
});
