/**
 * Issue 15, "Front-end developers against Prism": the shop as `make dev-prism` runs it (the proxy
 * with UPSTREAM=prism and one Prism per upstream contract, here on free ports) serves the renewal
 * page, the checkout and a signed-in account page from the contracts' examples, and a scenario
 * named by the browser (the X-Mock-Scenario header, or `?mock=` remembered in a cookie) reaches
 * Prism as its `Prefer: code=, example=` header (README "Working against Prism").
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../generated/proxy/operations.ts';
import { BASE_URL_ENV, type UpstreamName } from '../../server/src/config.ts';
import { createServer, type ProxyServer } from '../../server/src/server.ts';
import { testConfig } from '../../server/src/test-helpers.ts';
import { expectConforms } from '../../server/src/testing/conformance.ts';
import { prismBase } from './lib/prism.ts';
import { ALEX_GB_ADDRESS } from '../../server/src/testing/checkout-browser.ts';

let server: ProxyServer;
let base = '';

beforeAll(async () => {
  const prism = prismBase;
  const env: Record<string, string> = { UPSTREAM: 'prism' };
  for (const [name, variable] of Object.entries(BASE_URL_ENV) as [UpstreamName, string][])
    env[variable] = prism(name === 'commerceClassic' ? 'commerce' : name);
  // The built client too (make test builds it first): pages are rendered from the examples as well.
  server = createServer(testConfig(env), { logger: pino({ level: 'silent' }) });
  base = `http://127.0.0.1:${await server.start(0)}`;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** A browser of the shop: its session cookie, its CSRF token and any mock_scenario cookie. */
class Browser {
  cookies = new Map<string, string>();
  csrf = '';

  async open(locale = 'en-GB'): Promise<this> {
    const first = await fetch(`${base}/api/session?locale=${locale}`);
    this.keep(first);
    this.csrf = ((await first.json()) as { csrfToken: string }).csrfToken;
    return this;
  }

