/**
 * One payment customer per shopper across devices (storefront §3 Customer c_stripeCustomerId; §4
 * "the payment customer is found or created"; §7 "Customer find by sap id, get by stripeCustomerId,
 * create (sap_cdc_id, email, name, localeId, hostName)"). Stripe's search is not read-after-write
 * (https://docs.stripe.com/search#data-freshness; the sandbox keeps a new customer out of it for a
 * minute), so a second device of kim's that saved a method right after the first would create a
 * second customer if the id were not kept on her commerce profile.
 */
import { describe, expect, it } from 'vitest';
import { state as commerce } from '../../../../mocks/sandbox/src/upstreams/commerce/state.ts';
import { store as stripe } from '../../../../mocks/sandbox/src/upstreams/stripe/store.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { logIn, ShopBrowser } from '../../testing/shop-browser.ts';

const { shop } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_PAYMENT: '1000' });

const BERLIN = {
  firstName: 'Kim',
  lastName: 'Driver',
  countryCode: 'DE',
  address1: 'Unter den Linden 1',
  address2: null,
  city: 'Berlin',
  postalCode: '10117',
};

/** kim, signed in on a device of her own, in the German shop (Stripe). */
async function kimOnADevice() {
  const kim = new ShopBrowser(shop);
  await logIn(kim, 'kim');
  await kim.call('getSession', '/api/session?locale=de-DE');
  return kim;
}

/** Saves a 4242 card through the sandbox card form: POST adds, PUT replaces. */
async function saveCard(kim: ShopBrowser, method: 'POST' | 'PUT') {
  const setup = await kim.call('setupPayment', '/api/checkout/payment-setup', {
    method: 'POST',
    body: JSON.stringify({ context: 'accountPaymentMethod' }),
  });
  const card = await kim.call('tokenizeSandboxCard', '/api/sandbox/card-tokens', {
    method: 'POST',
    body: JSON.stringify({
      provider: 'stripe',
      number: '4242424242424242',
      expMonth: 12,
      expYear: 30,
      cvc: '123',
      stripeElements: setup.body.elementsOptions,
    }),
  });
  const saved = await kim.call(
    method === 'POST' ? 'addPaymentMethod' : 'updatePaymentMethod',
    '/api/account/payment-method',
    {
      method,
      body: JSON.stringify({
        provider: 'stripe',
        paymentMethodType: 'CREDIT_CARD',
        sandboxCardToken: card.body.token,
        billingAddress: BERLIN,
      }),
    },
  );
  expect(saved.response.status).toBe(method === 'POST' ? 201 : 200);
  return stripe.paymentMethods.get(card.body.token)!.object.customer;
}

const kimsStripeCustomers = () =>
  [...stripe.customers.values()].filter((c) => !('deleted' in c) && c.email === 'kim.driver@example.com');

describe('the payment customer across devices', () => {
  it('when kim saves a card on one device and replaces it on another a moment later, then one Stripe customer, kept on her commerce profile, carrying the shop host', async () => {
    const first = await saveCard(await kimOnADevice(), 'POST');
    expect(first).toMatch(/^cus_/);
    const profile = [...commerce.customers.values()].find((c) => c.email === 'kim.driver@example.com');
    expect(profile?.custom.c_stripeCustomerId).toBe(first);

    const second = await saveCard(await kimOnADevice(), 'PUT');
    expect(second).toBe(first);
    expect(kimsStripeCustomers()).toHaveLength(1);
    expect(kimsStripeCustomers()[0]).toMatchObject({
      metadata: { localeId: 'de-DE', hostName: new URL(shop.server.context.config.publicOrigin).host },
    });
  });
});
