/**
 * A shopper's e-mail changed at the identity provider (issue 31): the sandbox control
 * `PUT /__sandbox/identity/shoppers/{email}/email`, the sign-in with the new e-mail, and the id token
 * that carries it with the same subject and directory UID.
 */
import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../sandbox.ts';
import { SANDBOX_PASSWORD, SHOPPERS } from '../../seed.ts';
import { REALM_PATH } from './index.ts';

const sandbox = buildSandbox();
let root = '';
const issuer = () => `${root}/identity${REALM_PATH}`;
const REDIRECT_URI = 'http://localhost:3000/callback/forgerock';
const BASIC = `Basic ${Buffer.from('webshop:webshop-sandbox-secret').toString('base64')}`;
const alex = SHOPPERS.find((s) => s.handle === 'alex')!;
const kim = SHOPPERS.find((s) => s.handle === 'kim')!;

beforeAll(async () => {
  root = `http://localhost:${await sandbox.start(0)}`;
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
});

const changeEmail = (email: string, body: unknown) =>
  fetch(`${root}/__sandbox/identity/shoppers/${encodeURIComponent(email)}/email`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * Signs in at the provider's page with `email` and the sandbox password and exchanges the code:
 * the id token's claims, or undefined when the sign-in page refuses the credentials.
 */
async function signIn(email: string): Promise<Record<string, unknown> | undefined> {
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
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
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
  const verifier = randomBytes(72).toString('base64url');
  const authorize = `${issuer()}/authorize?${new URLSearchParams({
    response_type: 'code',
    client_id: 'webshop',
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile customer.identifiers customer.vehicles',
    state: 'st-email-change',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })}`;
  const page = (await follow(await send(authorize))) as Response;
  const action = /<form method="post" action="([^"]+)"/.exec(await page.text())![1]!;
  const back = await follow(
    await send(new URL(action, root).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password: SANDBOX_PASSWORD, action: 'login' }).toString(),
    }),
  );
  if (!(back instanceof URL)) return undefined;
  const token = await fetch(`${issuer()}/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: BASIC },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    }).toString(),
  });
  return decodeJwt(((await token.json()) as { id_token: string }).id_token);
}

describe('sandbox control: a shopper’s e-mail at the identity provider (issue 31)', () => {
  it('when alex’s e-mail is changed, then he signs in with the new one and the same password, and the id token carries it with the same subject and directory UID', async () => {
    const changed = await changeEmail(alex.email, { email: 'alex.renamed@example.com' });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ uid: alex.uid, email: 'alex.renamed@example.com' });

    const claims = await signIn('alex.renamed@example.com');
    expect(claims).toMatchObject({
      sub: alex.uid,
      email: 'alex.renamed@example.com',
      identifiers: { uid: alex.uid, crmId: alex.crmId },
    });
    expect(await signIn(alex.email)).toBeUndefined();
  });

  it('when the e-mail was changed and the sandbox is reset, then the seed e-mail signs in again and the changed one does not', async () => {
    await changeEmail(alex.email, { email: 'alex.renamed@example.com' });
    await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
    expect(await signIn(alex.email)).toMatchObject({ sub: alex.uid, email: alex.email });
    expect(await signIn('alex.renamed@example.com')).toBeUndefined();
  });

  it('when the changed e-mail is changed again, then the control finds the shopper by his e-mail now', async () => {
    await changeEmail(alex.email, { email: 'alex.renamed@example.com' });
    expect((await changeEmail(alex.email, { email: 'alex.third@example.com' })).status).toBe(404);
    const again = await changeEmail('alex.renamed@example.com', { email: 'alex.third@example.com' });
    expect(await again.json()).toEqual({ uid: alex.uid, email: 'alex.third@example.com' });
  });

  it.each([
    ['no body', undefined],
    ['no email', {}],
    ['an email that is not a string', { email: 42 }],
    ['an email that is not an address', { email: 'alex at example' }],
    ['an email over 128 characters', { email: `${'a'.repeat(120)}@example.com` }],
  ])('when the body has %s, then 400 and nothing changes', async (_what, body) => {
    const res = await changeEmail(alex.email, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty('error');
    expect(await signIn(alex.email)).toMatchObject({ email: alex.email });
  });

  it('when no shopper signs in with the e-mail, then 404', async () => {
    const res = await changeEmail('nobody@example.com', { email: 'somebody@example.com' });
    expect(res.status).toBe(404);
  });

  it('when the new e-mail is another shopper’s, then 409 and nothing changes', async () => {
    const res = await changeEmail(alex.email, { email: kim.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(await signIn(kim.email)).toMatchObject({ sub: kim.uid });
    expect(await signIn(alex.email)).toMatchObject({ sub: alex.uid });
  });
});
