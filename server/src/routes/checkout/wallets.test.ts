/**
 * Digital wallets (issue 15; storefront §3 order-system types GooglePay and ApplePay, §7 "a digital
 * wallet script", §8 gPay-error and aPay-error, §9 wallet values): the sandbox wallet sheet's Pay
 * yields a wallet token through the sandbox provider, and placing the order runs live mode's code —
 * Stripe's PaymentMethod from the token (`card.wallet`), Adyen's googlepay/applepay component data.
 * Through the proxy against the sandbox; every answer is checked against proxy.yaml.
 */
import { describe, expect, it } from 'vitest';
import { store as stripeStore } from '../../../../mocks/sandbox/src/upstreams/stripe/store.ts';
import { store as adyenStore, getStoredPaymentMethods } from '../../../../mocks/sandbox/src/upstreams/adyen/store.ts';
import { state as commerce } from '../../../../mocks/sandbox/src/upstreams/commerce/state.ts';
import type { AppContext } from '../../context.ts';
import { createSandboxWalletMethod } from '../../services/payments/sandbox-wallet.ts';
import type { Shopper } from '../../services/identity/shopper.ts';
import { FR_ADDRESS, newKey, ORDER_SYSTEM_TYPE_OF, stripeElementsOf, token } from '../../testing/payments.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { readyBasket, TestShopper } from '../../testing/shop-client.ts';

const { url } = useSandboxServer({ RATE_LIMIT_PAYMENT: '1000' });

type Wallet = 'GOOGLE_PAY' | 'APPLE_PAY';

async function gbShopper() {
  const shopper = await new TestShopper(url).start();
  await readyBasket(shopper);
  return shopper;
}

async function frShopper() {
  const shopper = await new TestShopper(url).start('?locale=fr-FR');
  await readyBasket(shopper, { vin: 'ZAAAA1000AA000004', locale: 'fr-FR', address: FR_ADDRESS });
  return shopper;
}

/** The sheet's Pay: the chosen card becomes the provider's wallet method. */
async function walletMethod(shopper: TestShopper, wallet: Wallet, cardNumber: string, stripe = true) {
  return shopper.call('createSandboxWalletMethod', 'POST', '/api/sandbox/wallet-methods', {
    paymentMethodType: wallet,
    cardNumber,
    ...(stripe ? { stripeElements: await stripeElementsOf(shopper) } : {}),
  });
}

function placeOrder(shopper: TestShopper, body: Record<string, unknown>) {
  return shopper.call('placeOrder', 'POST', '/api/checkout/orders', body, { 'idempotency-key': newKey() });
}

describe('wallets in a Stripe market (GB)', () => {
  it('when the payment setup is read, then it offers Google Pay and Apple Pay', async () => {
    const shopper = await gbShopper();
    const setup = await shopper.call('setupPayment', 'POST', '/api/checkout/payment-setup', {});
    expect(setup.body).toMatchObject({ provider: 'stripe', wallets: ['GOOGLE_PAY', 'APPLE_PAY'] });
  });

  it.each([
    ['GOOGLE_PAY', 'google_pay'],
    ['APPLE_PAY', 'apple_pay'],
  ] as const)(
    'when %s pays with the wallet card 4242, then the order is new, its PaymentMethod names the wallet, and the confirmation shows the wallet and the card',
    async (wallet, stripeWallet) => {
      const shopper = await gbShopper();
      const method = await walletMethod(shopper, wallet, '4242424242424242');
      expect(method.response.status).toBe(201);
      expect(method.body).toMatchObject({ provider: 'stripe', paymentMethodType: wallet });
      expect(stripeStore.paymentMethods.get(method.body.stripePaymentMethodId)?.object.card?.wallet?.type).toBe(
        stripeWallet,
      );
      const placed = await placeOrder(shopper, {
        provider: 'stripe',
        paymentMethodType: wallet,
        stripePaymentMethodId: method.body.stripePaymentMethodId,
      });
      expect(placed.body).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
      expect(placed.response.status).toBe(201);
      const confirmation = await shopper.call(
        'getOrderConfirmation',
        'GET',
        `/api/checkout/confirmation/${placed.body.orderNo}`,
      );
      expect(confirmation.body.paymentMethod).toMatchObject({ type: wallet, last4: '4242' });
    },
  );

  it.each([
    ['GOOGLE_PAY', 'gPay-error'],
    ['APPLE_PAY', 'aPay-error'],
  ] as const)(
    'when %s pays with the card the bank declines, then 402 %s (storefront §8) and the basket is back',
    async (wallet, kind) => {
      const shopper = await gbShopper();
      const method = await walletMethod(shopper, wallet, '4000000000000002');
      const placed = await placeOrder(shopper, {
        provider: 'stripe',
        paymentMethodType: wallet,
        stripePaymentMethodId: method.body.stripePaymentMethodId,
      });
      expect(placed.response.status).toBe(402);
      expect(placed.body.paymentErrorKind).toBe(kind);
      expect((await shopper.call('getCheckoutState', 'GET', '/api/checkout')).body.basket.itemCount).toBe(1);
    },
  );

  it("when a wallet's card is sent as a card, or a typed card as Google Pay, then 422 naming the type and no order", async () => {
    const shopper = await gbShopper();
    const method = await walletMethod(shopper, 'GOOGLE_PAY', '4242424242424242');
    const asCard = await placeOrder(shopper, {
      provider: 'stripe',
      paymentMethodType: 'CREDIT_CARD',
      stripePaymentMethodId: method.body.stripePaymentMethodId,
    });
    expect(asCard.response.status).toBe(422);
    expect(asCard.body.errors[0]).toMatchObject({ field: '/paymentMethodType', code: 'mismatch' });
    const card = await token(shopper, '4242 4242 4242 4242');
    const asWallet = await placeOrder(shopper, {
      provider: 'stripe',
      paymentMethodType: 'GOOGLE_PAY',
      sandboxCardToken: card.token,
    });
    expect(asWallet.response.status).toBe(422);
    expect(asWallet.body.errors[0]).toMatchObject({ field: '/paymentMethodType', code: 'mismatch' });
    expect((await shopper.call('getCheckoutState', 'GET', '/api/checkout')).body.basket.itemCount).toBe(1);
  });

  it('when the sheet sends a number that is no card, then 400 naming the card', async () => {
    const shopper = await gbShopper();
    const { response, body } = await walletMethod(shopper, 'GOOGLE_PAY', '4242424242424241');
    expect(response.status).toBe(400);
    expect(body.errors[0]).toMatchObject({ field: '/cardNumber' });
  });

  it('when the wallet is not one the shop takes, then 400', async () => {
    const shopper = await gbShopper();
    const { response } = await walletMethod(shopper, 'SAMSUNG_PAY' as Wallet, '4242424242424242');
    expect(response.status).toBe(400);
  });
});

