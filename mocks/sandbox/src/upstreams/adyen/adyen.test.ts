import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../app.ts';
import { ADYEN_SEED, adyenLedger, adyenModule, getPayment } from './index.ts';
import { cardPayment, RETURN_URL } from './test-fixtures.ts';

const sandbox: Sandbox = createSandbox([adyenModule]);
let root = '';
let base = '';

beforeAll(async () => {
  root = `http://localhost:${await sandbox.start(0)}`;
  base = `${root}/adyen/v71`;
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
});

const headers = { 'x-api-key': 'sandbox-adyen-api-key', 'content-type': 'application/json' };
const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });

/** The fields of an Adyen answer the tests read. */
interface Answer {
  [key: string]: unknown;
  resultCode?: string;
  pspReference: string;
  action: { url: string; paymentMethodType?: string };
  additionalData: Record<string, string>;
}

/** alex's stored card, paid as a returning shopper's card-on-file payment (docs.adyen.com tokenization). */
const storedCardPayment = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  amount: { currency: 'EUR', value: 9900 },
  merchantAccount: ADYEN_SEED.merchantAccount,
  reference: '00001005',
  returnUrl: RETURN_URL,
  paymentMethod: { type: 'scheme', storedPaymentMethodId: ADYEN_SEED.alexStoredPaymentMethodId },
  shopperReference: ADYEN_SEED.alexShopperReference,
  shopperInteraction: 'ContAuth',
  recurringProcessingModel: 'CardOnFile',
  ...extra,
});

async function pay(body: unknown, extra: Record<string, string> = {}) {
  const res = await post('/payments', body, extra);
  return { status: res.status, body: (await res.json()) as Answer, headers: res.headers };
}

/** Follows a RedirectShopper action through the sandbox page and back to the return URL. */
async function answerPage(url: string, outcome: 'complete' | 'fail') {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const done = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
  expect(done.status).toBe(303);
  return { html: await page.text(), back: new URL(done.headers.get('location')!) };
}

describe('adyen stand-in: authentication and validation', () => {
  it('when the API key is missing, then it answers 401 ServiceError of type security', async () => {
    const res = await fetch(`${base}/paymentMethods`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      status: 401,
      errorCode: '000',
      message: 'HTTP Status Response - Unauthorized',
      errorType: 'security',
    });
  });

  it.each([
    ['amount', '100'],
    ['merchantAccount', '702'],
    ['reference', '130'],
    ['returnUrl', '14_030'],
  ])('when %s is missing from a payment, then it answers 422 with error code %s', async (field, code) => {
    const body: Record<string, unknown> = cardPayment('4242424242424242');
    delete body[field];
    const { status, body: error } = await pay(body);
    expect(status).toBe(422);
    expect(error).toMatchObject({ status: 422, errorCode: code, errorType: 'validation' });
    expect(typeof error.message).toBe('string');
  });

  it('when the merchant account is unknown, then it answers 422 Invalid Merchant Account', async () => {
    const { status, body } = await pay(cardPayment('4242424242424242', { merchantAccount: 'Nobody' }));
    expect(status).toBe(422);
    expect(body).toMatchObject({ errorCode: '901', message: 'Invalid Merchant Account' });
  });

  it('when the body is not JSON, then it answers 400 ServiceError', async () => {
    const res = await fetch(`${base}/payments`, { method: 'POST', headers, body: '{oops' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, errorCode: '702', errorType: 'validation' });
  });

  it('when the card data is not a test value, then it answers 422 Unable to decrypt data', async () => {
    const body = cardPayment('4242424242424242');
    body.paymentMethod.encryptedCardNumber = 'adyenjs_0_1_25$abc';
    expect((await pay(body)).body).toMatchObject({ errorCode: '174' });
  });

  it('when the amount is negative, then it answers 422 Invalid amount specified', async () => {
    const { status, body } = await pay(cardPayment('4242424242424242', { amount: { currency: 'EUR', value: -1 } }));
    expect(status).toBe(422);
    expect(body).toMatchObject({ errorCode: '137' });
  });
});

