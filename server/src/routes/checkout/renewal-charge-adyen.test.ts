/**
 * What an Adyen market's order keeps can be charged again for the renewal (issue 31; storefront §3
 * Order c_SNP_OMS_paymentMethodToken; §4 "the payment method is attached"; decision 020, Adyen
 * amendment). For every Adyen market (FR, IT, ES, PT, CZ, SK) and every payment type it offers (card,
 * Google Pay and Apple Pay through the sandbox wallet sheet), a guest checks out through the proxy
 * against the sandbox: the /payments the proxy sent carries `storePaymentMethod: true` and the
 * customer's `shopperReference`, the order records Adyen's stored method with that reference, and the
 * sandbox's renewal-charge control, charging the order's token as the order system would (a ContAuth
 * Subscription /payments), succeeds. The Stripe markets are in renewal-charge.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { getStoredPaymentMethods, store as adyen } from '../../../../mocks/sandbox/src/upstreams/adyen/store.ts';
import { state as commerce } from '../../../../mocks/sandbox/src/upstreams/commerce/state.ts';
import { MARKETS as SHOP_MARKETS } from '../../../../domain/locales.ts';
import { newKey, ORDER_SYSTEM_TYPE_OF, payAdyen } from '../../testing/payments.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { guestReadyIn, marketsOf, type Market } from '../../testing/market-checkouts.ts';

const sandbox = useSandboxServer({ RATE_LIMIT_PAYMENT: '1000', RATE_LIMIT_LOGIN: '1000' });
const { url } = sandbox;

type PaymentType = 'CREDIT_CARD' | 'GOOGLE_PAY' | 'APPLE_PAY';

const TYPES: PaymentType[] = ['CREDIT_CARD', 'GOOGLE_PAY', 'APPLE_PAY'];
/** The Adyen markets (DESIGN.md), each with its renewable sandbox vehicle, its locale and a billing address. */
const CASES = marketsOf('adyen').flatMap((market) => TYPES.map((type) => [market, type] as const));

const shopperIn = (market: Market) => guestReadyIn(url, market);

/** Pays with `type`: the sandbox card form's encrypted card, or the wallet sheet's Adyen method. */
async function checkOut(market: Market, type: PaymentType): Promise<string> {
  const shopper = await shopperIn(market);
  const setup = await shopper.call('setupPayment', 'POST', '/api/checkout/payment-setup', {});
  expect(setup.body).toMatchObject({ provider: 'adyen' });
  if (type !== 'CREDIT_CARD') expect(setup.body.wallets).toContain(type);
  let placed;
  if (type === 'CREDIT_CARD') placed = await payAdyen(shopper, '4242424242424242');
  else {
    const sheet = await shopper.call('createSandboxWalletMethod', 'POST', '/api/sandbox/wallet-methods', {
      paymentMethodType: type,
      cardNumber: '4242424242424242',
    });
    expect(sheet.response.status).toBe(201);
    placed = await shopper.call(
      'placeOrder',
      'POST',
      '/api/checkout/orders',
      { provider: 'adyen', paymentMethodType: type, adyenStateData: { paymentMethod: sheet.body.adyenPaymentMethod } },
      { 'idempotency-key': newKey() },
    );
  }
  expect(placed.response.status).toBe(201);
  expect(placed.body).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
  return placed.body.orderNo as string;
}

async function renewalCharge(orderNo: string) {
  const response = await fetch(`${sandbox.sandboxUrl()}/__sandbox/orders/${orderNo}/renewal-charge`, {
    method: 'POST',
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const paymentsOf = (orderNo: string) => [...adyen.payments.values()].filter((p) => p.merchantReference === orderNo);

describe('the renewal charge on what an Adyen market’s order keeps (issue 31)', () => {
  it.each(CASES)(
    'when a %s order is paid with %s, then /payments stored it under the customer id, the order records the token, and the renewal charge succeeds',
    async (market, type) => {
      const orderNo = await checkOut(market, type);
      const order = commerce.orders.get(orderNo)!;
      const shopperReference = order.customerId;
      // The checkout's /payments, as the sandbox's Adyen received it.
      const [checkout, ...others] = paymentsOf(orderNo);
      expect(others).toEqual([]);
      expect(checkout).toMatchObject({
        storePaymentMethod: true,
        shopperReference,
        recurringProcessingModel: 'Subscription',
        shopperInteraction: 'Ecommerce',
        amount: { currency: SHOP_MARKETS.find((m) => m.country === market)!.currency },
      });
      const stored = getStoredPaymentMethods(shopperReference);
      expect(stored).toHaveLength(1);
      expect(order.custom).toMatchObject({
        c_payment_type: ORDER_SYSTEM_TYPE_OF[type],
        c_SNP_OMS_paymentMethodToken: stored[0]!.id,
        c_SNP_OMS_adyenShopperReference: shopperReference,
      });
      expect(order.custom).not.toHaveProperty('c_SNP_OMS_stripeCustomerId');
      const charge = await renewalCharge(orderNo);
      expect(charge).toMatchObject({
        status: 200,
        body: { charged: true, provider: 'adyen', paymentMethod: stored[0]!.id, id: expect.any(String) },
      });
      // The renewal is Adyen's token payment: merchant-initiated, a subscription's, on the stored method.
      const renewal = paymentsOf(orderNo).find((p) => p.pspReference === charge.body.id);
      expect(renewal).toMatchObject({
        shopperReference,
        shopperInteraction: 'ContAuth',
        recurringProcessingModel: 'Subscription',
        amount: checkout!.amount,
      });
    },
  );

  it('when an FR order’s token is charged under another shopperReference, then Adyen refuses it and the renewal is not charged', async () => {
    const orderNo = await checkOut('FR', 'CREDIT_CARD');
    const custom = commerce.orders.get(orderNo)!.custom;
    custom.c_SNP_OMS_adyenShopperReference = 'someone-else';
    const charge = await renewalCharge(orderNo);
    expect(charge.body).toMatchObject({ charged: false, provider: 'adyen', error: expect.any(String) });
  });
});
