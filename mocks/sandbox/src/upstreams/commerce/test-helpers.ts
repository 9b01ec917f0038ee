/** Test helpers: a sandbox with the commerce module, PKCE guest and registered logins, JSON calls. */
import { createHash, randomBytes } from 'node:crypto';
import { createSandbox, type Sandbox } from '../../app.ts';
import { SHOPPERS } from '../../seed.ts';
import { commerceModule } from './index.ts';

export const ORG = 'f_ecom_zzzz_001';
export const REDIRECT_URI = 'http://localhost:3000/callback';
/** alex's login_id for the trusted-system login: his directory UID at the identity provider (decision 030). */
export const ALEX_LOGIN_ID = SHOPPERS.find((shopper) => shopper.handle === 'alex')!.uid;

export function startCommerce(): { sandbox: Sandbox; base: () => string; start: () => Promise<void> } {
  const sandbox = createSandbox([commerceModule]);
  let base = '';
  return {
    sandbox,
    base: () => base,
    start: async () => {
      base = `http://localhost:${await sandbox.start(0)}/commerce`;
    },
  };
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(96).toString('base64url').slice(0, 128);
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  customer_id: string;
  usid: string;
  expires_in: number;
  id_token: string;
}

export async function authorize(
  base: string,
  params: Record<string, string>,
): Promise<{ status: number; location: URL | undefined; body: unknown }> {
  const url = new URL(`${base}/shopper/auth/v1/organizations/${ORG}/oauth2/authorize`);
  for (const [key, value] of Object.entries({
    client_id: 'aurora-storefront',
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    ...params,
  }))
    url.searchParams.set(key, value);
  const res = await fetch(url, { redirect: 'manual' });
  const location = res.headers.get('location');
  return {
    status: res.status,
    location: location ? new URL(location) : undefined,
    body: res.status >= 400 ? await res.json() : undefined,
  };
}

export async function token(base: string, form: Record<string, string>): Promise<Response> {
  return fetch(`${base}/shopper/auth/v1/organizations/${ORG}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'aurora-storefront', channel_id: 'aurora', ...form }),
  });
}

/** The shop server's private SLAS client (HTTP Basic) for the trusted-system token. */
export const PRIVATE_BASIC = `Basic ${Buffer.from('webshop-server:webshop-server-sandbox-secret').toString('base64')}`;

/** A trusted-system on-behalf-of token request (HTTP Basic of the private client unless `authorization` is given). */
export async function trustedSystemToken(
  base: string,
  form: Record<string, string>,
  authorization: string | null = PRIVATE_BASIC,
): Promise<Response> {
  return fetch(`${base}/shopper/auth/v1/organizations/${ORG}/oauth2/trusted-system/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(authorization ? { authorization } : {}),
    },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      hint: 'ts_ext_on_behalf_of',
      idp_origin: 'forgerock',
      client_id: 'aurora-storefront',
      channel_id: 'aurora',
      ...form,
    }),
  });
}

/** A registered shopper's tokens as the shop's server gets them after the identity provider's login. */
export async function registeredLogin(
  base: string,
  loginId: string,
  usid?: string,
  extra: Record<string, string> = {},
): Promise<Tokens> {
  const res = await trustedSystemToken(base, { login_id: loginId, ...(usid ? { usid } : {}), ...extra });
  if (res.status !== 200) throw new Error(`trusted-system token answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Tokens;
}

/** Guest login: authorize with hint=guest and the PKCE code exchange. */
export async function login(base: string, extra: Record<string, string> = { hint: 'guest' }): Promise<Tokens> {
  const { verifier, challenge } = pkce();
  const authorized = await authorize(base, { code_challenge: challenge, channel_id: 'aurora', ...extra });
  if (authorized.status !== 303 || !authorized.location) throw new Error(`authorize answered ${authorized.status}`);
  const res = await token(base, {
    grant_type: 'authorization_code_pkce',
    code: authorized.location.searchParams.get('code') ?? '',
    usid: authorized.location.searchParams.get('usid') ?? '',
    code_verifier: verifier,
    redirect_uri: REDIRECT_URI,
  });
  if (res.status !== 200) throw new Error(`token answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Tokens;
}

/** A JSON call with the shopper's bearer token; `path` is below the prefix and may carry a query. */
export async function call(
  base: string,
  accessToken: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

export const baskets = `/checkout/shopper-baskets/v1/organizations/${ORG}/baskets`;
export const orders = `/checkout/shopper-orders/v1/organizations/${ORG}/orders`;
export const products = `/product/shopper-products/v1/organizations/${ORG}`;
export const customers = `/customer/shopper-customers/v1/organizations/${ORG}/customers`;
export const site = 'siteId=aurora';
