// The sandbox's renewal-charge control (issue 31): the order system's merchant-initiated charge on
// an order's recorded token, made through the providers' stand-ins over HTTP. The checkout's own
// orders are charged in server/src/routes/checkout/renewal-charge.test.ts; here the control itself,
// on alex's seeded order 00012000 given a token in-process.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../app.ts';
import { buildSandbox } from '../sandbox.ts';
import { ADYEN_SEED } from './adyen/store.ts';
import { state as commerce } from './commerce/state.ts';
import { adyenRenewalRequest } from './renewal-charge.ts';
import { STRIPE_SEED } from './stripe/store.ts';

const sandbox: Sandbox = buildSandbox();
let root = '';

beforeAll(async () => {
  root = `http://localhost:${await sandbox.start(0)}`;
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
});

const ORDER = '00012000';

async function renewalCharge(orderNo: string) {
  const response = await fetch(`${root}/__sandbox/orders/${orderNo}/renewal-charge`, { method: 'POST' });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** alex's seeded GB order, as if its payment had recorded `custom` for the renewals. */
function recorded(custom: Record<string, string>) {
  const order = commerce.orders.get(ORDER)!;
  Object.assign(order.custom, custom);
  return order;
}

describe('POST /__sandbox/orders/{orderNo}/renewal-charge (issue 31)', () => {
  it('when the order is unknown, then 404', async () => {
    expect((await renewalCharge('99999999')).status).toBe(404);
  });

  it('when the order number cannot be one, then 400', async () => {
    expect((await renewalCharge('not%20an%20order')).status).toBe(400);
  });

  it('when the order recorded no token, then 409, charged false, with the reason', async () => {
    const { status, body } = await renewalCharge(ORDER);
    expect(status).toBe(409);
    expect(body).toMatchObject({
      charged: false,
      provider: 'stripe',
      error: expect.stringMatching(/no c_SNP_OMS_paymentMethodToken/),
    });
  });

  it("when a Stripe order recorded alex's saved card and customer, then an off-session PaymentIntent succeeds", async () => {
    recorded({
      c_SNP_OMS_paymentMethodToken: STRIPE_SEED.alexPaymentMethodId,
      c_SNP_OMS_stripeCustomerId: STRIPE_SEED.alexCustomerId,
    });
    const { status, body } = await renewalCharge(ORDER);
    expect(status).toBe(200);
    expect(body).toMatchObject({ charged: true, provider: 'stripe', paymentMethod: STRIPE_SEED.alexPaymentMethodId });
    expect(body.id).toMatch(/^pi_/);
    const ledger = (await (await fetch(`${root}/__sandbox/ledger`)).json()) as { payments: unknown[] };
    expect(ledger.payments).toContainEqual(
      expect.objectContaining({ provider: 'stripe', id: body.id, reference: ORDER, state: 'captured', amount: 9900 }),
    );
  });

  it("when the order names another customer than the card's, then Stripe's refusal, charged false", async () => {
    recorded({
      c_SNP_OMS_paymentMethodToken: STRIPE_SEED.alexPaymentMethodId,
      c_SNP_OMS_stripeCustomerId: 'cus_Nobody',
    });
    const { status, body } = await renewalCharge(ORDER);
    expect(status).toBe(200);
    expect(body).toMatchObject({ charged: false, provider: 'stripe', error: "No such customer: 'cus_Nobody'" });
  });

  it("when an Adyen order recorded alex's stored card and shopperReference, then /payments ContAuth Subscription is authorised", async () => {
    const order = recorded({
      c_SNP_OMS_StorefrontCountry: 'FR',
      c_SNP_OMS_paymentMethodToken: ADYEN_SEED.alexStoredPaymentMethodId,
      c_SNP_OMS_shopperReference: ADYEN_SEED.alexShopperReference,
    });
    expect(adyenRenewalRequest(sandbox.context, order, ADYEN_SEED.alexStoredPaymentMethodId)).toMatchObject({
      reference: ORDER,
      paymentMethod: { type: 'scheme', storedPaymentMethodId: ADYEN_SEED.alexStoredPaymentMethodId },
      shopperReference: ADYEN_SEED.alexShopperReference,
      shopperInteraction: 'ContAuth',
      recurringProcessingModel: 'Subscription',
      amount: { value: 9900, currency: 'GBP' },
    });
    const { status, body } = await renewalCharge(ORDER);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      charged: true,
      provider: 'adyen',
      paymentMethod: ADYEN_SEED.alexStoredPaymentMethodId,
    });
  });

  it('when an Adyen order names no shopperReference, then Adyen refuses the token payment, charged false', async () => {
    recorded({ c_SNP_OMS_StorefrontCountry: 'FR', c_SNP_OMS_paymentMethodToken: ADYEN_SEED.alexStoredPaymentMethodId });
    const { body } = await renewalCharge(ORDER);
    expect(body).toMatchObject({ charged: false, provider: 'adyen', error: expect.stringMatching(/shopperReference/) });
  });
});
