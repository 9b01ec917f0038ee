/**
 * The checkout's one Stripe SetupIntent and its payment customer, through the proxy against the
 * in-process sandbox (storefront §4 Payment setup: "the payment customer is found or created, then
 * the payment method is attached and a setup is confirmed"; "A customer deleted or missing at the
 * payment provider (resource_missing) triggers creation of a new payment customer"). Stripe's
 * Payment Element is created without an Intent and finalised on the server
 * (https://docs.stripe.com/payments/finalize-payments-on-the-server-legacy?platform=web&type=setup):
 * the payment setup creates none; the first order attempt creates the SetupIntent, and a retry
 * confirms the same one again, never a second per order.
 */
import { describe, expect, it } from 'vitest';
import {
  deleteStripeCustomer,
  getStripePaymentMethod,
  stripeLedger,
  stripeSetupIntentIds,
} from '../../../../mocks/sandbox/src/upstreams/stripe/store.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { challenge, confirmStripeReturn, payStripe, token } from '../../testing/payments.ts';
import { readyBasket, TestShopper } from '../../testing/shop-client.ts';

const { url } = useSandboxServer({ RATE_LIMIT_PAYMENT: '1000' });

const setUpPayment = (shopper: TestShopper) =>
  shopper.call('setupPayment', 'POST', '/api/checkout/payment-setup', { context: 'checkout' });

describe("the checkout's one SetupIntent", () => {
  it('when the payment step loads twice, then no SetupIntent is created before the order', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    await setUpPayment(shopper);
    await setUpPayment(shopper);
    expect(stripeSetupIntentIds()).toEqual([]);
  });

  it('when 0002 is declined and 4242 then pays, then both orders used the one SetupIntent of the checkout', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    await setUpPayment(shopper);
    expect((await payStripe(shopper, '4000000000000002')).response.status).toBe(402);
    expect((await payStripe(shopper, '4242424242424242')).response.status).toBe(201);
    const intents = stripeSetupIntentIds();
    expect(intents).toHaveLength(1);
    expect(stripeLedger().map((attempt) => [attempt.setupIntent, attempt.outcome])).toEqual([
      [intents[0], 'failed'],
      [intents[0], 'succeeded'],
    ]);
  });

  it('when the 3-D Secure challenge fails and the shopper pays again, then the same SetupIntent is confirmed again', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const first = await payStripe(shopper, '4000002760003184');
    const back = await challenge(first.body.redirectUrl, 'fail');
    await confirmStripeReturn(shopper, back);
    expect((await payStripe(shopper, '4242424242424242')).response.status).toBe(201);
    expect(stripeSetupIntentIds()).toEqual([back.get('setup_intent')]);
  });
});

describe('the payment customer', () => {
  it('when the payment customer stored by the first order was deleted at Stripe, then the next order creates a new one and pays', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const firstCard = await token(shopper, '4242424242424242');
    const first = await shopper.call(
      'placeOrder',
      'POST',
      '/api/checkout/orders',
      { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken: firstCard.token },
      { 'idempotency-key': `first-${Date.now()}` },
    );
    expect(first.response.status).toBe(201);
    const gone = getStripePaymentMethod(firstCard.token)!.customer!;
    expect(deleteStripeCustomer(gone)).toBe(true);

    // Another vehicle: vehicle 1's service is held back for 24 hours (docs/decisions/015).
    await readyBasket(shopper, { vin: 'ZAAAA1000AA000002' });
    const secondCard = await token(shopper, '4242424242424242');
    const second = await shopper.call(
      'placeOrder',
      'POST',
      '/api/checkout/orders',
      { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken: secondCard.token },
      { 'idempotency-key': `second-${Date.now()}` },
    );
    expect(second.response.status).toBe(201);
    const replacement = getStripePaymentMethod(secondCard.token)!.customer;
    expect(replacement).toMatch(/^cus_/);
    expect(replacement).not.toBe(gone);
  });
});
