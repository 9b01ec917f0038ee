/**
 * Issue 3, "Done when": every seed handle and sandbox credential of ../shared/DESIGN.md answers as
 * listed: vehicles by VIN, encrypted VIN and mail token; shoppers; alex's saved card; the test
 * cards on both providers; the credentials (and wrong ones refused).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../mocks/sandbox/src/sandbox.ts';
import { encryptedVin, mailToken, SHOPPERS, UNKNOWN_VIN, VEHICLES } from '../../mocks/sandbox/src/seed.ts';

const sandbox = buildSandbox();
let base = '';
beforeAll(async () => {
  base = `http://127.0.0.1:${await sandbox.start(0)}`;
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${base}/__sandbox/reset`, { method: 'POST' });
});

const SERVICE = { authorization: 'Bearer sandbox-service-token' };
const DAY = 86_400_000;

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as any };
}

async function post(
  path: string,
  headers: Record<string, string>,
  body: Record<string, string> | object,
  form = false,
) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('DESIGN.md vehicles', () => {
  it.each(VEHICLES.map((v) => [v.vin, v] as const))(
    'when %s is looked up by VIN, encrypted VIN and mail token, then each finds it as listed',
    async (vin, vehicle) => {
      for (const query of [
        `vin=${vin}`,
        `cryptedVin=${encodeURIComponent(encryptedVin(vin))}`,
        `userMailToken=${mailToken(vin)}`,
      ]) {
        const res = await get(`/vehicles/v12/vehicles?service=CN&exactVehicleMatch=true&${query}`, SERVICE);
        expect(res.status, query).toBe(200);
        const record = (res.body.result as any[]).find((v) => v.vin === vin);
        expect(record).toMatchObject({ market: vehicle.market, model: vehicle.model });
        expect(JSON.stringify(record).toLowerCase()).toContain(vehicle.brand);
        const cn = (record.subscriptions as Array<{ productId: string; expiryDate: string }>).filter(
          (s) => s.productId === 'cn-connected-navigation',
        );
        const latest = Math.max(...cn.map((s) => Date.parse(s.expiryDate)));
        const days = Math.round((latest - Date.parse(new Date().toISOString().slice(0, 10))) / DAY);
        expect(Math.abs(days - vehicle.cnExpiresInDays), `${vin} expiry days`).toBeLessThanOrEqual(1);
      }
    },
  );

  it('when the unknown VIN is looked up, then it is not found', async () => {
    expect((await get(`/vehicles/v12/vehicles?service=CN&vin=${UNKNOWN_VIN}`, SERVICE)).status).toBe(404);
    expect((await get(`/vehicles/v11/vehicles?service=CN&vin=${UNKNOWN_VIN}`, SERVICE)).status).toBe(404);
  });
});

describe('DESIGN.md shoppers and saved card', () => {
  it('when alex, kim and sam are looked up in order management, then alex has the saved Visa 4242, kim none, sam no account', async () => {
    const info = (uid: string) =>
      post('/som/services/apexrest/SOM/PaymentMethodInformation', SERVICE, {
        controllerName: 'SOM',
        methodRequest: 'PaymentMethodInformation',
        query: { userId: uid, brand: 'aurora' },
      });
    const [alex, kim, sam] = SHOPPERS;
    const alexInfo = await info(alex!.uid);
    expect(JSON.stringify(alexInfo.body)).toContain('4242');
    expect(alexInfo.body.billingAddress).toMatchObject({ countryCode: 'GB' });
    expect((await info(kim!.uid)).body.paymentMethod).toBeNull();
    expect((await info(sam!.uid)).body.accountRecordId).toBeNull();
  });

  it("when alex's Stripe customer and Adyen stored methods are read, then the Visa ending 4242 expiring 12/2030 is there", async () => {
    const stripe = await get('/stripe/v1/payment_methods/pm_SandboxVisa4242', {
      authorization: 'Bearer sk_test_sandbox',
    });
    expect(stripe.body).toMatchObject({
      customer: 'cus_SandboxAlex01',
      card: { last4: '4242', exp_month: 12, exp_year: 2030 },
    });
    const alex = SHOPPERS[0]!;
    const adyen = await get(
      `/adyen/v71/storedPaymentMethods?merchantAccount=SandboxMerchantECOM&shopperReference=${alex.customerId}`,
      { 'x-api-key': 'sandbox-adyen-api-key' },
    );
    expect(adyen.body.storedPaymentMethods[0]).toMatchObject({
      lastFour: '4242',
      expiryMonth: '12',
      expiryYear: '2030',
    });
  });
});

const CARDS: Array<[string, 'succeeded' | 'requires_action' | string, string]> = [
  ['4242424242424242', 'succeeded', 'Authorised'],
  ['4000008260000000', 'succeeded', 'Authorised'],
  ['4000002500000003', 'succeeded', 'Authorised'],
  ['4000002760003184', 'requires_action', 'RedirectShopper'],
  ['4000000000000002', 'generic_decline', 'Refused'],
  ['4000000000009995', 'insufficient_funds', 'Refused'],
  ['4000000000000069', 'expired_card', 'Refused'],
];

describe('DESIGN.md test cards', () => {
  it.each(CARDS)(
    'when card %s is set up with Stripe and paid with Adyen, then Stripe says %s and Adyen %s',
    async (number, stripeOutcome, adyenOutcome) => {
      const sk = { authorization: 'Bearer sk_test_sandbox' };
      const method = await post(
        '/stripe/v1/payment_methods',
        sk,
        { type: 'card', 'card[number]': number, 'card[exp_month]': '12', 'card[exp_year]': '2031', 'card[cvc]': '123' },
        true,
      );
      expect(method.status).toBe(200);
      const setup = await post(
        '/stripe/v1/setup_intents',
        sk,
        { payment_method: method.body.id, confirm: 'true', return_url: 'http://localhost:3000/payment-confirmation' },
        true,
      );
      if (stripeOutcome === 'succeeded' || stripeOutcome === 'requires_action')
        expect(setup.body.status).toBe(stripeOutcome);
      else expect(setup.body.error).toMatchObject({ type: 'card_error', decline_code: stripeOutcome });

      const payment = await post(
        '/adyen/v71/payments',
        { 'x-api-key': 'sandbox-adyen-api-key' },
        {
          merchantAccount: 'SandboxMerchantECOM',
          amount: { currency: 'EUR', value: 11900 },
          reference: `handles-${number}`,
          returnUrl: 'http://localhost:3000/payment-confirmation',
          paymentMethod: {
            type: 'scheme',
            encryptedCardNumber: `test_${number}`,
            encryptedExpiryMonth: 'test_12',
            encryptedExpiryYear: 'test_2034',
            encryptedSecurityCode: 'test_123',
          },
          // A web payment, as the shop sends it: Adyen needs the browser for 3-D Secure 2.
          channel: 'Web',
          browserInfo: {
            acceptHeader: '*/*',
            colorDepth: 24,
            javaEnabled: false,
            language: 'en-GB',
            screenHeight: 900,
            screenWidth: 1440,
            timeZoneOffset: 0,
            userAgent: 'Mozilla/5.0 (handles test)',
          },
        },
      );
      expect(payment.body.resultCode).toBe(adyenOutcome);
    },
  );
});

