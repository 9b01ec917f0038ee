/**
 * What a Stripe market's order keeps can be charged again for the renewal (issue 31; storefront §3
 * Order c_SNP_OMS_paymentMethodToken, c_SNP_OMS_stripeCustomerId and the bank fields c_iban_last4,
 * c_bank, SNP_OMS_BankCode__c, SNP_OMS_PaymentInformation__c; §4 "the payment method is attached";
 * decision 020). For every Stripe market (GB, DE, AT, NL, BE, LU, US, CA) and every payment type it
 * offers (card, Google Pay and Apple Pay through the sandbox wallet, iDEAL in NL, Bancontact in BE),
 * a guest checks out through the proxy against the sandbox, and the sandbox's renewal-charge
 * control, charging the order's token as the order system would (an off-session PaymentIntent),
 * succeeds. iDEAL and Bancontact orders keep the SEPA Direct Debit method their set-up generated
 * (Stripe's "Use iDEAL / Bancontact to set up future SEPA Direct Debit payments") with the bank's
 * facts; the single-use bank method itself cannot be charged again. The account's add and replace
 * keep the same method.
 */
import { describe, expect, it } from 'vitest';
import { state as commerce } from '../../../../mocks/sandbox/src/upstreams/commerce/state.ts';
import { KIM_ACCOUNT_ID } from '../../../../mocks/sandbox/src/upstreams/som/seed-data.ts';
import { paymentRecordOfAccount } from '../../../../mocks/sandbox/src/upstreams/som/state.ts';
import { store as stripe } from '../../../../mocks/sandbox/src/upstreams/stripe/store.ts';
import { challenge, confirmStripeReturn, newKey, stripeElementsOf, token } from '../../testing/payments.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { logIn, ShopBrowser } from '../../testing/shop-browser.ts';
import { guestReadyIn, MARKET_CHECKOUTS, marketsOf, type Market } from '../../testing/market-checkouts.ts';
import type { TestShopper } from '../../testing/shop-client.ts';

const sandbox = useSandboxServer({ RATE_LIMIT_PAYMENT: '1000', RATE_LIMIT_LOGIN: '1000' });
const { url, shop } = sandbox;

type PaymentType = 'CREDIT_CARD' | 'GOOGLE_PAY' | 'APPLE_PAY' | 'IDEAL' | 'BANCONTACT';

/** The Stripe markets (DESIGN.md), each with its renewable sandbox vehicle, a locale and a billing address. */
const MARKETS = marketsOf('stripe');

const WALLETS_AND_CARD: PaymentType[] = ['CREDIT_CARD', 'GOOGLE_PAY', 'APPLE_PAY'];
const BANK_OF: Partial<Record<Market, PaymentType>> = { NL: 'IDEAL', BE: 'BANCONTACT' };
const CASES = MARKETS.flatMap((market) =>
  [...WALLETS_AND_CARD, ...(BANK_OF[market] ? [BANK_OF[market]] : [])].map((type) => [market, type] as const),
);

const shopperIn = (market: Market) => guestReadyIn(url, market);

/** The method the shopper pays with, as the sandbox card form, wallet sheet or bank method hands it over. */
async function methodFor(shopper: TestShopper, type: PaymentType): Promise<Record<string, unknown>> {
  if (type === 'CREDIT_CARD') return { sandboxCardToken: (await token(shopper, '4242424242424242')).token };
  const stripeElements = await stripeElementsOf(shopper);
  if (type === 'IDEAL' || type === 'BANCONTACT') {
    const bank = await shopper.call('createSandboxBankMethod', 'POST', '/api/sandbox/bank-methods', {
      paymentMethodType: type,
      stripeElements,
    });
    expect(bank.response.status).toBe(201);
    return { stripePaymentMethodId: bank.body.token };
  }
  const wallet = await shopper.call('createSandboxWalletMethod', 'POST', '/api/sandbox/wallet-methods', {
    paymentMethodType: type,
    cardNumber: '4242424242424242',
    stripeElements,
  });
  expect(wallet.response.status).toBe(201);
  return { stripePaymentMethodId: wallet.body.stripePaymentMethodId };
}

