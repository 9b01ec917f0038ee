import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zConnectedServicesResponse, zVehicleLookupResponse } from '../../../../../generated/vehicles/zod/zod.gen.ts';
import { createSandbox, type Sandbox } from '../../app.ts';
import { encryptedVin, SHOPPERS, UNKNOWN_VIN } from '../../seed.ts';
import { redirectUriOf, setIdentityFetch, vehiclesModule } from './index.ts';

const alex = SHOPPERS.find((s) => s.handle === 'alex')!;

const sandbox: Sandbox = createSandbox([vehiclesModule]);
let base = '';

beforeAll(async () => {
  base = `http://127.0.0.1:${await sandbox.start(0)}`;
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${base}/__sandbox/reset`, { method: 'POST' });
});
afterEach(() => setIdentityFetch(undefined));

const TOKEN = 'sandbox-service-token';

async function get(path: string, headers: Record<string, string> = {}, token: string | null = TOKEN) {
  const all: Record<string, string> = { ...headers };
  if (token) all.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}/vehicles${path}`, { headers: all });
  return { status: res.status, body: (await res.json()) as any };
}

async function post(path: string, body: unknown) {
  const res = await fetch(`${base}/vehicles${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

describe('vehicle lookup', () => {
  it.each(['v11', 'v12'])(
    'when alex’s vehicle 1 is looked up by VIN with %s, then its record comes back',
    async (version) => {
      const res = await get(
        `/${version}/vehicles?service=VCS&vin=ZAAAA1000AA000001&exactVehicleMatch=true&consolidateConNav=true`,
      );
      expect(res.status).toBe(200);
      expect(zVehicleLookupResponse.safeParse(res.body).success).toBe(true);
      expect(res.body.result).toHaveLength(1);
      expect(res.body.result[0]).toMatchObject({
        market: 'GB',
        make: 'aurora',
        model: 'Aurora Sport Tourer',
        cryptedVin: encryptedVin('ZAAAA1000AA000001'),
        userMailToken: 'mt-000001',
        customer: { id: alex.sapCdcId, email: alex.email },
      });
      expect(res.body.result[0].subscriptions).toContainEqual({
        productId: 'cn-connected-navigation',
        expiryDate: daysFromNow(30),
      });
    },
  );

  it('when looked up by mail token or encrypted VIN, then the same vehicle comes back', async () => {
    const byToken = await get('/v12/vehicles?service=VCS&userMailToken=mt-000003&exactVehicleMatch=true');
    expect(byToken.body.result[0].vin).toBe('ZAAAA1000AA000003');
    const byCrypted = await get(
      `/v12/vehicles?service=VCS&cryptedVin=${encodeURIComponent(encryptedVin('ZAAAA1000AA000005'))}`,
    );
    expect(byCrypted.body.result[0]).toMatchObject({
      vin: 'ZAAAA1000AA000005',
      market: 'DE',
      customer: { id: 'cdc-kim-0002' },
    });
  });

  it('when a FR or borealis vehicle is looked up, then it is an ordinary 200 (the shop checks market and brand)', async () => {
    expect((await get('/v12/vehicles?service=VCS&vin=ZAAAA1000AA000004')).body.result[0].market).toBe('FR');
    expect((await get('/v12/vehicles?service=VCS&vin=ZBBBB1000BB000006')).body.result[0].make).toBe('borealis');
  });

  it('when the VIN is unknown, then 404 NotFound', async () => {
    const res = await get(`/v12/vehicles?service=VCS&vin=${UNKNOWN_VIN}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      isError: true,
      message: `No vehicle found for VIN ${UNKNOWN_VIN}`,
      errorCode: 'NotFound',
    });
    expect((await get('/v12/vehicles?service=VCS&userMailToken=mt-999999')).status).toBe(404);
  });

  it('when consolidateConNav is off, then every connected-navigation term is listed; on, one per product', async () => {
    const all = await get('/v12/vehicles?service=VCS&vin=ZAAAA1000AA000002&exactVehicleMatch=true');
    expect(all.body.result[0].subscriptions).toEqual([
      { productId: 'cn-connected-navigation', expiryDate: daysFromNow(-10) },
      { productId: 'cn-connected-navigation', expiryDate: daysFromNow(-375) },
    ]);
    const one = await get(
      '/v12/vehicles?service=VCS&vin=ZAAAA1000AA000002&exactVehicleMatch=true&consolidateConNav=true',
    );
    expect(one.body.result[0].subscriptions).toEqual([
      { productId: 'cn-connected-navigation', expiryDate: daysFromNow(-10) },
    ]);
  });

  it('when exactVehicleMatch is off, then the owner’s other vehicles of the brand follow the match', async () => {
    const res = await get('/v12/vehicles?service=VCS&vin=ZAAAA1000AA000003');
    expect(res.body.result[0].vin).toBe('ZAAAA1000AA000003');
    expect(res.body.result.length).toBeGreaterThan(1);
    expect(res.body.result.every((v: any) => v.make === 'aurora' && v.customer.id === alex.sapCdcId)).toBe(true);
  });

  it('when the clock moves 31 days, then vehicle 1’s expiry date stays, now in the past', async () => {
    await fetch(`${base}/__sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceDays: 31 }),
    });
    const res = await get(
      '/v12/vehicles?service=VCS&vin=ZAAAA1000AA000001&exactVehicleMatch=true&consolidateConNav=true',
    );
    expect(res.body.result[0].subscriptions[0].expiryDate).toBe(daysFromNow(30));
  });

  it('when no identifier or no service is given, then 400 MissingParameters', async () => {
    const none = await get('/v12/vehicles?service=VCS');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      isError: true,
      message: 'Missing required parameters: vin, cryptedVin or userMailToken',
      errorCode: 'MissingParameters',
    });
    expect((await get('/v12/vehicles?vin=ZAAAA1000AA000001')).body.errorCode).toBe('MissingParameters');
  });

  it('when the token is missing or wrong, then 401 in the ServiceError shape', async () => {
    for (const token of [null, 'nope']) {
      const res = await get('/v12/vehicles?service=VCS&vin=ZAAAA1000AA000001', {}, token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        isError: true,
        message: 'The service token is missing or invalid.',
        errorCode: 'Unauthorized',
      });
    }
  });
});

describe('connected services, session, FAQs and geolocation', () => {
  it('when alex’s connected services are read for one VIN, then that vehicle comes back; sam has none; unknown is 404', async () => {
    const one = await get(`/v1/customers/${alex.sapCdcId}/connected-services?vin=ZAAAA1000AA000001`);
    expect(zConnectedServicesResponse.safeParse(one.body).success).toBe(true);
    expect(one.body.vehicles.map((v: any) => v.vin)).toEqual(['ZAAAA1000AA000001']);
    expect((await get('/v1/customers/cdc-sam-0003/connected-services')).body.vehicles).toEqual([]);
    expect((await get('/v1/customers/cdc-unknown-9999/connected-services')).status).toBe(404);
  });

  it('when a shopper’s unexpired id token is checked, then valid until it expires or is logged out', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = jwt({ sub: alex.uid, exp, identifiers: { crmId: alex.crmId, uid: alex.uid } });
    const valid = await get(`/v1/session?id_token=${token}`);
    expect(valid.body).toEqual({ valid: true, principalUUID: alex.uid, expiresAt: new Date(exp * 1000).toISOString() });
    expect((await get(`/v1/identity/logout?id_token=${token}`)).body).toEqual({ success: true });
    expect((await get(`/v1/session?id_token=${token}`)).body.valid).toBe(false);
  });

  it('when the id token has expired, is someone unknown or is not a JWT, then invalid', async () => {
    const past = jwt({ sub: alex.uid, exp: Math.floor(Date.now() / 1000) - 10 });
    const stranger = jwt({ sub: 'nobody', exp: Math.floor(Date.now() / 1000) + 3600 });
    for (const token of [past, stranger, 'garbage'])
      expect((await get(`/v1/session?id_token=${token}`)).body).toEqual({
        valid: false,
        principalUUID: null,
        expiresAt: null,
      });
    expect((await get('/v1/session')).status).toBe(400);
  });

  it('when the GB FAQs are read with and without auto-renewal, then the auto-renewal questions follow the flag', async () => {
    const on = (await get('/v1/sites/aurora/faqs/top?market=GB&autoRenew=true&context=renewals')).body.items as any[];
    const off = (await get('/v1/sites/aurora/faqs/top?market=GB&autoRenew=false&context=renewals')).body.items as any[];
    expect(on.some((i) => i.question.includes('auto-renewal'))).toBe(true);
    expect(off.some((i) => i.question.includes('auto-renewal'))).toBe(false);
    expect((await get('/v1/sites/aurora/faqs/top?market=FR&context=renewals')).body.items[0].question).toContain(
      'Comment',
    );
    expect((await get('/v1/sites/aurora/faqs/top?market=XX&context=renewals')).body).toEqual({ items: [] });
    expect((await get('/v1/sites/aurora/faqs/top?market=GB')).status).toBe(400);
  });

  it.each([
    ['GB', 'How do I renew'],
    ['SK', 'How do I renew'],
    ['DE', 'Wie verlängere'],
    ['AT', 'Wie verlängere'],
    ['FR', 'Comment renouveler'],
    ['BE', 'Comment renouveler'],
    ['LU', 'Comment renouveler'],
    ['NL', 'Hoe verleng ik'],
    ['IT', 'Come rinnovo'],
    ['ES', '¿Cómo renuevo'],
    ['PT', 'Como renovo'],
    ['CZ', 'Jak prodloužím'],
  ])('when the %s top renewal FAQs are read, then they are in the market language (%s…)', async (market, start) => {
    const on = (await get(`/v1/sites/aurora/faqs/top?market=${market}&autoRenew=true&context=renewals`)).body.items;
    const off = (await get(`/v1/sites/aurora/faqs/top?market=${market}&context=renewals`)).body.items;
    expect(on[0].question).toContain(`<p>${start}`);
    expect(off[0].question).toContain(`<p>${start}`);
  });

  it('when the geolocation is asked from a forwarded FR address or from nowhere special, then FR or GB', async () => {
    expect((await get('/v1/geolocation', { 'x-forwarded-for': '198.51.100.24, 10.0.0.1' })).body).toEqual({
      country: 'FR',
      ip: '198.51.100.24',
    });
    const local = await get('/v1/geolocation');
    expect(local.body.country).toBe('GB');
    expect(typeof local.body.ip).toBe('string');
  });
});

describe('identity exchange', () => {
  const verifier = 'v'.repeat(96);

  it('when the identity provider accepts the code, then principalUUID and idToken come back', async () => {
    const idToken = jwt({ sub: alex.uid, exp: 9999999999, identifiers: { crmId: alex.crmId, uid: alex.uid } });
    let seen: { url: string; form: URLSearchParams; authorization: string } | undefined;
    setIdentityFetch(async (url, init) => {
      seen = {
        url,
        form: new URLSearchParams(String(init.body)),
        authorization: new Headers(init.headers).get('authorization') ?? '',
      };
      return Response.json({ access_token: 'at', id_token: idToken, token_type: 'Bearer' });
    });
    const res = await post('/v1/identity/access-token', {
      customerCode: 'code-alex',
      codeVerifier: verifier,
      origin: 'http://localhost:3000/callback/forgerock',
    });
    expect(res.body).toEqual({ principalUUID: alex.uid, idToken });
    expect(seen!.url).toMatch(/\/identity\/am\/oauth2\/realms\/root\/realms\/alpha\/access_token$/);
    expect(Object.fromEntries(seen!.form)).toMatchObject({
      grant_type: 'authorization_code',
      code: 'code-alex',
      code_verifier: verifier,
      redirect_uri: 'http://localhost:3000/callback/forgerock',
    });
    expect(seen!.authorization).toBe(`Basic ${Buffer.from('webshop:webshop-sandbox-secret').toString('base64')}`);
  });

  it('when the identity provider refuses the code, then 400 TokenError with its error', async () => {
    setIdentityFetch(async () =>
      Response.json(
        { error: 'invalid_grant', error_description: 'The provided authorization code is invalid or has expired' },
        { status: 400 },
      ),
    );
    const res = await post('/v1/identity/access-token', {
      customerCode: 'used',
      codeVerifier: verifier,
      origin: 'http://localhost:3000/callback/forgerock',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      isError: true,
      message: 'invalid_grant: The provided authorization code is invalid or has expired',
      errorCode: 'TokenError',
    });
  });

  it('when the verifier or the body is missing, then MissingParameters or MissingBody', async () => {
    const missing = await post('/v1/identity/access-token', { customerCode: 'c', origin: 'http://localhost:3000' });
    expect(missing.body).toEqual({
      isError: true,
      message: 'Missing required parameters: codeVerifier',
      errorCode: 'MissingParameters',
    });
    expect((await post('/v1/identity/access-token', undefined)).body.errorCode).toBe('MissingBody');
  });

  it('when the origin has no path, then the redirect URI is its /callback/forgerock', () => {
    expect(redirectUriOf('http://localhost:3000')).toBe('http://localhost:3000/callback/forgerock');
    expect(redirectUriOf('http://localhost:3000/callback')).toBe('http://localhost:3000/callback');
  });
});

describe('orders', () => {
  it('when an abandoned order is read and failed, then it is failed; a paid one is left alone', async () => {
    expect((await get('/v1/orders/00001030')).body).toMatchObject({ orderNo: '00001030', status: 'created' });
    const failed = await post('/v1/orders/fail', { id: '00001030', customerName: 'Alex Owner' });
    expect(failed.body).toMatchObject({ orderNo: '00001030', status: 'failed', c_stripe_status: 'error' });
    expect((await get('/v1/orders/00001030')).body.status).toBe('failed');
    expect((await post('/v1/orders/fail', { id: '00001031', customerName: 'Alex Owner' })).body.status).toBe('new');
  });

  it('when the order is unknown, then 404; when the body lacks customerName, then 400', async () => {
    expect((await get('/v1/orders/00009999')).body).toEqual({
      isError: true,
      message: 'No order found for id 00009999',
      errorCode: 'NotFound',
    });
    expect((await post('/v1/orders/fail', { id: '00009999', customerName: 'X' })).status).toBe(404);
    expect((await post('/v1/orders/fail', { id: '00001030' })).body.errorCode).toBe('MissingParameters');
  });
});
