/**
 * Adyen's /payments call as the storefront spec lists it (§9 "Card provider A": paymentMethod,
 * billingAddress, shopperName, shopperEmail, shopperReference, shopperInteraction, shopperIP) and
 * as Adyen's advanced flow requires it: the component's state.data forwarded as it is (paymentMethod,
 * browserInfo, origin; docs.adyen.com/online-payments/build-your-integration/advanced-flow),
 * channel Web and browserInfo for 3-D Secure 2 (docs.adyen.com/online-payments/3d-secure/api-reference),
 * the shopper's IP from the geolocation service, and the client's Adyen environment from
 * ADYEN_ENVIRONMENT. Runs against the in-process sandbox.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../../mocks/sandbox/src/sandbox.ts';
import type { AppContext } from '../../context.ts';
import { type SessionData } from '../../session.ts';
import { sandboxContext } from '../../testing/provider-context.ts';
import { shopperFor, type Shopper } from '../identity/shopper.ts';
import { ADYEN_BROWSER_INFO } from '../../testing/payments.ts';
import { adyenProvider } from './adyen.ts';
import type { MethodRequest, SaveAttempt } from './provider.ts';

let sandbox: Sandbox;
let port = 0;

function contextWith(env: Record<string, string> = {}): AppContext {
  return sandboxContext(port, env);
}

beforeAll(async () => {
  sandbox = buildSandbox();
  port = await sandbox.start(0);
});
afterAll(() => sandbox.stop());

function shopperIn(ctx: AppContext, locale: string): Shopper {
  const session: SessionData = {
    id: 'adyen-test',
    csrfToken: 'csrf',
    authType: 'registered',
    site: 'aurora',
    locale,
    customer: null,
    basketItemCount: 0,
  };
  return shopperFor(
    ctx,
    session,
    { accessToken: 'unused', customerId: `customer-${locale}` },
    { signal: AbortSignal.timeout(10_000), log: ctx.logger, persist: async () => {} },
  );
}

type StateData = NonNullable<MethodRequest['adyenStateData']>;

const request = (number: string, extra: Partial<StateData> = {}): MethodRequest => ({
  provider: 'adyen',
  paymentMethodType: 'CREDIT_CARD',
  adyenStateData: {
    paymentMethod: {
      type: 'scheme',
      encryptedCardNumber: `test_${number}`,
      encryptedExpiryMonth: 'test_03',
      encryptedExpiryYear: 'test_2030',
      encryptedSecurityCode: 'test_123',
      holderName: 'Alex Owner',
    },
    browserInfo: ADYEN_BROWSER_INFO,
    origin: 'http://localhost:3000',
    ...extra,
  },
});

function attemptOf(key: string, method: MethodRequest): SaveAttempt {
  return {
    record: { key, paymentType: 'CREDIT_CARD' },
    method: { type: 'scheme' },
    request: method,
    currency: 'EUR',
    customer: { email: 'alex.owner@example.com', name: 'Alex Owner' },
    billing: {
      firstName: 'Alex',
      lastName: 'Owner',
      address1: '8 Rue de Rivoli',
      city: 'Paris',
      postalCode: '75004',
      countryCode: 'FR',
    },
    returnUrl: 'http://localhost:3000/fr-FR/account/my-payment-method',
    client: { ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0 (adyen test)' },
  };
}

/** A spy's calls as path and options (the client's POST is typed per path; the test reads any). */
const callsOf = (spy: { mock: { calls: unknown[] } }) => spy.mock.calls as Array<[string, unknown]>;