describe('adyen stand-in: payment methods', () => {
  it("when a registered shopper's FR checkout asks, then cards and the stored Visa 4242 come back", async () => {
    const res = await post('/paymentMethods', {
      merchantAccount: ADYEN_SEED.merchantAccount,
      countryCode: 'FR',
      amount: { currency: 'EUR', value: 9900 },
      shopperReference: ADYEN_SEED.alexShopperReference,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { paymentMethods: Array<{ type: string }>; storedPaymentMethods: unknown[] };
    expect(body.paymentMethods.map((m) => m.type)).toEqual(['scheme', 'googlepay', 'applepay']);
    expect(body.storedPaymentMethods).toEqual([
      expect.objectContaining({
        id: ADYEN_SEED.alexStoredPaymentMethodId,
        brand: 'visa',
        lastFour: '4242',
        expiryMonth: '12',
        expiryYear: '2030',
      }),
    ]);
  });

  it.each([
    ['NL', ['scheme', 'ideal', 'googlepay', 'applepay']],
    ['BE', ['scheme', 'bcmc', 'googlepay', 'applepay']],
    ['IT', ['scheme', 'googlepay', 'applepay']],
  ])('when the country is %s, then the methods are %j', async (countryCode, types) => {
    const res = await post('/paymentMethods', {
      merchantAccount: ADYEN_SEED.merchantAccount,
      countryCode,
      amount: { currency: 'EUR', value: 1000 },
    });
    const body = (await res.json()) as { paymentMethods: Array<{ type: string }>; storedPaymentMethods?: unknown };
    expect(body.paymentMethods.map((m) => m.type)).toEqual(types);
    expect(body.storedPaymentMethods).toBeUndefined();
  });

  it('when allowedPaymentMethods is scheme, then only cards come back in NL', async () => {
    const res = await post('/paymentMethods', {
      merchantAccount: ADYEN_SEED.merchantAccount,
      countryCode: 'NL',
      allowedPaymentMethods: ['scheme'],
    });
    expect(((await res.json()) as { paymentMethods: unknown[] }).paymentMethods).toHaveLength(1);
  });
});

describe('adyen stand-in: payments', () => {
  it('when a 4242 card is paid and stored, then it is Authorised with card data and a new token', async () => {
    const { status, body } = await pay(
      cardPayment('4242424242424242', { storePaymentMethod: true, recurringProcessingModel: 'CardOnFile' }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      resultCode: 'Authorised',
      merchantReference: '00001001',
      amount: { currency: 'EUR', value: 9900 },
      additionalData: { cardSummary: '4242', paymentMethod: 'visa', cardIssuingCountry: 'FR' },
    });
    const token = body.additionalData['tokenization.storedPaymentMethodId'] as string;
    expect(token).toMatch(/^\d{16}$/);
    expect(getPayment(body.pspReference)?.resultCode).toBe('Authorised');
    expect(adyenLedger()).toHaveLength(1);
    const list = await fetch(
      `${base}/storedPaymentMethods?shopperReference=${ADYEN_SEED.alexShopperReference}&merchantAccount=${ADYEN_SEED.merchantAccount}`,
      { headers },
    );
    const stored = (await list.json()) as { storedPaymentMethods: Array<{ id: string; expiryMonth: string }> };
    expect(stored.storedPaymentMethods.map((s) => s.id)).toEqual([ADYEN_SEED.alexStoredPaymentMethodId, token]);
  });

  it.each([
    ['4000008260000000', 'GB'],
    ['4000002500000003', 'FR'],
  ])('when card %s is paid, then its issuing country is %s', async (number, country) => {
    const { body } = await pay(cardPayment(number, { billingAddress: undefined, countryCode: 'IT' }));
    expect(body.additionalData).toMatchObject({ cardIssuingCountry: country });
  });

  it.each([
    ['4000000000000002', 'Refused'],
    ['4000000000009995', 'Not enough balance'],
    ['4000000000000069', 'Expired Card'],
  ])('when card %s is paid, then it is Refused with reason %s and nothing is charged', async (number, reason) => {
    const { status, body } = await pay(cardPayment(number));
    expect(status).toBe(200);
    expect(body).toMatchObject({ resultCode: 'Refused', refusalReason: reason });
    expect(adyenLedger()).toHaveLength(0);
  });

  it('when alex pays with his stored card, then it is Authorised', async () => {
    const { body } = await pay(storedCardPayment());
    expect(body).toMatchObject({ resultCode: 'Authorised', additionalData: { cardSummary: '4242' } });
  });

  it.each(['recurringProcessingModel', 'shopperInteraction'] as const)(
    'when a stored card is paid without %s, then 422 702: a token payment must flag the transaction',
    async (field) => {
      const request = storedCardPayment();
      delete request[field];
      const { status, body } = await pay(request);
      expect(status).toBe(422);
      expect(body).toMatchObject({ errorCode: '702', message: `Required field '${field}' is not provided.` });
      expect(adyenLedger()).toHaveLength(0);
    },
  );

  it("when someone else's shopper reference uses alex's token, then it answers 422 Contract not found", async () => {
    const { status, body } = await pay(
      storedCardPayment({ reference: '00001006', shopperReference: 'abcKimDriver0002' }),
    );
    expect(status).toBe(422);
    expect(body).toMatchObject({ errorCode: '800' });
  });

  it('when the 3-D Secure card is paid and the challenge completed, then details answer Authorised once', async () => {
    const first = await pay(cardPayment('4000002760003184', { storePaymentMethod: true }));
    expect(first.body).toMatchObject({
      resultCode: 'RedirectShopper',
      action: { type: 'redirect', method: 'GET', url: `${root}/adyen/__challenge/${first.body.pspReference}` },
    });
    expect(adyenLedger()).toHaveLength(0);
    const { html, back } = await answerPage(first.body.action.url, 'complete');
    expect(html).toContain('<h1>3-D Secure challenge</h1>');
    expect(html).toContain('EUR 99.00');
    expect(html).toMatch(/>Complete<\/button>/);
    expect(back.searchParams.get('orderNo')).toBe('00001001');
    const redirectResult = back.searchParams.get('redirectResult')!;
    const details = await post('/payments/details', { details: { redirectResult } });
    const result = (await details.json()) as Answer;
    expect(result).toMatchObject({ resultCode: 'Authorised', pspReference: first.body.pspReference });
    expect(result.additionalData['tokenization.storedPaymentMethodId']).toBeDefined();
    // Submitting the same redirect result again answers the same and charges nothing more.
    const again = (await (await post('/payments/details', { details: { redirectResult } })).json()) as Answer;
    expect(again.resultCode).toBe('Authorised');
    expect(adyenLedger()).toHaveLength(1);
  });

  it('when the challenge is failed, then details answer Refused', async () => {
    const first = await pay(cardPayment('4000002760003184'));
    const { back } = await answerPage(first.body.action.url, 'fail');
    const details = await post('/payments/details', {
      details: { redirectResult: back.searchParams.get('redirectResult') },
    });
    expect(await details.json()).toMatchObject({ resultCode: 'Refused', refusalReason: '3D Not Authenticated' });
  });

  it('when the redirect result is unknown, then details answer 422', async () => {
    const res = await post('/payments/details', { details: { redirectResult: 'forged' } });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errorCode: '14_018' });
  });

  it.each([
    ['ideal', {}],
    ['bcmc', {}],
  ])('when %s is paid, then the shopper is sent to the bank page with Authorise and Fail', async (type) => {
    const first = await pay({
      amount: { currency: 'EUR', value: 4900 },
      merchantAccount: ADYEN_SEED.merchantAccount,
      reference: '00002001',
      returnUrl: 'http://localhost:3000/checkout/payment-return',
      paymentMethod: { type },
    });
    expect(first.body).toMatchObject({ resultCode: 'RedirectShopper', action: { paymentMethodType: type } });
    expect(first.body.action.url).toContain(`/adyen/__bank/${first.body.pspReference}`);
    const { html, back } = await answerPage(first.body.action.url, 'complete');
    expect(html).toMatch(/>Authorise<\/button>/);
    expect(html).toMatch(/>Fail<\/button>/);
    const details = await post('/payments/details', {
      details: { redirectResult: back.searchParams.get('redirectResult') },
    });
    expect(await details.json()).toMatchObject({ resultCode: 'Authorised' });
  });
});

