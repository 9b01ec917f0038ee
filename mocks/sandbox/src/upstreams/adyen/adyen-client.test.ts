// Adyen's official `@adyen/api-library`, pointed at the sandbox, completes the shop's ordinary flows.
import { CheckoutAPI, Client, Config, EnvironmentEnum, HttpClientException, Types } from '@adyen/api-library';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../app.ts';
import { ADYEN_SEED, adyenLedger, adyenModule } from './index.ts';
import { BROWSER_INFO } from './test-fixtures.ts';

type ClientInterface = ConstructorParameters<typeof Client>[1];
type RequestOptions = {
  method?: string;
  params?: Record<string, string>;
  idempotencyKey?: string;
  headers?: Record<string, string>;
};

/**
 * The library's own HTTP client speaks https only and targets checkout-test.adyen.com/v72. This
 * one sends the same requests with fetch to the sandbox's Checkout endpoint (the shop's server
 * does the same in sandbox mode), throwing the library's HttpClientException on an error status.
 */
function sandboxHttpClient(checkoutEndpoint: string): NonNullable<ClientInterface> {
  return {
    async request(
      endpoint: string,
      json: string | Buffer,
      config: Config,
      _apiKeyRequired: boolean,
      options?: unknown,
    ) {
      const requestOptions = (options ?? {}) as RequestOptions;
      const url = new URL(endpoint.replace(/^https:\/\/checkout-test\.adyen\.com\/v\d+/, checkoutEndpoint));
      for (const [key, value] of Object.entries(requestOptions.params ?? {})) url.searchParams.set(key, value);
      const method = requestOptions.method ?? 'POST';
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        'X-API-Key': config.apiKey ?? '',
        ...requestOptions.headers,
        ...(requestOptions.idempotencyKey ? { 'Idempotency-Key': requestOptions.idempotencyKey } : {}),
      };
      const res = await fetch(url, {
        method,
        headers,
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: json.toString() }),
      });
      const text = await res.text();
      if (!res.ok) {
        const apiError = (() => {
          try {
            return JSON.parse(text) as { status: number; errorCode: string; message: string; errorType: string };
          } catch {
            return undefined;
          }
        })();
        throw new HttpClientException({
          message: `HTTP Exception: ${res.status}. ${apiError?.message ?? res.statusText}`,
          statusCode: res.status,
          ...(apiError ? { errorCode: apiError.errorCode, apiError } : {}),
          responseBody: text,
        });
      }
      return text;
    },
  };
}

const sandbox: Sandbox = createSandbox([adyenModule]);
let root = '';
let checkout: CheckoutAPI;

beforeAll(async () => {
  root = `http://localhost:${await sandbox.start(0)}`;
  const client = new Client(
    { apiKey: 'sandbox-adyen-api-key', environment: EnvironmentEnum.TEST },
    sandboxHttpClient(`${root}/adyen/v71`),
  );
  checkout = new CheckoutAPI(client);
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
});

const paymentRequest = (number: string, reference: string): Types.checkout.PaymentRequest => ({
  amount: { currency: 'EUR', value: 9900 },
  merchantAccount: ADYEN_SEED.merchantAccount,
  reference,
  returnUrl: `http://localhost:3000/checkout/payment-return?orderNo=${reference}`,
  countryCode: 'FR',
  paymentMethod: {
    type: Types.checkout.CardDetails.TypeEnum.Scheme,
    encryptedCardNumber: `test_${number}`,
    encryptedExpiryMonth: 'test_03',
    encryptedExpiryYear: 'test_2030',
    encryptedSecurityCode: 'test_737',
  },
  shopperReference: ADYEN_SEED.alexShopperReference,
  channel: Types.checkout.PaymentRequest.ChannelEnum.Web,
  browserInfo: BROWSER_INFO,
});