describe('Adyen /payments request', () => {
  it('when a card is paid, then state.data, channel Web, shopperName and the geolocated shopperIP reach /payments', async () => {
    const ctx = contextWith();
    const post = vi.spyOn(ctx.upstreams.adyen, 'POST');
    const located = vi.spyOn(ctx.upstreams.vehicles, 'GET');
    const result = await adyenProvider.saveMethod(
      ctx,
      shopperIn(ctx, 'fr-FR'),
      attemptOf('adyen-body-1', request('4242424242424242')),
    );
    expect(result.status).toBe('saved');
    const [path, init] = callsOf(post).find(([p]) => p === '/payments')!;
    expect(path).toBe('/payments');
    const body = (init as { body: Record<string, unknown> }).body;
    expect(body).toMatchObject({
      paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4242424242424242', holderName: 'Alex Owner' },
      browserInfo: ADYEN_BROWSER_INFO,
      origin: 'http://localhost:3000',
      channel: 'Web',
      shopperName: { firstName: 'Alex', lastName: 'Owner' },
      shopperEmail: 'alex.owner@example.com',
      shopperInteraction: 'Ecommerce',
      returnUrl: 'http://localhost:3000/fr-FR/account/my-payment-method',
    });
    // The geolocation service's ip for the caller (the sandbox answers the forwarded caller's IP).
    expect(body.shopperIP).toBe('203.0.113.7');
    expect(located).toHaveBeenCalledWith(
      '/v1/geolocation',
      expect.objectContaining({ headers: { 'X-Forwarded-For': '203.0.113.7' } }),
    );
  });

  it('when the geolocation service cannot answer, then the caller IP is the shopperIP', async () => {
    const ctx = contextWith({ VEHICLES_BASE_URL: 'http://127.0.0.1:9' });
    const post = vi.spyOn(ctx.upstreams.adyen, 'POST');
    await adyenProvider.saveMethod(
      ctx,
      shopperIn(ctx, 'fr-FR'),
      attemptOf('adyen-body-2', request('4242424242424242')),
    );
    const body = (callsOf(post).find(([p]) => p === '/payments')![1] as { body: Record<string, unknown> }).body;
    expect(body.shopperIP).toBe('203.0.113.7');
  });

  it('when a 3-D Secure card comes without browserInfo, then Adyen (the stand-in) refuses it as a provider failure', async () => {
    const ctx = contextWith();
    const attempt = attemptOf('adyen-body-3', request('4000002760003184', { browserInfo: undefined }));
    await expect(adyenProvider.saveMethod(ctx, shopperIn(ctx, 'fr-FR'), attempt)).rejects.toMatchObject({
      status: 502,
    });
    const withBrowser = await adyenProvider.saveMethod(
      ctx,
      shopperIn(ctx, 'fr-FR'),
      attemptOf('adyen-body-4', request('4000002760003184')),
    );
    expect(withBrowser.status).toBe('actionRequired');
  });
});

describe("Adyen's actions for the account's saving", () => {
  it('when a method is saved, then native 3-D Secure 2 is not asked for (the account follows redirects only)', async () => {
    const ctx = contextWith();
    const post = vi.spyOn(ctx.upstreams.adyen, 'POST');
    const result = await adyenProvider.saveMethod(
      ctx,
      shopperIn(ctx, 'fr-FR'),
      attemptOf('adyen-action-1', request('5454545454545454')),
    );
    const body = (callsOf(post).find(([p]) => p === '/payments')![1] as { body: Record<string, unknown> }).body;
    expect(body.authenticationData).toEqual({ threeDSRequestData: { nativeThreeDS: 'disabled' } });
    // Adyen answers the redirect then: a GET page, with the action as Adyen gave it.
    expect(result).toMatchObject({
      status: 'actionRequired',
      redirectUrl: expect.stringContaining('/adyen/__challenge/'),
      adyen: { resultCode: 'RedirectShopper', action: { type: 'redirect', method: 'GET' } },
    });
  });

  it('when the saving is answered a redirect by POST, then the action keeps its data and no GET URL is given', async () => {
    const ctx = contextWith();
    const result = await adyenProvider.saveMethod(
      ctx,
      shopperIn(ctx, 'fr-FR'),
      attemptOf('adyen-action-2', request('4212345678910006')),
    );
    expect(result).toMatchObject({
      status: 'actionRequired',
      actionType: 'threeDSecure',
      adyen: {
        resultCode: 'RedirectShopper',
        action: { type: 'redirect', method: 'POST', data: { MD: expect.any(String), PaReq: expect.any(String) } },
      },
    });
    expect(result).not.toHaveProperty('redirectUrl');
  });
});

describe('Adyen payment set-up', () => {
  it.each(['test', 'live', 'live-us', 'live-au', 'live-apse', 'live-in'])(
    'when ADYEN_ENVIRONMENT is %s, then the set-up hands that environment to AdyenCheckout',
    async (environment) => {
      const ctx = contextWith({ ADYEN_ENVIRONMENT: environment });
      const setup = await adyenProvider.setup(ctx, shopperIn(ctx, 'fr-FR'), {
        amount: { value: 99, currency: 'EUR' },
        email: 'alex.owner@example.com',
        name: 'Alex Owner',
        sandbox: false,
      });
      expect(setup).toMatchObject({ provider: 'adyen', environment, clientKey: 'test_SANDBOXCLIENTKEY' });
    },
  );
});