describe('adyen stand-in: stored payment methods', () => {
  const query = `shopperReference=${ADYEN_SEED.alexShopperReference}&merchantAccount=${ADYEN_SEED.merchantAccount}`;

  it("when alex's stored methods are listed and the Visa deleted, then the list is empty", async () => {
    const list = await fetch(`${base}/storedPaymentMethods?${query}`, { headers });
    expect(await list.json()).toMatchObject({
      merchantAccount: ADYEN_SEED.merchantAccount,
      shopperReference: ADYEN_SEED.alexShopperReference,
      storedPaymentMethods: [{ id: ADYEN_SEED.alexStoredPaymentMethodId, lastFour: '4242' }],
    });
    const deleted = await fetch(`${base}/storedPaymentMethods/${ADYEN_SEED.alexStoredPaymentMethodId}?${query}`, {
      method: 'DELETE',
      headers,
    });
    expect(deleted.status).toBe(204);
    const after = (await (await fetch(`${base}/storedPaymentMethods?${query}`, { headers })).json()) as {
      storedPaymentMethods: unknown[];
    };
    expect(after.storedPaymentMethods).toEqual([]);
  });

  it('when an unknown token is deleted, then it answers 422', async () => {
    const res = await fetch(`${base}/storedPaymentMethods/0000?${query}`, { method: 'DELETE', headers });
    expect(res.status).toBe(422);
  });

  it.each([
    ['GET', '/storedPaymentMethods', `merchantAccount=${ADYEN_SEED.merchantAccount}`, 'shopperReference'],
    ['GET', '/storedPaymentMethods', `shopperReference=${ADYEN_SEED.alexShopperReference}`, 'merchantAccount'],
    [
      'DELETE',
      `/storedPaymentMethods/${ADYEN_SEED.alexStoredPaymentMethodId}`,
      `merchantAccount=${ADYEN_SEED.merchantAccount}`,
      'shopperReference',
    ],
    [
      'DELETE',
      `/storedPaymentMethods/${ADYEN_SEED.alexStoredPaymentMethodId}`,
      `shopperReference=${ADYEN_SEED.alexShopperReference}`,
      'merchantAccount',
    ],
  ])('when %s %s comes without %s, then it answers 422 Required field (702)', async (method, path, q, field) => {
    const res = await fetch(`${base}${path}?${q}`, { method, headers });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errorCode: '702', message: `Required field '${field}' is not provided.` });
  });

  it("when another shopper's reference deletes alex's card, then it answers 422 Contract not found and keeps it", async () => {
    const other = `shopperReference=abcKimDriver0002&merchantAccount=${ADYEN_SEED.merchantAccount}`;
    const res = await fetch(`${base}/storedPaymentMethods/${ADYEN_SEED.alexStoredPaymentMethodId}?${other}`, {
      method: 'DELETE',
      headers,
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errorCode: '800', message: 'Contract not found' });
    const list = (await (await fetch(`${base}/storedPaymentMethods?${query}`, { headers })).json()) as {
      storedPaymentMethods: unknown[];
    };
    expect(list.storedPaymentMethods).toHaveLength(1);
  });
});

describe('adyen stand-in: idempotency keys', () => {
  it('when the same payment is sent twice with one key, then the same answer comes back and one charge is made', async () => {
    const key = { 'idempotency-key': '3f1c9a52-idem-0001' };
    const a = await pay(cardPayment('4242424242424242'), key);
    const b = await pay(cardPayment('4242424242424242'), key);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('idempotency-key')).toBe('3f1c9a52-idem-0001');
    expect(adyenLedger()).toHaveLength(1);
    const c = await pay(cardPayment('4242424242424242'), { 'idempotency-key': '3f1c9a52-idem-0002' });
    expect(c.body.pspReference).not.toBe(a.body.pspReference);
    expect(adyenLedger()).toHaveLength(2);
  });

  it('when the same key comes with a different body, then it answers 422 and charges nothing', async () => {
    const key = { 'idempotency-key': '3f1c9a52-idem-0003' };
    await pay(cardPayment('4242424242424242'), key);
    const other = await pay(cardPayment('4242424242424242', { reference: '00009999' }), key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ errorCode: '704' });
    expect(adyenLedger()).toHaveLength(1);
  });
});
