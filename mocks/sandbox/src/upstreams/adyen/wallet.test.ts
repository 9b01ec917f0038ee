/**
 * Google Pay and Apple Pay in the Adyen stand-in (Checkout v71): `/paymentMethods` lists them with
 * their configuration; the wallet control issues tokens shaped like the wallets' for a card;
 * `/payments` pays a token once as a card payment without 3-D Secure, refuses a token it cannot
 * decrypt as Adyen does (5_202 "Invalid PayWithGoogle Token", 5_002 "Invalid Apple Pay Token"), and
 * stores the wallet's card for later merchant-initiated payments by its storedPaymentMethodId.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../app.ts';
import { ADYEN_SEED, adyenLedger, adyenModule, getStoredPaymentMethods } from './index.ts';

const sandbox: Sandbox = createSandbox([adyenModule]);
let root = '';

beforeAll(async () => {
  root = `http://localhost:${await sandbox.start(0)}`;
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
});

type Wallet = 'googlepay' | 'applepay';
interface Answer {
  [key: string]: unknown;
  status?: number;
  errorCode?: string;
  resultCode?: string;
  pspReference: string;
  additionalData: Record<string, string>;
}

const CLIENT_KEY = { 'x-client-key': 'test_SANDBOXCLIENTKEY' };
const API = { 'x-api-key': 'sandbox-adyen-api-key', 'content-type': 'application/json' };

function walletControl(body: unknown, headers: Record<string, string> = CLIENT_KEY) {
  return fetch(`${root}/adyen/__wallet/tokens`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function walletToken(type: Wallet, number = '4242424242424242', expiryYear = '2030'): Promise<string> {
  const res = await walletControl({ type, number, expiryMonth: '12', expiryYear });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${root}/adyen/v71${path}`, {
    method: 'POST',
    headers: { ...API, ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

const tokenField = (type: Wallet) => (type === 'googlepay' ? 'googlePayToken' : 'applePayToken');

/** A wallet payment as the shop's server sends it: the component's state.data, no browserInfo. */
const walletPayment = (type: Wallet, token: string, extra: Record<string, unknown> = {}) => ({
  amount: { currency: 'EUR', value: 9900 },
  merchantAccount: ADYEN_SEED.merchantAccount,
  reference: '00001006',
  returnUrl: 'http://localhost:3000/checkout/payment-return?orderNo=00001006',
  countryCode: 'FR',
  channel: 'Web',
  paymentMethod: { type, [tokenField(type)]: token },
  shopperReference: ADYEN_SEED.alexShopperReference,
  shopperEmail: 'alex.owner@example.com',
  ...extra,
});

async function payWith(type: Wallet, number = '4242424242424242', extra: Record<string, unknown> = {}) {
  return post('/payments', walletPayment(type, await walletToken(type, number), extra));
}

describe('adyen stand-in: Google Pay and Apple Pay in /paymentMethods', () => {
  it.each(['FR', 'CZ', 'NL'])(
    'when the country is %s, then both wallets come with their configuration',
    async (countryCode) => {
      const { body } = await post('/paymentMethods', { merchantAccount: ADYEN_SEED.merchantAccount, countryCode });
      const methods = body.paymentMethods as Array<{ type: string }>;
      expect(methods).toEqual(
        expect.arrayContaining([
          {
            type: 'googlepay',
            name: 'Google Pay',
            brands: ['visa', 'mc', 'amex'],
            configuration: { merchantId: expect.any(String), gatewayMerchantId: ADYEN_SEED.merchantAccount },
          },
          {
            type: 'applepay',
            name: 'Apple Pay',
            brands: ['visa', 'mc', 'amex'],
            configuration: {
              merchantId: expect.stringMatching(/^merchant\.com\.adyen\..+\.test$/),
              merchantName: ADYEN_SEED.merchantAccount,
            },
          },
        ]),
      );
    },
  );

  it('when the shop allows cards and Google Pay, or blocks Apple Pay, then the lists follow', async () => {
    const allowed = await post('/paymentMethods', {
      merchantAccount: ADYEN_SEED.merchantAccount,
      countryCode: 'FR',
      allowedPaymentMethods: ['scheme', 'googlepay'],
    });
    expect((allowed.body.paymentMethods as Array<{ type: string }>).map((m) => m.type)).toEqual([
      'scheme',
      'googlepay',
    ]);
    const blocked = await post('/paymentMethods', {
      merchantAccount: ADYEN_SEED.merchantAccount,
      countryCode: 'FR',
      blockedPaymentMethods: ['applepay'],
    });
    expect((blocked.body.paymentMethods as Array<{ type: string }>).map((m) => m.type)).toEqual([
      'scheme',
      'googlepay',
    ]);
  });
});