  keep(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      if (/Expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, pair);
    }
  }

  async call(operationId: OperationId, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
    const response = await fetch(`${base}${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        cookie: [...this.cookies.values()].join('; '),
        'x-csrf-token': this.csrf,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    this.keep(response);
    const body = (response.headers.get('content-type') ?? '').includes('json') ? await response.json() : undefined;
    if (process.env.DEBUG_PRISM) console.log(operationId, response.status, JSON.stringify(body).slice(0, 400));
    expectConforms(operationId, response, body);
    return { response, body };
  }
}

const VIN = 'ZAAAA1000AA000001';
const RENEWAL = `/api/renewal/cn-connected-navigation?carvin=${VIN}&locale=en-GB`;

describe('the shop against Prism (make dev-prism)', () => {
  it('when the renewal page is opened, then it answers from the contracts’ examples', async () => {
    const browser = await new Browser().open();
    const { response, body } = await browser.call('getRenewalPage', RENEWAL);
    expect(response.status).toBe(200);
    expect(body.variants.length).toBeGreaterThan(0);
  });

  it('when the renewal page itself is requested, then the server renders it from the examples: the product heading and its plans', async () => {
    const response = await fetch(`${base}/en-GB/service/cn-connected-navigation?carvin=${VIN}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>[^<]*Connected Navigation/);
    expect(html).toMatch(/12 months/);
  });

  it('when a variant is renewed, then the checkout opens with the basket of the examples', async () => {
    const browser = await new Browser().open();
    const page = await browser.call('getRenewalPage', RENEWAL);
    const variant = (page.body.variants as { productId: string }[])[0]!;
    const renewed = await browser.call('renewItem', '/api/basket/items', {
      body: { productId: 'cn-connected-navigation', variantId: variant.productId, vin: VIN },
    });
    expect(renewed.response.status).toBe(200);
    const checkout = await browser.call('getCheckoutState', '/api/checkout');
    expect(checkout.response.status).toBe(200);
    expect(checkout.body.basket.items.length).toBeGreaterThan(0);
  });

  it('when the shopper signs in, then the orders page answers from the order history example; the emptyList scenario empties it', async () => {
    const browser = await new Browser().open();
    const start = await browser.call('startLogin', '/api/session/login?locale=en-GB&returnTo=/account/my-orders');
    expect(start.response.status).toBe(200);
    // The started login rotated the session away (storefront §4): the page the browser comes back to reads it again.
    browser.csrf = (await browser.call('getSession', '/api/session')).body.csrfToken;
    // Prism's identity mock cannot send the browser back with this state: the callback page's call, made here.
    const login = await browser.call('completeLogin', '/api/session/login/callback', {
      body: { code: 'prism-code', state: start.body.state, kind: 'callback' },
    });
    expect(login.response.status).toBe(200);
    expect(login.body.session.authType).toBe('registered');

    const orders = await browser.call('listOrders', '/api/account/orders?locale=en-GB&offset=0&limit=5');
    expect(orders.response.status).toBe(200);
    expect(orders.body.orders.length).toBeGreaterThan(0);
    const empty = await browser.call('listOrders', '/api/account/orders?locale=en-GB&offset=0&limit=5', {
      headers: { 'x-mock-scenario': 'som.getOrderHistory:example=emptyList' },
    });
    expect(empty.response.status).toBe(200);
    expect(empty.body.orders).toEqual([]);
  });

  it('when the payment scenario is Stripe’s cardDeclined, then placing the order is the refused payment', async () => {
    const browser = await new Browser().open();
    const page = await browser.call('getRenewalPage', RENEWAL);
    const variant = (page.body.variants as { productId: string }[])[0]!;
    await browser.call('renewItem', '/api/basket/items', {
      body: { productId: 'cn-connected-navigation', variantId: variant.productId, vin: VIN },
    });
    const order = {
      provider: 'stripe',
      paymentMethodType: 'CREDIT_CARD',
      stripePaymentMethodId: 'pm_card_visa',
      billingAddress: ALEX_GB_ADDRESS,
      returnUrl: 'http://localhost:3000/payment-confirmation',
    };
    // The card Elements made for this payment belongs to no customer yet (issue 30: another's is refused).
    const ready =
      'commerce.getCustomerBaskets:example=oneBasketReadyForOrder;stripe.getPaymentMethodsPaymentMethod:example=newCard';
    const paid = await browser.call('placeOrder', '/api/checkout/orders', {
      body: order,
      headers: { 'x-mock-scenario': ready, 'idempotency-key': crypto.randomUUID() },
    });
    // Without the scenario Stripe's first examples answer (no decline; the static examples do not verify as one payment).
    expect(paid.body?.paymentErrorKind).not.toBe('card_error');
    const scenario = `${ready};stripe.postSetupIntents:code=402,example=cardDeclined`;
    const refused = await browser.call('placeOrder', '/api/checkout/orders', {
      body: order,
      headers: { 'x-mock-scenario': scenario, 'idempotency-key': crypto.randomUUID() },
    });
    expect(refused.response.status).toBe(402);
    expect(refused.body).toMatchObject({ title: 'Payment refused', paymentErrorKind: 'card_error' });
  });

  it('when the payment scenario is Adyen’s refused example, then placing the order in an Adyen market is the refused payment', async () => {
    const browser = await new Browser().open('fr-FR');
    // The marketError example is a French vehicle: from the French storefront, the one to renew.
    const vehicle = 'vehicles.lookupVehicle:example=marketError';
    const page = await browser.call(
      'getRenewalPage',
      '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000004&locale=fr-FR',
      {
        headers: { 'x-mock-scenario': vehicle },
      },
    );
    expect(page.response.status).toBe(200);
    const variant = (page.body.variants as { productId: string }[])[0]!;
    await browser.call('renewItem', '/api/basket/items', {
      body: { productId: 'cn-connected-navigation', variantId: variant.productId, vin: 'ZAAAA1000AA000004' },
      headers: { 'x-mock-scenario': vehicle },
    });
    const order = {
      provider: 'adyen',
      paymentMethodType: 'CREDIT_CARD',
      adyenStateData: {
        paymentMethod: {
          type: 'scheme',
          encryptedCardNumber: 'test_4242424242424242',
          encryptedExpiryMonth: 'test_12',
          encryptedExpiryYear: 'test_2034',
          encryptedSecurityCode: 'test_123',
          holderName: 'Alex Owner',
        },
      },
      billingAddress: {
        firstName: 'Alex',
        lastName: 'Owner',
        countryCode: 'FR',
        address1: '8 Rue de Rivoli',
        city: 'Paris',
        postalCode: '75001',
      },
      returnUrl: 'http://localhost:3000/payment-confirmation',
    };
    // The basket in euros: the switch of currency answers the ready basket too.
    const ready = `${vehicle};commerce.getCustomerBaskets:example=oneBasketReadyForOrder;commerce.updateBasket:example=basketReadyForOrder`;
    // Without the payment scenario Adyen's first example (authorised) answers.
    const paid = await browser.call('placeOrder', '/api/checkout/orders', {
      body: order,
      headers: { 'x-mock-scenario': ready, 'idempotency-key': crypto.randomUUID() },
    });
    expect(paid.body?.paymentErrorKind).not.toBe('card_error');
    const refused = await browser.call('placeOrder', '/api/checkout/orders', {
      body: order,
      headers: {
        'x-mock-scenario': `${ready};adyen.postPayments:example=refused`,
        'idempotency-key': crypto.randomUUID(),
      },
    });
    expect(refused.response.status).toBe(402);
    expect(refused.body).toMatchObject({ title: 'Payment refused', paymentErrorKind: 'card_error' });
  });

  it('when the X-Mock-Scenario header names the vehicles’ marketError example, then the lookup is the market error', async () => {
    const browser = await new Browser().open();
    const lookup = `/api/vehicles/lookup?carvin=${VIN}`;
    expect((await browser.call('lookupVehicle', lookup)).response.status).toBe(200);
    const { response, body } = await browser.call('lookupVehicle', lookup, {
      headers: { 'x-mock-scenario': 'vehicles.lookupVehicle:example=marketError' },
    });
    expect(response.status).toBe(409);
    expect(body).toMatchObject({ title: 'Market Error', redirectUrl: '/invalid-market-vin' });
  });

  it('when ?mock= names a scenario, then the following calls keep it until ?mock=off', async () => {
    const browser = await new Browser().open();
    const lookup = `/api/vehicles/lookup?carvin=${VIN}`;
    const first = await browser.call('lookupVehicle', `${lookup}&mock=vehicles:example=marketError`);
    expect(first.response.status).toBe(409);
    expect(browser.cookies.has('mock_scenario')).toBe(true);
    expect((await browser.call('lookupVehicle', lookup)).response.status).toBe(409);
    expect((await browser.call('lookupVehicle', `${lookup}&mock=off`)).response.status).toBe(200);
    expect(browser.cookies.has('mock_scenario')).toBe(false);
    expect((await browser.call('lookupVehicle', lookup)).response.status).toBe(200);
  });

  it('when a scenario does not parse, then a 400 problem says how to write one', async () => {
    const browser = await new Browser().open();
    const { response, body } = await browser.call('lookupVehicle', `/api/vehicles/lookup?carvin=${VIN}`, {
      headers: { 'x-mock-scenario': 'vehicles:example=market Error' },
    });
    expect(response.status).toBe(400);
    expect(body.type).toBe('https://shop.example/problems/invalid-mock-scenario');
  });
});