describe('wallets in an Adyen market (FR)', () => {
  it("when the payment setup is read, then Adyen's googlepay and applepay come with their configuration", async () => {
    const shopper = await frShopper();
    const setup = await shopper.call('setupPayment', 'POST', '/api/checkout/payment-setup', {});
    expect(setup.body.wallets).toEqual(['GOOGLE_PAY', 'APPLE_PAY']);
    const googlePay = setup.body.paymentMethods.find((m: { type: string }) => m.type === 'googlepay');
    expect(googlePay.configuration).toMatchObject({ gatewayMerchantId: expect.any(String) });
    const applePay = setup.body.paymentMethods.find((m: { type: string }) => m.type === 'applepay');
    expect(applePay.configuration).toMatchObject({ merchantId: expect.any(String) });
  });

  it.each([
    ['GOOGLE_PAY', 'googlepay', 'googlePayToken'],
    ['APPLE_PAY', 'applepay', 'applePayToken'],
  ] as const)(
    "when %s pays with the wallet card 4242, then the order is new, and the wallet's card is stored for the renewals under the customer's shopperReference and recorded on the order (issue 31)",
    async (wallet, type, tokenField) => {
      const shopper = await frShopper();
      const method = await walletMethod(shopper, wallet, '4242424242424242', false);
      expect(method.response.status).toBe(201);
      expect(method.body.adyenPaymentMethod).toMatchObject({ type, [tokenField]: expect.any(String) });
      const placed = await placeOrder(shopper, {
        provider: 'adyen',
        paymentMethodType: wallet,
        adyenStateData: { paymentMethod: method.body.adyenPaymentMethod, clientStateDataIndicator: true },
      });
      expect(placed.response.status).toBe(201);
      expect(placed.body).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
      const orderNo = placed.body.orderNo as string;
      const payment = [...adyenStore.payments.values()].find((p) => p.merchantReference === orderNo);
      const customerId = commerce.orders.get(orderNo)!.customerId;
      // Stored for the renewals as a card is: storePaymentMethod with the shopperReference, Subscription.
      expect(payment).toMatchObject({
        paymentMethodType: type,
        storePaymentMethod: true,
        shopperReference: customerId,
        recurringProcessingModel: 'Subscription',
        shopperInteraction: 'Ecommerce',
      });
      const [stored] = getStoredPaymentMethods(customerId);
      expect(stored).toMatchObject({ type, lastFour: '4242' });
      expect(commerce.orders.get(orderNo)!.custom).toMatchObject({
        c_payment_type: ORDER_SYSTEM_TYPE_OF[wallet],
        c_SNP_OMS_paymentMethodToken: stored!.id,
        c_SNP_OMS_adyenShopperReference: customerId,
      });
    },
  );

  it('when Apple Pay pays with the card the bank declines, then 402 aPay-error', async () => {
    const shopper = await frShopper();
    const method = await walletMethod(shopper, 'APPLE_PAY', '4000000000000002', false);
    const placed = await placeOrder(shopper, {
      provider: 'adyen',
      paymentMethodType: 'APPLE_PAY',
      adyenStateData: { paymentMethod: method.body.adyenPaymentMethod },
    });
    expect(placed.response.status).toBe(402);
    expect(placed.body.paymentErrorKind).toBe('aPay-error');
  });

  it("when Adyen's googlepay data is sent as a card, then 422", async () => {
    const shopper = await frShopper();
    const method = await walletMethod(shopper, 'GOOGLE_PAY', '4242424242424242', false);
    const placed = await placeOrder(shopper, {
      provider: 'adyen',
      paymentMethodType: 'CREDIT_CARD',
      adyenStateData: { paymentMethod: method.body.adyenPaymentMethod },
    });
    expect(placed.response.status).toBe(422);
    expect(placed.body.errors[0]).toMatchObject({ field: '/paymentMethodType', code: 'mismatch' });
  });
});

describe('live mode', () => {
  it('when the sandbox wallet is asked for in live mode, then 404: the browser has the real wallet', async () => {
    const ctx = { config: { mode: 'live' } } as AppContext;
    const request = { paymentMethodType: 'GOOGLE_PAY', cardNumber: '4242424242424242' } as const;
    await expect(createSandboxWalletMethod(ctx, {} as Shopper, request)).rejects.toMatchObject({ status: 404 });
  });
});