describe('adyen stand-in: the wallet control (__wallet/tokens)', () => {
  it("when the Google Pay sheet's card is tokenised, then the token is shaped like Google Pay's PaymentData token", async () => {
    const token = JSON.parse(await walletToken('googlepay')) as Record<string, unknown>;
    expect(token).toEqual({
      signature: expect.any(String),
      intermediateSigningKey: { signedKey: expect.any(String), signatures: [expect.any(String)] },
      protocolVersion: 'ECv2',
      signedMessage: expect.any(String),
    });
    expect(JSON.parse(token.signedMessage as string)).toEqual({
      encryptedMessage: expect.any(String),
      ephemeralPublicKey: expect.any(String),
      tag: expect.any(String),
    });
  });

  it("when the Apple Pay sheet's card is tokenised, then the token is Apple Pay's paymentData in base64", async () => {
    const paymentData = JSON.parse(Buffer.from(await walletToken('applepay'), 'base64').toString('utf8')) as unknown;
    expect(paymentData).toEqual({
      version: 'EC_v1',
      data: expect.any(String),
      signature: expect.any(String),
      header: {
        ephemeralPublicKey: expect.any(String),
        publicKeyHash: expect.any(String),
        transactionId: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
  });

  it.each([
    ['no client key', {}],
    ['a wrong client key', { 'x-client-key': 'test_WRONG' }],
    ['the API key instead', { 'x-api-key': 'sandbox-adyen-api-key' }],
  ])('when the call comes with %s, then 401', async (_, headers) => {
    const res = await walletControl(
      { type: 'googlepay', number: '4242424242424242', expiryMonth: '12', expiryYear: '2030' },
      headers,
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: 401, errorType: 'security' });
  });

  it('when the client key comes as the clientKey query parameter, then it is accepted; a browser may preflight', async () => {
    const res = await fetch(`${root}/adyen/__wallet/tokens?clientKey=test_SANDBOXCLIENTKEY`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'applepay', number: '4242424242424242', expiryMonth: '12', expiryYear: '2030' }),
    });
    expect(res.status).toBe(200);
    const preflight = await fetch(`${root}/adyen/__wallet/tokens`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('X-Client-Key');
  });

  it.each([
    ['another wallet', { type: 'paypal', number: '4242424242424242', expiryMonth: '12', expiryYear: '2030' }, '702'],
    ['no type', { number: '4242424242424242', expiryMonth: '12', expiryYear: '2030' }, '702'],
    ['an invalid card number', { type: 'googlepay', number: '1234', expiryMonth: '12', expiryYear: '2030' }, '101'],
    [
      'an invalid expiry',
      { type: 'applepay', number: '4242424242424242', expiryMonth: '13', expiryYear: '2030' },
      '129',
    ],
  ])('when the sheet sends %s, then 422 with error code %s', async (_, body, errorCode) => {
    const res = await walletControl(body);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ status: 422, errorCode, errorType: 'validation' });
  });
});