describe('adyen stand-in with the official @adyen/api-library', () => {
  it('when the shop lists payment methods for a registered shopper, then cards and the stored card come back', async () => {
    const response = await checkout.PaymentsApi.paymentMethods({
      merchantAccount: ADYEN_SEED.merchantAccount,
      countryCode: 'FR',
      amount: { currency: 'EUR', value: 9900 },
      shopperReference: ADYEN_SEED.alexShopperReference,
    });
    expect(response.paymentMethods?.map((m) => m.type)).toEqual(['scheme', 'googlepay', 'applepay']);
    expect(response.storedPaymentMethods?.[0]).toMatchObject({
      id: ADYEN_SEED.alexStoredPaymentMethodId,
      lastFour: '4242',
    });
  });

  it('when the shop pays with 4242, then it is Authorised', async () => {
    const response = await checkout.PaymentsApi.payments(paymentRequest('4242424242424242', '00003001'));
    expect(response.resultCode).toBe(Types.checkout.PaymentResponse.ResultCodeEnum.Authorised);
    expect(response.additionalData?.cardSummary).toBe('4242');
  });

  it('when the shop pays with a declined card, then it is Refused', async () => {
    const response = await checkout.PaymentsApi.payments(paymentRequest('4000000000000002', '00003002'));
    expect(response.resultCode).toBe(Types.checkout.PaymentResponse.ResultCodeEnum.Refused);
    expect(response.refusalReason).toBe('Refused');
  });

  it('when the shop pays with the 3-D Secure card, then it redirects and the details answer Authorised', async () => {
    const response = await checkout.PaymentsApi.payments(paymentRequest('4000002760003184', '00003003'));
    expect(response.resultCode).toBe(Types.checkout.PaymentResponse.ResultCodeEnum.RedirectShopper);
    const url = (response.action as { url: string }).url;
    const done = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
      redirect: 'manual',
    });
    const redirectResult = new URL(done.headers.get('location')!).searchParams.get('redirectResult')!;
    const details = await checkout.PaymentsApi.paymentsDetails({ details: { redirectResult } });
    expect(details.resultCode).toBe(Types.checkout.PaymentDetailsResponse.ResultCodeEnum.Authorised);
  });

  it('when the shop lists and deletes stored methods, then the deleted one is gone', async () => {
    const listed = await checkout.RecurringApi.getTokensForStoredPaymentDetails(
      ADYEN_SEED.alexShopperReference,
      ADYEN_SEED.merchantAccount,
    );
    expect(listed.storedPaymentMethods?.map((m) => m.id)).toEqual([ADYEN_SEED.alexStoredPaymentMethodId]);
    await checkout.RecurringApi.deleteTokenForStoredPaymentDetails(
      ADYEN_SEED.alexStoredPaymentMethodId,
      ADYEN_SEED.alexShopperReference,
      ADYEN_SEED.merchantAccount,
    );
    const after = await checkout.RecurringApi.getTokensForStoredPaymentDetails(
      ADYEN_SEED.alexShopperReference,
      ADYEN_SEED.merchantAccount,
    );
    expect(after.storedPaymentMethods).toEqual([]);
  });

  it('when the shop sends one payment twice with the same idempotency key, then it is answered once', async () => {
    const request = paymentRequest('4242424242424242', '00003004');
    const a = await checkout.PaymentsApi.payments(request, { idempotencyKey: 'client-idem-1' });
    const b = await checkout.PaymentsApi.payments(request, { idempotencyKey: 'client-idem-1' });
    expect(b.pspReference).toBe(a.pspReference);
    expect(adyenLedger()).toHaveLength(1);
  });

  it("when the shop pays with a Google Pay wallet's token, then it is Authorised; the token is not taken twice", async () => {
    const res = await fetch(`${root}/adyen/__wallet/tokens`, {
      method: 'POST',
      headers: { 'x-client-key': 'test_SANDBOXCLIENTKEY', 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'googlepay', number: '4242424242424242', expiryMonth: '12', expiryYear: '2030' }),
    });
    const { token } = (await res.json()) as { token: string };
    const request: Types.checkout.PaymentRequest = {
      ...paymentRequest('4242424242424242', '00003006'),
      paymentMethod: { type: Types.checkout.GooglePayDetails.TypeEnum.Googlepay, googlePayToken: token },
    };
    const response = await checkout.PaymentsApi.payments(request);
    expect(response.resultCode).toBe(Types.checkout.PaymentResponse.ResultCodeEnum.Authorised);
    expect(response.additionalData?.paymentMethodVariant).toBe('visa_googlepay');
    const error = await checkout.PaymentsApi.payments(request).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 422, errorCode: '5_202' });
  });

  it('when the merchant account is unknown, then the library throws with the 422 ServiceError', async () => {
    const error = await checkout.PaymentsApi.payments({
      ...paymentRequest('4242424242424242', '00003005'),
      merchantAccount: 'Nobody',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpClientException);
    expect(error).toMatchObject({ statusCode: 422, errorCode: '901' });
  });
});