describe('DESIGN.md credentials', () => {
  it('when the fixed credentials are used, then each upstream accepts them, and refuses wrong ones', async () => {
    expect(
      (await get('/stripe/v1/customers/cus_SandboxAlex01', { authorization: 'Bearer sk_test_sandbox' })).status,
    ).toBe(200);
    expect(
      (await get('/stripe/v1/customers/cus_SandboxAlex01', { authorization: 'Bearer sk_test_wrong' })).status,
    ).toBe(401);
    const adyen = (key: string) =>
      post(
        '/adyen/v71/paymentMethods',
        { 'x-api-key': key },
        { merchantAccount: 'SandboxMerchantECOM', countryCode: 'FR', amount: { currency: 'EUR', value: 100 } },
      );
    expect((await adyen('sandbox-adyen-api-key')).status).toBe(200);
    expect((await adyen('wrong')).status).toBe(401);
    expect(
      (await get(`/vehicles/v12/vehicles?service=CN&vin=${VEHICLES[0]!.vin}`, { authorization: 'Bearer wrong' }))
        .status,
    ).toBe(401);
    const loqate = (key: string) =>
      post('/loqate/Capture/Interactive/Find/v1.10/json3.ws', {}, { Key: key, Text: 'SW1A', Countries: 'GB' }, true);
    expect((await loqate('SANDBOX-LOQATE-KEY')).body.Items[0].Error).toBeUndefined();
    expect((await loqate('WRONG')).body.Items[0].Error).toBe('2');
    const discovery = await get('/identity/am/oauth2/realms/root/realms/alpha/.well-known/openid-configuration');
    expect(discovery.body.code_challenge_methods_supported).toEqual(['S256']);
  });
});