describe('adyen stand-in: /payments with a wallet token', () => {
  it.each([
    ['googlepay', '4242424242424242', 'visa', 'visa_googlepay'],
    ['applepay', '5555555555554444', 'mc', 'mc_applepay'],
  ] as const)(
    'when %s pays with %s, then Authorised naming the card and the wallet variant, without browserInfo',
    async (type, number, brand, variant) => {
      const { status, body } = await payWith(type, number);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        resultCode: 'Authorised',
        amount: { currency: 'EUR', value: 9900 },
        additionalData: {
          cardSummary: number.slice(-4),
          expiryDate: '12/2030',
          paymentMethod: brand,
          paymentMethodVariant: variant,
          cardIssuingCountry: 'FR',
        },
      });
      expect(adyenLedger()).toHaveLength(1);
    },
  );

  it.each([
    ['4000000000000002', 'Refused', '2'],
    ['4000000000009995', 'Not enough balance', '12'],
    ['4000000000000069', 'Expired Card', '6'],
  ])(
    'when the wallet holds %s, then Refused (%s) and nothing is charged',
    async (number, refusalReason, refusalReasonCode) => {
      const { body } = await payWith('googlepay', number);
      expect(body).toMatchObject({ resultCode: 'Refused', refusalReason, refusalReasonCode });
      expect(adyenLedger()).toEqual([]);
    },
  );

  it("when the wallet's card expired, then Refused Expired Card", async () => {
    const token = await walletToken('applepay', '4242424242424242', '2020');
    const { body } = await post('/payments', walletPayment('applepay', token));
    expect(body).toMatchObject({ resultCode: 'Refused', refusalReason: 'Expired Card' });
  });

  it('when the wallet holds the 3-D Secure card, then Authorised without a challenge (the device authenticated)', async () => {
    const { body } = await payWith('applepay', '4000002760003184');
    expect(body.resultCode).toBe('Authorised');
    expect(body.action).toBeUndefined();
  });

  it.each(['googlepay', 'applepay'] as const)(
    'when the %s token is missing, then 422 702 naming the field',
    async (type) => {
      const { status, body } = await post('/payments', { ...walletPayment(type, ''), paymentMethod: { type } });
      expect(status).toBe(422);
      expect(body).toMatchObject({
        errorCode: '702',
        message: `Required field 'paymentMethod.${tokenField(type)}' is not provided.`,
      });
    },
  );

  it.each([
    ['googlepay', 'not a token', '5_202', 'Invalid PayWithGoogle Token'],
    [
      'googlepay',
      '{"protocolVersion":"ECv2","signedMessage":"{\\"encryptedMessage\\":\\"forged\\"}"}',
      '5_202',
      'Invalid PayWithGoogle Token',
    ],
    ['applepay', 'bm90IGEgdG9rZW4=', '5_002', 'Invalid Apple Pay Token'],
  ] as const)('when the %s token cannot be decrypted (%s), then 422 %s', async (type, token, errorCode, message) => {
    const { status, body } = await post('/payments', walletPayment(type, token));
    expect(status).toBe(422);
    expect(body).toMatchObject({ status: 422, errorCode, message, errorType: 'validation' });
  });

  it("when a Google Pay token is sent as Apple Pay's, then it cannot be decrypted (5_002)", async () => {
    const { body } = await post('/payments', walletPayment('applepay', await walletToken('googlepay')));
    expect(body).toMatchObject({ errorCode: '5_002' });
  });

  it('when a token pays twice, then the same idempotency key replays the answer and another key is refused', async () => {
    const token = await walletToken('googlepay');
    const first = await post('/payments', walletPayment('googlepay', token), { 'idempotency-key': 'wallet-1' });
    const replay = await post('/payments', walletPayment('googlepay', token), { 'idempotency-key': 'wallet-1' });
    expect(replay.body.pspReference).toBe(first.body.pspReference);
    const again = await post('/payments', walletPayment('googlepay', token, { reference: '00001007' }), {
      'idempotency-key': 'wallet-2',
    });
    expect(again).toMatchObject({ status: 422, body: { errorCode: '5_202' } });
    expect(adyenLedger()).toHaveLength(1);
  });
});

