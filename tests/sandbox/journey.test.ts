/**
 * Issue 3, "Done when": a scripted API journey across the sandbox's stand-ins, as the proxy will
 * make it: guest token, product, basket, item, addresses, Stripe set-up, order, the order in the
 * order-management History, advanced to installed, refunded, and its credit note as a PDF.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../mocks/sandbox/src/sandbox.ts';
import { SHOPPERS } from '../../mocks/sandbox/src/seed.ts';

const sandbox = buildSandbox();
let base = '';
beforeAll(async () => {
  base = `http://127.0.0.1:${await sandbox.start(0)}`;
  await fetch(`${base}/__sandbox/reset`, { method: 'POST' });
});
afterAll(() => sandbox.stop());

const ORG = 'f_ecom_zzzz_001';
const SITE = 'siteId=aurora';
const REDIRECT_URI = 'http://localhost:3000/callback';
const alex = SHOPPERS.find((s) => s.handle === 'alex')!;
const VIN = 'ZAAAA1000AA000002';

async function json(
  method: string,
  path: string,
  init: { token?: string; body?: unknown; form?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined } as { status: number; body: any };
}

const som = (methodRequest: string, query: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  json('POST', `/som/services/apexrest/SOM/${methodRequest}`, {
    token: 'sandbox-service-token',
    body: { controllerName: 'SOM', methodRequest, query, ...extra },
  });

describe('the sandbox API journey', () => {
  it('when a guest renews through every stand-in, then the order is placed, installed, refunded and credited', async () => {
    // Guest token: SLAS authorize with the guest hint and PKCE, then the code exchange.
    const verifier = randomBytes(96).toString('base64url').slice(0, 128);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = await fetch(
      `${base}/commerce/shopper/auth/v1/organizations/${ORG}/oauth2/authorize?` +
        new URLSearchParams({
          client_id: 'aurora-storefront',
          redirect_uri: REDIRECT_URI,
          response_type: 'code',
          hint: 'guest',
          code_challenge: challenge,
          channel_id: 'aurora',
        }),
      { redirect: 'manual' },
    );
    expect(authorize.status).toBe(303);
    const redirect = new URL(authorize.headers.get('location')!);
    const tokens = await json('POST', `/commerce/shopper/auth/v1/organizations/${ORG}/oauth2/token`, {
      form: {
        grant_type: 'authorization_code_pkce',
        code: redirect.searchParams.get('code')!,
        usid: redirect.searchParams.get('usid')!,
        code_verifier: verifier,
        redirect_uri: REDIRECT_URI,
        client_id: 'aurora-storefront',
        channel_id: 'aurora',
      },
    });
    expect(tokens.status).toBe(200);
    const token = tokens.body.access_token as string;

    // Product with its variants; the offered plans are those priced above zero.
    const product = await json(
      'GET',
      `/commerce/product/shopper-products/v1/organizations/${ORG}/products/cn-connected-navigation?${SITE}&allImages=true`,
      { token },
    );
    expect(product.status).toBe(200);
    const offered = (product.body.variants as Array<{ productId: string; price: number }>).filter((v) => v.price > 0);
    expect(offered.map((v) => v.productId)).toEqual([
      'cn-connected-navigation-12m',
      'cn-connected-navigation-24m',
      'cn-connected-navigation-36m',
    ]);
    const plan = offered[0]!;

    // Basket, item, addresses, shipping method, e-mail.
    const baskets = `/commerce/checkout/shopper-baskets/v1/organizations/${ORG}/baskets`;
    const basket = await json('POST', `${baskets}?${SITE}`, { token, body: {} });
    expect(basket.status).toBe(200);
    const basketId = basket.body.basketId as string;
    const item = await json('POST', `${baskets}/${basketId}/items?${SITE}&locale=en-GB`, {
      token,
      body: [{ productId: plan.productId, quantity: 1, price: plan.price }],
    });
    expect(item.body.productItems).toHaveLength(1);
    const address = {
      firstName: 'Alex',
      lastName: 'Owner',
      address1: '10 Downing Street',
      city: 'London',
      postalCode: 'SW1A 2AA',
      countryCode: 'GB',
    };
    expect(
      (
        await json('PUT', `${baskets}/${basketId}/shipments/me/shipping-address?${SITE}&useAsBilling=false`, {
          token,
          body: address,
        })
      ).status,
    ).toBe(200);
    const methods = await json('GET', `${baskets}/${basketId}/shipments/me/shipping-methods?${SITE}`, { token });
    expect(
      (
        await json('PUT', `${baskets}/${basketId}/shipments/me/shipping-method?${SITE}`, {
          token,
          body: { id: methods.body.defaultShippingMethodId },
        })
      ).status,
    ).toBe(200);
    expect((await json('PUT', `${baskets}/${basketId}/billing-address?${SITE}`, { token, body: address })).status).toBe(
      200,
    );
    expect(
      (await json('PUT', `${baskets}/${basketId}/customer?${SITE}`, { token, body: { email: alex.email } })).status,
    ).toBe(200);

    // Stripe set-up: the payment customer, a card payment method attached, a setup confirmed.
    const stripe = { token: 'sk_test_sandbox' };
    const customer = await json('POST', '/stripe/v1/customers', {
      ...stripe,
      form: { email: alex.email, name: 'Alex Owner', 'metadata[sap_cdc_id]': alex.sapCdcId },
    });
    expect(customer.status).toBe(200);
    const method = await json('POST', '/stripe/v1/payment_methods', {
      ...stripe,
      form: {
        type: 'card',
        'card[number]': '4242424242424242',
        'card[exp_month]': '12',
        'card[exp_year]': '2031',
        'card[cvc]': '123',
        'billing_details[address][country]': 'GB',
      },
    });
    expect(method.body.card).toMatchObject({ last4: '4242', country: 'GB' });
    expect(
      (
        await json('POST', `/stripe/v1/payment_methods/${method.body.id}/attach`, {
          ...stripe,
          form: { customer: customer.body.id },
        })
      ).status,
    ).toBe(200);
    const setup = await json('POST', '/stripe/v1/setup_intents', {
      ...stripe,
      form: {
        customer: customer.body.id,
        payment_method: method.body.id,
        confirm: 'true',
        return_url: 'http://localhost:3000/payment-confirmation',
      },
    });
    expect(setup.body.status).toBe('succeeded');

    // The payment instrument, then the order; the server marks it new once the setup is verified.
    const instrument = await json('POST', `${baskets}/${basketId}/payment-instruments?${SITE}`, {
      token,
      body: {
        amount: plan.price,
        paymentMethodId: 'CREDIT_CARD',
        paymentCard: {
          cardType: 'Visa',
          holder: 'Alex Owner',
          maskedNumber: '************4242',
          expirationMonth: 12,
          expirationYear: 2031,
        },
      },
    });
    expect(instrument.body.paymentInstruments).toHaveLength(1);
    const created = await json('POST', `/commerce/checkout/shopper-orders/v1/organizations/${ORG}/orders?${SITE}`, {
      token,
      // "The only considered value from the request body is basketId": the order's attributes go with its update.
      body: { basketId },
    });
    expect(created.body.status).toBe('created');
    const orderNo = created.body.orderNo as string;
    const verified = await json('GET', `/stripe/v1/setup_intents/${setup.body.id}`, stripe);
    expect(verified.body.status).toBe('succeeded');
    const placed = await json('PATCH', `/commerce/s/aurora/dw/shop/v24_5/orders/${orderNo}`, {
      token,
      body: {
        status: 'new',
        c_stripe_status: 'succeeded',
        c_last4: '4242',
        c_cardType: 'Visa',
        c_SNP_OMS_vin: VIN,
        c_SNP_OMS_CustomerUUID: alex.uid,
      },
    });
    expect(placed.body).toMatchObject({ status: 'new', c_stripe_status: 'succeeded' });

    // The order in the order-management History.
    const history = await som('History', { userId: alex.uid, storefrontType: 'B2C', limit: 9999, offset: 0 });
    const summary = (history.body.orders.records as any[]).find((o) => o.OrderNumber === orderNo);
    expect(summary).toMatchObject({ Status: 'Payment Pending' });

    // Advanced through export and download to installation.
    const statuses: string[] = [];
    for (let step = 0; step < 10; step += 1) {
      const res = await fetch(`${base}/__sandbox/orders/${orderNo}/advance`, { method: 'POST' });
      if (res.status !== 200) break;
      statuses.push(((await res.json()) as { status: string }).status);
    }
    expect(statuses.at(-1)).toBe('Installed');

    // Refund inside the cooling-off period: the service ends at once and a credit note is issued.
    const subscription = (
      (await som('SubscriptionList', { userId: alex.uid, brand: 'aurora' })).body.subscriptionList as any[]
    ).find((s) => s.vin === VIN && s.serviceId === 'cn-connected-navigation');
    expect(subscription).toBeDefined();
    const refund = await som(
      'RequestRefund',
      { referenceId: summary.Id, recordId: subscription.Id },
      {
        cancelAutoRenewalItems: {
          cancellationReason: 'Purchased by mistake',
          additionalInfo: '',
          isCommerceStorefront: true,
        },
      },
    );
    expect(refund.body.patchResult.result).toBe('Success');
    const details = await som('Details', { userId: alex.uid, orderId: summary.Id, orderNo });
    const orderSummary = (details.body.records as any[]).find((r) => r.attributes.type === 'OrderSummary');
    expect(orderSummary.Status).toBe('Refund requested');

    // The refund is processed (the advance control's next step) and a credit note is issued.
    const processed = await fetch(`${base}/__sandbox/orders/${orderNo}/advance`, { method: 'POST' });
    expect(await processed.json()).toMatchObject({ status: 'Refund issued' });
    const invoiceId = orderSummary.SNPOMSZuoraInvoice_R?.Zuora_ExternalId_C as string;
    expect(invoiceId).toBeTruthy();
    const notes = await som('CreditNoteDetails', { ZuoraInvoiceId: invoiceId });
    const note = (notes.body.creditNotes.records as any[])[0];
    expect(note).toBeDefined();
    const pdf = await json('POST', '/som/services/apexrest/SOM/CreditNotes', {
      token: 'sandbox-service-token',
      body: { recordType: 'CreditNote', recordId: note.Zuora_ExternalId_C },
    });
    expect(pdf.body.error).toBeNull();
    expect(Buffer.from(pdf.body.PDFBlob, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
