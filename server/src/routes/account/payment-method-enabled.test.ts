/**
 * Account §2 and §6: "The subscriptions and payment content render only if the customer is enabled
 * (flag isCustomerEnabled)". With the sandbox's control switching alex's order-system account off,
 * Payment details hold nothing of the payment content, and every payment-method operation is refused
 * (403 customer-not-enabled) before anything is written at Stripe or in the order system; switched on
 * again, everything is as it was. Through the proxy against the sandbox; answers checked against
 * proxy.yaml.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { logIn, ShopBrowser } from '../../testing/shop-browser.ts';

const { shop } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_PAYMENT: '1000' });

const enable = (enabled: boolean) =>
  fetch(`${shop.root}/__sandbox/customers/alex.owner@example.com/enabled`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enabled }),
  });
afterEach(() => enable(true));

const ADDRESS = {
  firstName: 'Alex',
  lastName: 'Owner',
  countryCode: 'GB',
  address1: '1 Parliament Square',
  address2: null,
  city: 'London',
  postalCode: 'SW1P 3BD',
};

/** Who holds a Stripe PaymentMethod at the sandbox's Stripe (its customer, or null). */
const stripeCustomerOf = async (id: string) =>
  (
    (await (
      await fetch(`${shop.root}/stripe/v1/payment_methods/${id}`, {
        headers: { authorization: 'Bearer sk_test_sandbox' },
      })
    ).json()) as { customer: string | null }
  ).customer;

/** A card tokenised as the account's sandbox form does it (nothing saved for the customer yet). */
async function newCard(alex: ShopBrowser): Promise<string> {
  const setup = await alex.call('setupPayment', '/api/checkout/payment-setup', {
    method: 'POST',
    body: JSON.stringify({ context: 'accountPaymentMethod' }),
  });
  const { body } = await alex.call('tokenizeSandboxCard', '/api/sandbox/card-tokens', {
    method: 'POST',
    body: JSON.stringify({
      provider: 'stripe',
      number: '4000008260000000',
      expMonth: 3,
      expYear: 31,
      cvc: '123',
      stripeElements: setup.body.elementsOptions,
    }),
  });
  return body.token as string;
}

const OPERATIONS = [
  ['addPaymentMethod', 'POST', '/api/account/payment-method', true],
  ['updatePaymentMethod', 'PUT', '/api/account/payment-method', true],
  ['deletePaymentMethod', 'DELETE', '/api/account/payment-method', false],
  ['updateBillingAddress', 'PUT', '/api/account/billing-address', false],
] as const;

describe('Payment details for a customer who is not enabled (account §2, §6 isCustomerEnabled)', () => {
  it('when alex’s account is switched off, then Payment details hold nothing of the payment content; switched on, his card is back', async () => {
    const alex = new ShopBrowser(shop);
    await logIn(alex, 'alex');
    expect((await enable(false)).status).toBe(200);
    const { response, body } = await alex.call('getPaymentMethod', '/api/account/payment-method');
    expect(response.status).toBe(200);
    expect(body).toEqual({
      isCustomerEnabled: false,
      paymentMethod: null,
      billingAddress: null,
      hasLinkedActiveSubscriptions: false,
      canAddPaymentMethod: false,
      provider: 'stripe',
      showAutoRenewal: true,
    });
    expect(JSON.stringify(body)).not.toMatch(/4242|Downing/);
    await enable(true);
    const again = await alex.call('getPaymentMethod', '/api/account/payment-method');
    expect(again.body).toMatchObject({ isCustomerEnabled: true, paymentMethod: { last4: '4242' } });
  });

  it.each(OPERATIONS)(
    'when alex’s account is switched off, then %s (%s %s) is refused with 403 customer-not-enabled and nothing is written',
    async (operation, method, path, withCard) => {
      const alex = new ShopBrowser(shop);
      await logIn(alex, 'alex');
      const token = withCard ? await newCard(alex) : undefined;
      await enable(false);
      const body = token
        ? { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken: token, billingAddress: ADDRESS }
        : path.endsWith('billing-address')
          ? ADDRESS
          : undefined;
      const { response, body: problem } = await alex.call(operation, path, {
        method,
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      expect(response.status).toBe(403);
      expect(problem).toMatchObject({
        type: 'https://shop.example/problems/customer-not-enabled',
        title: 'Payment details unavailable',
        detail: 'Payment details are not available for this account.',
      });
      // Nothing at Stripe: the saved card is still alex's, the new one nobody's.
      expect(await stripeCustomerOf('pm_SandboxVisa4242')).toBe('cus_SandboxAlex01');
      if (token) expect(await stripeCustomerOf(token)).toBeNull();
      // Nothing in the order system: switched on again, the page is as before.
      await enable(true);
      const page = (await alex.call('getPaymentMethod', '/api/account/payment-method')).body;
      expect(page).toMatchObject({
        paymentMethod: { last4: '4242' },
        billingAddress: { address1: '10 Downing Street', city: 'London' },
      });
    },
  );
});