/** Checks out with `type`, through the bank page when it redirects: the placed order's number and the method paid with. */
async function checkOut(market: Market, type: PaymentType) {
  const shopper = await shopperIn(market);
  const method = await methodFor(shopper, type);
  const placed = await shopper.call(
    'placeOrder',
    'POST',
    '/api/checkout/orders',
    { provider: 'stripe', paymentMethodType: type, ...method },
    { 'idempotency-key': newKey() },
  );
  let answer = placed.body;
  if (placed.response.status === 202) {
    expect(answer).toMatchObject({ actionType: 'bankRedirect' });
    const confirmed = await confirmStripeReturn(shopper, await challenge(answer.redirectUrl, 'complete'));
    expect(confirmed.response.status).toBe(200);
    answer = confirmed.body;
  }
  expect(answer).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
  return { orderNo: answer.orderNo as string, paidWith: (method.stripePaymentMethodId ?? '') as string };
}

async function renewalCharge(orderNo: string) {
  const response = await fetch(`${sandbox.sandboxUrl()}/__sandbox/orders/${orderNo}/renewal-charge`, {
    method: 'POST',
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const orderFields = (orderNo: string) => commerce.orders.get(orderNo)!.custom;
const typeAtStripe = (id: string) => stripe.paymentMethods.get(id)?.object.type;

describe('the renewal charge on what a Stripe market’s order keeps (issue 31)', () => {
  it.each(CASES)(
    'when a %s order is paid with %s, then its token is a method of its Stripe customer and the renewal charge succeeds',
    async (market, type) => {
      const { orderNo } = await checkOut(market, type);
      const fields = orderFields(orderNo);
      const token = fields.c_SNP_OMS_paymentMethodToken as string;
      expect(token).toMatch(/^pm_/);
      expect(stripe.paymentMethods.get(token)?.object.customer).toBe(fields.c_SNP_OMS_stripeCustomerId);
      expect(typeAtStripe(token)).toBe(type === 'IDEAL' || type === 'BANCONTACT' ? 'sepa_debit' : 'card');
      const charge = await renewalCharge(orderNo);
      expect(charge.body).toMatchObject({ charged: true, provider: 'stripe', paymentMethod: token });
      expect(charge.body.id).toMatch(/^pi_/);
    },
  );

  it.each([
    [
      'NL',
      'IDEAL',
      { c_iban_last4: '5264', c_bank: 'ing', c_SNP_OMS_BankCode__c: 'INGB' },
      'IDEAL ing (INGBNL2A) IBAN ending 5264',
    ],
    [
      'BE',
      'BANCONTACT',
      { c_iban_last4: '7034', c_bank: 'VAN DE PUT & CO', c_SNP_OMS_BankCode__c: '539' },
      'BANCONTACT VAN DE PUT & CO (VAPEBE22) IBAN ending 7034',
    ],
  ] as const)(
    'when a %s order is paid with %s, then it records the generated SEPA Direct Debit method and the bank fields (storefront §3)',
    async (market, type, bank, information) => {
      const { orderNo, paidWith } = await checkOut(market as Market, type);
      const fields = orderFields(orderNo);
      expect(fields.c_SNP_OMS_paymentMethodToken).not.toBe(paidWith);
      expect(typeAtStripe(fields.c_SNP_OMS_paymentMethodToken as string)).toBe('sepa_debit');
      expect(fields).toMatchObject({ ...bank, c_SNP_OMS_PaymentInformation__c: information });
    },
  );

  it('when the single-use iDEAL method an NL order was paid with is charged again off-session, then Stripe refuses it', async () => {
    const { orderNo, paidWith } = await checkOut('NL', 'IDEAL');
    const response = await fetch(`${sandbox.sandboxUrl()}/stripe/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_sandbox', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        amount: '4999',
        currency: 'eur',
        customer: orderFields(orderNo).c_SNP_OMS_stripeCustomerId as string,
        payment_method: paidWith,
        'payment_method_types[0]': 'ideal',
        confirm: 'true',
        off_session: 'true',
      }).toString(),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/may not be used again/);
  });

  it('when a Stripe order failed at the bank, then nothing is recorded and the renewal charge answers 409', async () => {
    const shopper = await shopperIn('NL');
    const method = await methodFor(shopper, 'IDEAL');
    const placed = await shopper.call(
      'placeOrder',
      'POST',
      '/api/checkout/orders',
      { provider: 'stripe', paymentMethodType: 'IDEAL', ...method },
      { 'idempotency-key': newKey() },
    );
    expect((await confirmStripeReturn(shopper, await challenge(placed.body.redirectUrl, 'fail'))).response.status).toBe(
      402,
    );
    expect(await renewalCharge(placed.body.orderNo)).toMatchObject({ status: 409, body: { charged: false } });
  });
});

describe("the account's iDEAL keeps the generated SEPA method (issue 31, account §3 payment save payload)", () => {
  /** kim (no method saved) in NL adds or replaces her method with iDEAL, through the bank page. */
  async function saveIdeal(kim: ShopBrowser, method: 'POST' | 'PUT') {
    const setup = await kim.call('setupPayment', '/api/checkout/payment-setup', {
      method: 'POST',
      body: JSON.stringify({ context: 'accountPaymentMethod' }),
    });
    const bank = await kim.call('createSandboxBankMethod', '/api/sandbox/bank-methods', {
      method: 'POST',
      body: JSON.stringify({ paymentMethodType: 'IDEAL', stripeElements: setup.body.elementsOptions }),
    });
    const saved = await kim.call(
      method === 'POST' ? 'addPaymentMethod' : 'updatePaymentMethod',
      '/api/account/payment-method',
      {
        method,
        body: JSON.stringify({
          provider: 'stripe',
          paymentMethodType: 'IDEAL',
          stripePaymentMethodId: bank.body.token,
          billingAddress: { ...MARKET_CHECKOUTS.NL.address, firstName: 'Kim', lastName: 'Driver' },
        }),
      },
    );
    expect(saved.response.status).toBe(202);
    const back = await challenge(saved.body.redirectUrl, 'complete');
    const confirmed = await kim.call('confirmPayment', '/api/checkout/payment-confirmation', {
      method: 'POST',
      body: JSON.stringify({
        context: 'accountPaymentMethod',
        provider: 'stripe',
        setup_intent: back.get('setup_intent'),
        redirect_status: back.get('redirect_status'),
      }),
    });
    expect(confirmed.body).toEqual({ outcome: 'paymentMethodSaved', orderNo: null, status: null });
    return bank.body.token as string;
  }

  const kimsRecord = () => paymentRecordOfAccount(KIM_ACCOUNT_ID);

  it('when kim adds iDEAL and then replaces it, then her record holds the SEPA method with its bank code, and the replaced one is detached', async () => {
    const kim = new ShopBrowser(shop);
    await logIn(kim, 'kim');
    await kim.call('getSession', '/api/session?locale=nl-NL');
    const paidWith = await saveIdeal(kim, 'POST');
    const first = kimsRecord()!;
    expect(first.token).not.toBe(paidWith);
    expect(typeAtStripe(first.token)).toBe('sepa_debit');
    expect(first).toMatchObject({ bankCode: 'INGB', paymentInformation: 'IDEAL ing (INGBNL2A) IBAN ending 5264' });
    const page = await kim.call('getPaymentMethod', '/api/account/payment-method');
    expect(page.body.paymentMethod).toMatchObject({ type: 'IDEAL', bankCode: 'INGB' });

    const replaced = first.token;
    await saveIdeal(kim, 'PUT');
    const second = kimsRecord()!;
    expect(second.token).not.toBe(replaced);
    expect(typeAtStripe(second.token)).toBe('sepa_debit');
    expect(stripe.paymentMethods.get(replaced)?.detached).toBe(true);
  });
});
