/**
 * The Adyen stand-in's 3-D Secure actions beyond the GET redirect (issue 14): the test card that
 * answers a redirect by POST with {MD, PaReq, TermUrl} to an issuer page which posts the shopper
 * back to the returnUrl, and the test card that answers a native `threeDS2` challenge whose
 * `threeDSResult` /payments/details verifies (docs.adyen.com/online-payments/3d-secure/native-3ds2).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../app.ts';
import { ADYEN_SEED, adyenLedger, adyenModule, NATIVE_3DS2_CARD, POST_REDIRECT_CARD } from './index.ts';
import { BROWSER_INFO } from './test-fixtures.ts';

const sandbox: Sandbox = createSandbox([adyenModule]);
let root = '';

beforeAll(async () => {
  root = `http://localhost:${await sandbox.start(0)}`;
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
});

const RETURN_URL = 'http://localhost:3000/fr-FR/payment-confirmation?orderNo=00001001&provider=adyen';
const json = { 'x-api-key': 'sandbox-adyen-api-key', 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

interface Answer {
  resultCode?: string;
  errorType?: string;
  message?: string;
  pspReference: string;
  refusalReason?: string;
  errorCode?: string;
  action?: Record<string, unknown> & { url?: string; data?: Record<string, string> };
}

async function post(path: string, body: unknown): Promise<{ status: number; body: Answer }> {
  const res = await fetch(`${root}/adyen/v71${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Answer };
}

const payment = (number: string, extra: Record<string, unknown> = {}) => ({
  amount: { currency: 'EUR', value: 9900 },
  merchantAccount: ADYEN_SEED.merchantAccount,
  reference: '00001001',
  returnUrl: RETURN_URL,
  countryCode: 'FR',
  channel: 'Web',
  origin: 'http://localhost:3000',
  browserInfo: BROWSER_INFO,
  paymentMethod: {
    type: 'scheme',
    encryptedCardNumber: `test_${number}`,
    encryptedExpiryMonth: 'test_03',
    encryptedExpiryYear: 'test_2030',
    encryptedSecurityCode: 'test_737',
  },
  ...extra,
});

const NATIVE = { authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' } } };
const threeDSResult = (transStatus: string, authorisationToken: string) =>
  Buffer.from(JSON.stringify({ transStatus, authorisationToken })).toString('base64');

/** Posts the action's data to the issuer page, answers it, and reads the form that posts back. */
async function throughIssuer(action: NonNullable<Answer['action']>, outcome: 'complete' | 'fail') {
  const page = await fetch(action.url!, { method: 'POST', headers: form, body: new URLSearchParams(action.data) });
  expect(page.status).toBe(200);
  const html = await page.text();
  const answerUrl = /<form method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
  const back = await fetch(answerUrl, { method: 'POST', headers: form, body: `outcome=${outcome}` });
  expect(back.status).toBe(200);
  const backHtml = await back.text();
  const target = /<form method="post" action="([^"]+)"/.exec(backHtml)![1]!.replace(/&amp;/g, '&');
  const redirectResult = /name="redirectResult" value="([^"]+)"/.exec(backHtml)![1]!;
  return { target, redirectResult };
}

describe('adyen stand-in: 3-D Secure needs the browser', () => {
  it('when a 3-D Secure card is paid on the web without browserInfo, then it answers 422 and nothing is charged', async () => {
    for (const number of ['4000002760003184', POST_REDIRECT_CARD, NATIVE_3DS2_CARD]) {
      const { status, body } = await post('/payments', payment(number, { ...NATIVE, browserInfo: undefined }));
      expect(status).toBe(422);
      expect(body).toMatchObject({ errorType: 'validation', message: "Required field 'browserInfo' is not provided." });
    }
    expect(adyenLedger()).toHaveLength(0);
    // A card without 3-D Secure is authorised without it.
    expect((await post('/payments', payment('4242424242424242', { browserInfo: undefined }))).body.resultCode).toBe(
      'Authorised',
    );
  });
});

