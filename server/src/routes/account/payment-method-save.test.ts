/**
 * Adding and replacing the saved method through the proxy against the in-process sandbox (account §2
 * Add and Edit payment method, §3 payment save payload and stored record with the IP address, §5
 * billing mismatch, §7 Adyen keep one, §8 'Payment method can't be added'; DESIGN.md: alex's saved
 * Visa 4242 with a GB billing address, kim without a method, sam without an account; the billing
 * mismatch control is on in GB and FR). Answers checked against proxy.yaml.
 */
import { describe, expect, it } from 'vitest';
import { SHOPPERS } from '../../../../mocks/sandbox/src/seed.ts';
import { accountOf, paymentRecordOfAccount } from '../../../../mocks/sandbox/src/upstreams/som/state.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { londonAddress, paymentDetails, signedInTo } from '../../testing/payment-details.ts';
import { ShopBrowser } from '../../testing/shop-browser.ts';
import { ADYEN_BROWSER_INFO, adyenCardOf } from '../../testing/payments.ts';

const { shop } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_PAYMENT: '1000' });

const signedIn = (handle = 'alex') => signedInTo(shop, handle);
const page = paymentDetails;
const address = londonAddress;
/** The save's body for a sandbox Stripe card (the form's card and billing address). */
const stripeCard = (token: string, billingAddress: ReturnType<typeof address> = address()) => ({
  provider: 'stripe',
  paymentMethodType: 'CREDIT_CARD',
  sandboxCardToken: token,
  billingAddress,
});

const cardToken = async (
  browser: ShopBrowser,
  number: string,
  billingAddress?: Record<string, unknown>,
  provider: 'stripe' | 'adyen' = 'stripe',
  expiry = { expMonth: 12, expYear: 30 },
) => {
  // Stripe: the Elements group's options of the payment setup, as the sandbox card form sends them.
  const setup =
    provider === 'stripe'
      ? await browser.call('setupPayment', '/api/checkout/payment-setup', {
          method: 'POST',
          body: JSON.stringify({ context: 'accountPaymentMethod' }),
        })
      : undefined;
  const { response, body } = await browser.call('tokenizeSandboxCard', '/api/sandbox/card-tokens', {
    method: 'POST',
    body: JSON.stringify({
      provider,
      number,
      ...expiry,
      cvc: '123',
      ...(billingAddress ? { billingAddress } : {}),
      ...(setup ? { stripeElements: setup.body.elementsOptions } : {}),
    }),
  });
  expect(response.status).toBe(201);
  return body;
};

const save = (browser: ShopBrowser, method: 'POST' | 'PUT', body: unknown, headers: Record<string, string> = {}) =>
  browser.call(method === 'POST' ? 'addPaymentMethod' : 'updatePaymentMethod', '/api/account/payment-method', {
    method,
    body: JSON.stringify(body),
    headers,
  });

/** The shopper's address as the proxy sees it behind the load balancer (TRUST_PROXY's loopback hop). */
const fromIp = (ip: string) => ({ 'x-forwarded-for': ip });

/** The order system's stored payment record of a seeded shopper (account §3), as the stand-in holds it. */
const storedRecord = (handle: string) => {
  const account = accountOf(SHOPPERS.find((s) => s.handle === handle)!.uid)!;
  return paymentRecordOfAccount(account.id);
};

/** The stored methods Adyen holds for alex's shopper reference (account §7 Adyen saved payment methods). */
const adyenStoredOfAlex = async (): Promise<Array<{ id: string; lastFour: string }>> => {
  const stored = await fetch(
    `${shop.root}/adyen/v71/storedPaymentMethods?shopperReference=abcAlexOwner0001&merchantAccount=SandboxMerchantECOM`,
    { headers: { 'x-api-key': 'sandbox-adyen-api-key' } },
  );
  expect(stored.status).toBe(200);
  return (await stored.json()).storedPaymentMethods ?? [];
};