describe('adyen stand-in: a wallet card stored and paid again off-session', () => {
  const store = { storePaymentMethod: true, shopperInteraction: 'Ecommerce', recurringProcessingModel: 'Subscription' };

  it('when storing without a shopperReference, then the payment is authorised and nothing is stored (Adyen stores only with one; issue 31)', async () => {
    const { status, body } = await payWith('googlepay', '4242424242424242', { ...store, shopperReference: undefined });
    expect(status).toBe(200);
    expect(body.resultCode).toBe('Authorised');
    expect(Object.keys(body.additionalData).filter((key) => /^(recurring|tokenization)\./.test(key))).toEqual([]);
    expect(getStoredPaymentMethods(ADYEN_SEED.alexShopperReference)).toHaveLength(1);
  });

  it('when a refused wallet payment asked to store, then nothing is stored', async () => {
    await payWith('googlepay', '4000000000000002', store);
    expect(getStoredPaymentMethods(ADYEN_SEED.alexShopperReference)).toHaveLength(1);
  });

  it.each(['googlepay', 'applepay'] as const)(
    'whole flow (%s): token, payment stored, listed, reused off-session',
    async (type) => {
      // The wallet holds the 3-D Secure card: neither payment asks for a challenge.
      const { body } = await payWith(type, '4000002760003184', store);
      expect(body.resultCode).toBe('Authorised');
      const id = body.additionalData['tokenization.storedPaymentMethodId'];
      expect(id).toMatch(/^\d{16}$/);
      expect(body.additionalData).toMatchObject({
        'recurring.recurringDetailReference': id,
        'recurring.shopperReference': ADYEN_SEED.alexShopperReference,
        'tokenization.shopperReference': ADYEN_SEED.alexShopperReference,
        'tokenization.store.operationType': 'created',
      });

      const listed = await fetch(
        `${root}/adyen/v71/storedPaymentMethods?merchantAccount=${ADYEN_SEED.merchantAccount}&shopperReference=${ADYEN_SEED.alexShopperReference}`,
        { headers: API },
      );
      expect(((await listed.json()) as { storedPaymentMethods: unknown[] }).storedPaymentMethods).toContainEqual({
        id,
        type,
        name: type === 'googlepay' ? 'Google Pay' : 'Apple Pay',
        brand: 'visa',
        lastFour: '3184',
        expiryMonth: '12',
        expiryYear: '2030',
        shopperEmail: 'alex.owner@example.com',
        shopperReference: ADYEN_SEED.alexShopperReference,
        supportedRecurringProcessingModels: ['CardOnFile', 'Subscription', 'UnscheduledCardOnFile'],
      });
      const methods = await post('/paymentMethods', {
        merchantAccount: ADYEN_SEED.merchantAccount,
        countryCode: 'FR',
        shopperReference: ADYEN_SEED.alexShopperReference,
      });
      expect(methods.body.storedPaymentMethods).toContainEqual(
        expect.objectContaining({ id, type, supportedShopperInteractions: ['ContAuth'] }),
      );

      // The renewal: a merchant-initiated card token payment with the stored id (type scheme).
      const renewal = await post('/payments', {
        amount: { currency: 'EUR', value: 4900 },
        merchantAccount: ADYEN_SEED.merchantAccount,
        reference: '00001008',
        returnUrl: 'http://localhost:3000/checkout/payment-return?orderNo=00001008',
        paymentMethod: { type: 'scheme', storedPaymentMethodId: id },
        shopperReference: ADYEN_SEED.alexShopperReference,
        shopperInteraction: 'ContAuth',
        recurringProcessingModel: 'Subscription',
      });
      expect(renewal.body).toMatchObject({
        resultCode: 'Authorised',
        additionalData: {
          cardSummary: '3184',
          paymentMethodVariant: `visa_${type}`,
          'recurring.recurringDetailReference': id,
        },
      });
      expect(renewal.body.action).toBeUndefined();
      expect(adyenLedger().map((c) => c.amount.value)).toEqual([9900, 4900]);
    },
  );
});