describe('adyen stand-in: redirect by POST (card 4212 3456 7891 0006)', () => {
  it('when the card pays, then it answers RedirectShopper with a POST redirect carrying MD, PaReq and TermUrl', async () => {
    const { status, body } = await post('/payments', payment(POST_REDIRECT_CARD));
    expect(status).toBe(200);
    expect(body.resultCode).toBe('RedirectShopper');
    expect(body.action).toMatchObject({
      type: 'redirect',
      method: 'POST',
      paymentMethodType: 'scheme',
      url: `${root}/adyen/__issuer/${body.pspReference}`,
      data: { MD: expect.any(String), PaReq: expect.any(String), TermUrl: RETURN_URL },
    });
  });

  it('when the issuer page is approved, then it posts the redirectResult back to the returnUrl and /payments/details authorises once', async () => {
    const { body } = await post('/payments', payment(POST_REDIRECT_CARD));
    const { target, redirectResult } = await throughIssuer(body.action!, 'complete');
    expect(target).toBe(RETURN_URL);
    const details = await post('/payments/details', { details: { redirectResult } });
    expect(details.body).toMatchObject({ resultCode: 'Authorised', pspReference: body.pspReference });
    expect(adyenLedger().filter((c) => c.pspReference === body.pspReference)).toHaveLength(1);
  });

  it('when the issuer page fails, then /payments/details refuses with 3D Not Authenticated', async () => {
    const { body } = await post('/payments', payment(POST_REDIRECT_CARD));
    const { redirectResult } = await throughIssuer(body.action!, 'fail');
    const details = await post('/payments/details', { details: { redirectResult } });
    expect(details.body).toMatchObject({ resultCode: 'Refused', refusalReason: '3D Not Authenticated' });
    expect(adyenLedger()).toHaveLength(0);
  });

  it('when the issuer page is reached without the payment’s data, then it refuses it', async () => {
    const { body } = await post('/payments', payment(POST_REDIRECT_CARD));
    const res = await fetch(body.action!.url!, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ ...body.action!.data, PaReq: 'forged' }),
    });
    expect(res.status).toBe(400);
    // Reached by GET (no data at all), the page is not served either.
    expect((await fetch(body.action!.url!)).status).not.toBe(200);
  });
});

describe('adyen stand-in: native 3-D Secure 2 (card 5454 5454 5454 5454)', () => {
  it('when the request prefers native 3-D Secure 2, then it answers ChallengeShopper with a threeDS2 challenge action', async () => {
    const { status, body } = await post('/payments', payment(NATIVE_3DS2_CARD, NATIVE));
    expect(status).toBe(200);
    expect(body.resultCode).toBe('ChallengeShopper');
    expect(body.action).toMatchObject({
      type: 'threeDS2',
      subtype: 'challenge',
      paymentMethodType: 'scheme',
      token: expect.any(String),
      authorisationToken: expect.any(String),
    });
    const token = JSON.parse(Buffer.from(String(body.action!.token), 'base64').toString()) as Record<string, string>;
    expect(token).toMatchObject({ acsTransID: body.pspReference, messageVersion: '2.2.0' });
  });

  it('when the request does not prefer native 3-D Secure 2, then the same card answers a redirect', async () => {
    const { body } = await post('/payments', payment(NATIVE_3DS2_CARD));
    expect(body.resultCode).toBe('RedirectShopper');
    expect(body.action).toMatchObject({ type: 'redirect', method: 'GET' });
  });

  it('when the page’s origin is missing, then native 3-D Secure 2 is refused with 422', async () => {
    const { status, body } = await post('/payments', payment(NATIVE_3DS2_CARD, { ...NATIVE, origin: undefined }));
    expect(status).toBe(422);
    expect(body.errorCode).toBe('702');
  });

  it.each([
    ['Y', 'Authorised', 1],
    ['N', 'Refused', 0],
  ] as const)(
    'when the challenge answers transStatus %s, then /payments/details settles %s',
    async (transStatus, resultCode, charges) => {
      const { body } = await post('/payments', payment(NATIVE_3DS2_CARD, NATIVE));
      const token = String(body.action!.authorisationToken);
      const details = await post('/payments/details', {
        details: { threeDSResult: threeDSResult(transStatus, token) },
      });
      expect(details.status).toBe(200);
      expect(details.body).toMatchObject({ resultCode, pspReference: body.pspReference });
      expect(adyenLedger()).toHaveLength(charges);
    },
  );

  it('when the threeDSResult names no open challenge, then /payments/details answers 422 (14_018)', async () => {
    await post('/payments', payment(NATIVE_3DS2_CARD, NATIVE));
    for (const value of [threeDSResult('Y', 'forged-token'), 'not-base64-json']) {
      const details = await post('/payments/details', { details: { threeDSResult: value } });
      expect(details.status).toBe(422);
      expect(details.body.errorCode).toBe('14_018');
    }
    expect(adyenLedger()).toHaveLength(0);
  });
});