/** Completes the sandbox's 3-D Secure challenge page and answers where it sends the browser back. */
async function completeChallenge(redirectUrl: string): Promise<URL> {
  const challenge = await fetch(redirectUrl, { redirect: 'manual' });
  const action = /<form[^>]*action="([^"]+)"/.exec(await challenge.text())?.[1];
  expect(action).toBeDefined();
  const done = await fetch(new URL(action!.replaceAll('&amp;', '&'), redirectUrl).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=complete',
    redirect: 'manual',
  });
  return new URL(done.headers.get('location')!);
}

/** The payment-method page's call on the return from Stripe (account §2: setup_intent, its secret, redirect_status). */
const confirmReturn = (browser: ShopBrowser, back: URL) =>
  browser.call('confirmPayment', '/api/checkout/payment-confirmation', {
    method: 'POST',
    body: JSON.stringify({
      context: 'accountPaymentMethod',
      provider: 'stripe',
      setup_intent: back.searchParams.get('setup_intent'),
      setup_intent_client_secret: back.searchParams.get('setup_intent_client_secret'),
      redirect_status: back.searchParams.get('redirect_status'),
    }),
  });

describe('addPaymentMethod and updatePaymentMethod', () => {
  it('when kim adds a first card through the sandbox form, then it is saved with her billing address (201) and her IP address on the record (§3)', async () => {
    const kim = await signedIn('kim');
    await kim.call('getSession', '/api/session?locale=de-DE');
    const card = await cardToken(kim, '4242424242424242');
    const { response, body } = await save(
      kim,
      'POST',
      stripeCard(card.token, address({ countryCode: 'DE', city: 'Berlin', postalCode: '10115', address2: null })),
      fromIp('203.0.113.41'),
    );
    expect(response.status).toBe(201);
    expect(body).toMatchObject({
      paymentMethod: { type: 'CREDIT_CARD', last4: '4242' },
      billingAddress: { countryCode: 'DE', city: 'Berlin' },
    });
    // §3 Stored payment record "… IP address" (§7 Add payment method): the shopper's, as AddPaymentMethod sent it.
    expect(storedRecord('kim')).toMatchObject({ last4: '4242', countryCode: 'DE', ipAddress: '203.0.113.41' });
    // A second Add is refused: one method, edited rather than added again.
    const again = await save(kim, 'POST', {
      provider: 'stripe',
      paymentMethodType: 'CREDIT_CARD',
      sandboxCardToken: (await cardToken(kim, '4242424242424242')).token,
      billingAddress: address({ countryCode: 'DE', city: 'Berlin', postalCode: '10115' }),
    });
    expect(again.response.status).toBe(409);
  });

  it('when alex replaces his card with a GB card (0082), then one method: the new one, the old one detached, and his IP address on the record (§3)', async () => {
    const alex = await signedIn();
    const card = await cardToken(alex, '4000008260000000', undefined, 'stripe', { expMonth: 3, expYear: 31 });
    // The seed's record carries another address (203.0.113.10): the replace must write the shopper's.
    expect(storedRecord('alex')!.ipAddress).not.toBe('203.0.113.42');
    const { response, body } = await save(alex, 'PUT', stripeCard(card.token), fromIp('203.0.113.42'));
    expect(response.status).toBe(200);
    expect(body.paymentMethod.last4).toBe('0000');
    // §3 Stored payment record "… IP address" (§7 Update payment method: record id, payment body, IP address).
    expect(storedRecord('alex')).toMatchObject({ last4: '0000', ipAddress: '203.0.113.42' });
    // §5: the record keeps no expiry of a new card; the page reads it from Stripe.
    expect((await page(alex)).paymentMethod).toMatchObject({ expMonth: 3, expYear: 2031, expired: false });
    const old = await fetch(`${shop.root}/stripe/v1/payment_methods/pm_SandboxVisa4242`, {
      headers: { authorization: 'Bearer sk_test_sandbox' },
    });
    expect((await old.json()).customer).toBeNull();
  });

  it('§7 keep one: when alex saves a new card in FR (Adyen), then Adyen keeps one stored method, the new one, and the page shows its expiry', async () => {
    // alex's FR vehicle ZAAAA1000AA000004: the fr-FR market pays with Adyen. His record carries his
    // Stripe card; Adyen also holds an older stored card of his (8316234567890123), which must go.
    const alex = await signedIn();
    await alex.call('getSession', '/api/session?locale=fr-FR');
    const card = await cardToken(alex, '4000002500000003', undefined, 'adyen', { expMonth: 3, expYear: 31 });
    const { response, body } = await save(alex, 'PUT', {
      provider: 'adyen',
      paymentMethodType: 'CREDIT_CARD',
      adyenStateData: { paymentMethod: adyenCardOf(card), browserInfo: ADYEN_BROWSER_INFO },
      billingAddress: address({ countryCode: 'FR', address1: '8 Rue de Rivoli', city: 'Paris', postalCode: '75004' }),
    });
    expect(response.status).toBe(200);
    const stored = await fetch(
      `${shop.root}/adyen/v71/storedPaymentMethods?shopperReference=abcAlexOwner0001&merchantAccount=SandboxMerchantECOM`,
      { headers: { 'x-api-key': 'sandbox-adyen-api-key' } },
    );
    expect((await stored.json()).storedPaymentMethods).toEqual([
      expect.objectContaining({ lastFour: '0003', expiryMonth: '03', expiryYear: '2031' }),
    ]);
    // §5: the record keeps no expiry of a new card; the page reads it from Adyen.
    expect(body.paymentMethod).toMatchObject({ last4: '0003', expMonth: 3, expYear: 2031, expired: false });
  });

  it('§5 billing mismatch, for Adyen: when alex in fr-FR saves an FR card (0003) with a GB billing address (control on in FR), then 409 billing_address_missmatch and the newly saved method is removed: Adyen holds only his previous stored methods', async () => {
    const alex = await signedIn();
    await alex.call('getSession', '/api/session?locale=fr-FR');
    const before = await adyenStoredOfAlex();
    expect(before.length).toBeGreaterThan(0);
    const card = await cardToken(alex, '4000002500000003', undefined, 'adyen', { expMonth: 3, expYear: 31 });
    const { response, body } = await save(alex, 'PUT', {
      provider: 'adyen',
      paymentMethodType: 'CREDIT_CARD',
      adyenStateData: { paymentMethod: adyenCardOf(card), browserInfo: ADYEN_BROWSER_INFO },
      billingAddress: address(),
    });
    expect(response.status).toBe(409);
    expect(body).toMatchObject({
      type: 'https://shop.example/problems/billing-address-mismatch',
      paymentErrorKind: 'billing_address_missmatch',
    });
    const after = await adyenStoredOfAlex();
    expect(after.map((m) => m.id).sort()).toEqual(before.map((m) => m.id).sort());
    expect(after.map((m) => m.lastFour)).not.toContain('0003');
    // The record keeps his card: nothing was stored in the order system.
    expect((await page(alex)).paymentMethod.last4).toBe('4242');
  });

  it("when the card's country is not the billing address's (an FR card in GB, control on), then 409 and nothing changes", async () => {
    const alex = await signedIn();
    const card = await cardToken(alex, '4000002500000003');
    const { response, body } = await save(alex, 'PUT', stripeCard(card.token));
    expect(response.status).toBe(409);
    expect(body.paymentErrorKind).toBe('billing_address_missmatch');
    expect((await page(alex)).paymentMethod.last4).toBe('4242');
  });

  it('when the card needs 3-D Secure, then 202 with the challenge; completed, the return saves it (paymentMethodSaved)', async () => {
    const alex = await signedIn();
    const card = await cardToken(alex, '4000002760003184', address());
    // The form gives the method its billing address (GB), as Stripe.js does: the control passes.
    const { response, body } = await save(alex, 'PUT', stripeCard(card.token));
    expect(response.status).toBe(202);
    expect(body).toMatchObject({ outcome: 'actionRequired', actionType: 'threeDSecure' });
    // The sandbox's challenge page: Complete.
    const back = await completeChallenge(body.redirectUrl);
    expect(back.pathname).toBe('/en-GB/account/my-payment-method');
    // An Edit comes back saying so: the page's toast is "updated", an Add's "added" (issue 34).
    expect(back.searchParams.get('mode')).toBe('update');
    const confirmed = await confirmReturn(alex, back);
    expect(confirmed.response.status).toBe(200);
    expect(confirmed.body).toEqual({ outcome: 'paymentMethodSaved', orderNo: null, status: null });
    expect((await page(alex)).paymentMethod.last4).toBe('3184');
  });

  it('§2 Add payment method, §3 IP address: when kim adds a first card needing 3-D Secure (3184), then 202; completed, the return says mode=add and finishing it saves the card with the IP address of her Add', async () => {
    const kim = await signedIn('kim');
    await kim.call('getSession', '/api/session?locale=de-DE');
    const billing = address({ countryCode: 'DE', city: 'Berlin', postalCode: '10115', address2: null });
    const card = await cardToken(kim, '4000002760003184', billing);
    const { response, body } = await save(kim, 'POST', stripeCard(card.token, billing), fromIp('203.0.113.43'));
    expect(response.status).toBe(202);
    expect(body).toMatchObject({ outcome: 'actionRequired', actionType: 'threeDSecure' });
    expect((await page(kim)).paymentMethod).toBeNull();
    const back = await completeChallenge(body.redirectUrl);
    expect(back.pathname).toBe('/de-DE/account/my-payment-method');
    // An Add comes back saying so: the page's toast is "added", an Edit's "updated" (issue 34).
    expect(back.searchParams.get('mode')).toBe('add');
    const confirmed = await confirmReturn(kim, back);
    expect(confirmed.response.status).toBe(200);
    expect(confirmed.body).toEqual({ outcome: 'paymentMethodSaved', orderNo: null, status: null });
    expect(await page(kim)).toMatchObject({
      paymentMethod: { type: 'CREDIT_CARD', last4: '3184' },
      billingAddress: { countryCode: 'DE', city: 'Berlin' },
    });
    expect(storedRecord('kim')).toMatchObject({ last4: '3184', ipAddress: '203.0.113.43' });
  });

  it("when the region's saving flag is unset (the sandbox's LU), then Add opens the modal and adding is refused with §8's words", async () => {
    const alex = await signedIn();
    await alex.call('getSession', '/api/session?locale=fr-LU');
    const lu = await alex.call('getPaymentMethod', '/api/account/payment-method?locale=fr-LU');
    expect(lu.body.canAddPaymentMethod).toBe(false);
    await alex.call('getSession', '/api/session?locale=en-GB');
    expect((await page(alex)).canAddPaymentMethod).toBe(true);
    // The Add itself, in the LU market (the flag is read before anything is saved or its provider asked).
    await alex.call('getSession', '/api/session?locale=fr-LU');
    const card = await cardToken(alex, '4242424242424242');
    const { response, body } = await save(
      alex,
      'POST',
      stripeCard(card.token, address({ countryCode: 'LU', postalCode: 'L-1111', city: 'Luxembourg' })),
    );
    expect(response.status).toBe(422);
    expect(body.type).toMatch(/payment-method-cannot-be-added$/);
  });

  it('when sam, without an account, adds a card, then 422 with the words of §8', async () => {
    const sam = await signedIn('sam');
    const card = await cardToken(sam, '4242424242424242');
    const { response, body } = await save(sam, 'POST', stripeCard(card.token));
    expect(response.status).toBe(422);
    expect(body.detail).toMatch(/isn’t possible to add a payment method at this time/);
  });

  it('account §1 one provider per market: when the provider is not the market’s (Adyen in DE, a Stripe market), then 422 with the /provider field error (wrongProvider), before anything is saved', async () => {
    const kim = await signedIn('kim');
    await kim.call('getSession', '/api/session?locale=de-DE');
    const { response, body } = await save(kim, 'POST', {
      provider: 'adyen',
      paymentMethodType: 'CREDIT_CARD',
      billingAddress: address({ countryCode: 'DE', city: 'Berlin', postalCode: '10115' }),
    });
    expect(response.status).toBe(422);
    expect(body).toMatchObject({
      type: 'https://shop.example/problems/payment-validation-error',
      errors: [{ field: '/provider', code: 'wrong_provider', message: 'This market pays with stripe.' }],
    });
    expect((await page(kim)).paymentMethod).toBeNull();
  });
});
