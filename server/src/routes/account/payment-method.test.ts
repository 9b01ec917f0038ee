/**
 * Payment details through the proxy against the in-process sandbox (account §2 Payment method page,
 * §3 stored payment record, §5 restricted region, billing mismatch and card expiry, §8 'Payment
 * method can't be removed' and expired card; adding and replacing: payment-method-save.test.ts;
 * DESIGN.md: alex's saved Visa 4242 12/2030 with a GB billing address, kim without a method, sam
 * without an account; the billing mismatch control is on in GB). Answers checked against proxy.yaml.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { londonAddress, paymentDetails, signedInTo } from '../../testing/payment-details.ts';
import { ShopBrowser } from '../../testing/shop-browser.ts';

const { shop } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_PAYMENT: '1000' });

const signedIn = (handle = 'alex') => signedInTo(shop, handle);
const page = paymentDetails;
const address = londonAddress;

/** The sandbox's expiry control: the stored card's expiry at its provider and in the record carrying it. */
const setExpiry = (token: string, expMonth: number, expYear: number) =>
  fetch(`${shop.root}/__sandbox/payment-methods/${token}/expiry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ expMonth, expYear }),
  });

const putAddress = (browser: ShopBrowser, body: unknown) =>
  browser.call('updateBillingAddress', '/api/account/billing-address', { method: 'PUT', body: JSON.stringify(body) });

describe('getPaymentMethod', () => {
  it('when alex opens Payment details, then his Visa (expiry 12/2030 as Stripe holds it, not expired), its billing address, and that active subscriptions use it', async () => {
    const alex = await signedIn();
    expect(await page(alex)).toMatchObject({
      paymentMethod: { type: 'CREDIT_CARD', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, expired: false },
      billingAddress: { firstName: 'Alex', lastName: 'Owner', countryCode: 'GB' },
      hasLinkedActiveSubscriptions: true,
      canAddPaymentMethod: true,
      provider: 'stripe',
      showAutoRenewal: true,
    });
  });

  it("§8 expired card: when the expiry control moves alex's card to January 2020, then the page says expired", async () => {
    const alex = await signedIn();
    expect((await setExpiry('pm_SandboxVisa4242', 1, 2020)).status).toBe(200);
    // The proxy compares with its own clock (§5: exp_year and exp_month precede now).
    expect((await page(alex)).paymentMethod).toMatchObject({
      last4: '4242',
      expMonth: 1,
      expYear: 2020,
      expired: true,
    });
  });

  it("§5: when Stripe cannot be read, then the record's expiry is shown and the page still answers", async () => {
    const alex = await signedIn();
    await fetch(`${shop.root}/__sandbox/faults/stripe`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 500 }),
    });
    expect((await page(alex)).paymentMethod).toMatchObject({ expMonth: 12, expYear: 2030, expired: false });
  });

  it('when kim has no method, then none and Add is possible; sam without an account cannot add one', async () => {
    expect(await page(await signedIn('kim'))).toMatchObject({
      paymentMethod: null,
      billingAddress: null,
      hasLinkedActiveSubscriptions: false,
      canAddPaymentMethod: true,
    });
    expect(await page(await signedIn('sam'))).toMatchObject({ paymentMethod: null, canAddPaymentMethod: false });
  });
});

describe('deletePaymentMethod', () => {
  it("when active subscriptions use the method, then 409 'Payment method can't be removed' with the way to them", async () => {
    const alex = await signedIn();
    const { response, body } = await alex.call('deletePaymentMethod', '/api/account/payment-method', {
      method: 'DELETE',
    });
    expect(response.status).toBe(409);
    expect(body).toMatchObject({ detail: "Payment method can't be removed", redirectUrl: '/account/my-subscriptions' });
    expect((await page(alex)).paymentMethod).not.toBeNull();
  });

  it('when no subscription uses it any more, then it is detached and the record blanked', async () => {
    const alex = await signedIn();
    for (const id of ['02iSB0000000003AAA', '02iSB0000000007AAA']) {
      const off = await alex.call('cancelAutoRenewal', `/api/account/subscriptions/${id}/auto-renewal/cancel`, {
        method: 'POST',
        body: '{}',
      });
      expect(off.response.status).toBe(200);
    }
    const { response } = await alex.call('deletePaymentMethod', '/api/account/payment-method', { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await page(alex)).toMatchObject({ paymentMethod: null, billingAddress: null });
    // The provider no longer holds it for alex's customer.
    const stripe = await fetch(`${shop.root}/stripe/v1/payment_methods/pm_SandboxVisa4242`, {
      headers: { authorization: 'Bearer sk_test_sandbox' },
    });
    expect((await stripe.json()).customer).toBeNull();
  });

  it('when kim has nothing saved, then 404', async () => {
    const kim = await signedIn('kim');
    const { response } = await kim.call('deletePaymentMethod', '/api/account/payment-method', { method: 'DELETE' });
    expect(response.status).toBe(404);
  });
});

describe('updateBillingAddress', () => {
  it('when alex gives a new GB address, then it is stored, the second line kept apart', async () => {
    const alex = await signedIn();
    const { response, body } = await putAddress(alex, address());
    expect(response.status).toBe(200);
    expect(body.billingAddress).toMatchObject({
      address1: '1 Parliament Square',
      address2: 'Flat 2',
      postalCode: 'SW1P 3BD',
    });
    expect((await page(alex)).billingAddress).toMatchObject({ address1: '1 Parliament Square', address2: 'Flat 2' });
  });

  it('when the address is in a restricted region, then 422 on the postal code in the words of §5', async () => {
    const alex = await signedIn();
    const { response, body } = await putAddress(
      alex,
      address({ countryCode: 'FR', city: 'Basse-Terre', postalCode: '97100' }),
    );
    expect(response.status).toBe(422);
    expect(body.errors).toEqual([
      expect.objectContaining({
        field: '/postalCode',
        message: 'We are unable to complete transactions for the region of your billing address.',
      }),
    ]);
  });

  it("when the country differs from the GB card's (control on in GB), then 409 billing mismatch and nothing changes", async () => {
    const alex = await signedIn();
    const { response, body } = await putAddress(
      alex,
      address({ countryCode: 'FR', city: 'Paris', postalCode: '75004' }),
    );
    expect(response.status).toBe(409);
    expect(body.paymentErrorKind).toBe('billing_address_missmatch');
    expect((await page(alex)).billingAddress.countryCode).toBe('GB');
  });

  it('when a field breaks the shared form limits, then 400 with its field error', async () => {
    const alex = await signedIn();
    const { response, body } = await putAddress(alex, address({ city: 'x'.repeat(41) }));
    expect(response.status).toBe(400);
    expect(body.errors[0].field).toBe('/city');
  });

  it('when kim has no method, then 409: a billing address belongs to a method', async () => {
    const kim = await signedIn('kim');
    const { response } = await putAddress(kim, address());
    expect(response.status).toBe(409);
  });
});
