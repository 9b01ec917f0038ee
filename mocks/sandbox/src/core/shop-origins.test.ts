/**
 * The shop's origins the sandbox's OAuth clients register (issue 32): SANDBOX_SHOP_ORIGINS is read as
 * a list of origins, and the SLAS stand-in and the identity provider accept redirect URIs on those
 * origins only, refusing any other with their own errors, as the real services refuse an
 * unregistered redirect URI.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../app.ts';
import { buildSandbox } from '../sandbox.ts';
import { REALM_PATH } from '../upstreams/identity/index.ts';
import { DEFAULT_SHOP_ORIGINS, onShopOrigin, parseShopOrigins } from './shop-origins.ts';

describe('SANDBOX_SHOP_ORIGINS', () => {
  it('when unset or blank, then the shop is on http://localhost:3000', () => {
    expect(parseShopOrigins(undefined)).toEqual(['http://localhost:3000']);
    expect(parseShopOrigins(' , ')).toBe(DEFAULT_SHOP_ORIGINS);
  });

  it('when it lists origins, then each is registered once, without its trailing slash', () => {
    expect(parseShopOrigins('http://localhost:3005/, https://shop.test ,http://localhost:3005')).toEqual([
      'http://localhost:3005',
      'https://shop.test',
    ]);
  });

  it.each(['localhost:3005', 'http://localhost:3005/callback', 'ftp://localhost:3005', 'http://localhost:3005?x=1'])(
    'when it holds %s, then it is refused, naming the variable and the entry',
    (entry) => {
      expect(() => parseShopOrigins(`http://localhost:3005,${entry}`)).toThrow(
        new RegExp(`^SANDBOX_SHOP_ORIGINS: '${entry.replace(/[.?/]/g, '\\$&')}' is not an origin`),
      );
    },
  );

  it('when a redirect URI is on a registered origin, any path, then it is accepted; another port or scheme is not', () => {
    const origins = ['http://localhost:3005'];
    expect(onShopOrigin('http://localhost:3005/callback', origins)).toBe(true);
    expect(onShopOrigin('http://localhost:3005/any/path?x=1', origins)).toBe(true);
    expect(onShopOrigin('http://localhost:3000/callback', origins)).toBe(false);
    expect(onShopOrigin('https://localhost:3005/callback', origins)).toBe(false);
    expect(onShopOrigin('not a url', origins)).toBe(false);
  });
});

describe('a sandbox registering the shop on http://localhost:3005', () => {
  const sandbox: Sandbox = buildSandbox({ shopOrigins: ['http://localhost:3005'] });
  let root = '';
  beforeAll(async () => {
    root = `http://127.0.0.1:${await sandbox.start(0)}`;
  });
  afterAll(() => sandbox.stop());

  const challenge = () => createHash('sha256').update(randomBytes(96).toString('base64url')).digest('base64url');

  const slasAuthorize = (redirectUri: string) =>
    fetch(
      `${root}/commerce/shopper/auth/v1/organizations/f_ecom_zzzz_001/oauth2/authorize?` +
        new URLSearchParams({
          client_id: 'aurora-storefront',
          redirect_uri: redirectUri,
          response_type: 'code',
          hint: 'guest',
          channel_id: 'aurora',
          code_challenge: challenge(),
        }).toString(),
      { redirect: 'manual' },
    );

  const identityAuthorize = (redirectUri: string) =>
    fetch(
      `${root}/identity${REALM_PATH}/authorize?` +
        new URLSearchParams({
          client_id: 'webshop',
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: 'openid email profile',
          code_challenge: challenge(),
          code_challenge_method: 'S256',
          state: 'state-1',
        }).toString(),
      { redirect: 'manual' },
    );

  it('when the shop asks SLAS for a guest code on its origin, then the code comes back to that redirect URI', async () => {
    const res = await slasAuthorize('http://localhost:3005/callback');
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:3005/callback');
    expect(location.searchParams.get('code')).toMatch(/^gc-/);
  });

  it('when a redirect URI on another origin is sent to SLAS, then it is refused with SLAS’s OAuth error', async () => {
    const res = await slasAuthorize('http://localhost:3000/callback');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'invalid_request',
      error_description: "Redirect URI not registered for client 'aurora-storefront'.",
    });
  });

  it('when the identity provider is asked to send the shopper back to the shop’s origin, then it shows the sign-in', async () => {
    const res = await identityAuthorize('http://localhost:3005/callback/forgerock');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('/interaction/');
  });

  it('when the identity provider is asked for another origin’s callback, then it refuses it as not pre-registered', async () => {
    const res = await identityAuthorize('http://localhost:3000/callback/forgerock');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('when the controls are read, then they name the registered shop origins', async () => {
    expect(await (await fetch(`${root}/__sandbox`)).json()).toMatchObject({ shopOrigins: ['http://localhost:3005'] });
  });
});
