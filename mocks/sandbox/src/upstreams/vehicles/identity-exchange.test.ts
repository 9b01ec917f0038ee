// End to end: the vehicle services' code exchange against the sandbox identity provider itself.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../app.ts';
import { SANDBOX_PASSWORD, SHOPPERS } from '../../seed.ts';
import { identityModule, REALM_PATH } from '../identity/index.ts';
import { vehiclesModule } from './index.ts';

const sandbox: Sandbox = createSandbox([identityModule, vehiclesModule]);
let root = '';
const REDIRECT_URI = 'http://localhost:3000/callback/forgerock';
const alex = SHOPPERS.find((s) => s.handle === 'alex')!;

beforeAll(async () => {
  root = `http://localhost:${await sandbox.start(0)}`;
});
afterAll(() => sandbox.stop());

/** Follows the sign-in redirects with a cookie jar until the identity provider sends the browser back to the shop. */
async function signInForCode(challenge: string): Promise<string> {
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  const follow = async (res: Response): Promise<Response | URL> => {
    let current = res;
    while (current.status >= 300 && current.status < 400) {
      const location = new URL(current.headers.get('location')!, current.url);
      if (!location.href.startsWith(root)) return location;
      current = await send(location.href);
    }
    return current;
  };
  const authorize = `${root}/identity${REALM_PATH}/authorize?${new URLSearchParams({
    response_type: 'code',
    client_id: 'webshop',
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile customer.identifiers',
    state: 'st-1',
    nonce: 'n-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })}`;
  const page = await follow(await send(authorize));
  if (page instanceof URL) throw new Error('expected the sign-in page');
  const action = /<form method="post" action="([^"]+)"/.exec(await page.text())![1]!;
  const done = await follow(
    await send(new URL(action, root).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: alex.email, password: SANDBOX_PASSWORD, action: 'login' }).toString(),
    }),
  );
  if (!(done instanceof URL)) throw new Error(`sign-in did not return to the shop (${done.status})`);
  return done.searchParams.get('code')!;
}

describe('identity code exchange through the vehicle services', () => {
  it('when alex’s code and verifier are exchanged, then his principalUUID and a valid id token come back', async () => {
    const verifier = randomBytes(72).toString('base64url');
    const code = await signInForCode(createHash('sha256').update(verifier).digest('base64url'));
    const res = await fetch(`${root}/vehicles/v1/identity/access-token`, {
      method: 'POST',
      headers: { authorization: 'Bearer sandbox-service-token', 'content-type': 'application/json' },
      body: JSON.stringify({ customerCode: code, codeVerifier: verifier, origin: REDIRECT_URI }),
    });
    const body = (await res.json()) as { principalUUID: string; idToken: string };
    expect(res.status).toBe(200);
    expect(body.principalUUID).toBe(alex.uid);
    const session = await fetch(`${root}/vehicles/v1/session?id_token=${body.idToken}`, {
      headers: { authorization: 'Bearer sandbox-service-token' },
    });
    expect(await session.json()).toMatchObject({ valid: true, principalUUID: alex.uid });

    const again = await fetch(`${root}/vehicles/v1/identity/access-token`, {
      method: 'POST',
      headers: { authorization: 'Bearer sandbox-service-token', 'content-type': 'application/json' },
      body: JSON.stringify({ customerCode: code, codeVerifier: verifier, origin: REDIRECT_URI }),
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ isError: true, errorCode: 'TokenError' });
  });
});
