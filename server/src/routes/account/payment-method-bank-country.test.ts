/**
 * The billing mismatch control on a bank debit (account §5: "the billing country must equal the
 * country of the card, bank account or debit country (card country for Adyen). A mismatch opens the
 * billing-mismatch error modal"): kim, in Belgium, saves Bancontact in the account; Stripe keeps the
 * SEPA Direct Debit method the set-up generated, whose `sepa_debit.country` is the bank account's
 * (the sandbox's Bancontact account is Belgian). The seed has the control on in GB and FR only
 * (DESIGN.md); each test switches it on for BE with the sandbox's preferences control.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { KIM_ACCOUNT_ID } from '../../../../mocks/sandbox/src/upstreams/som/seed-data.ts';
import { paymentRecordOfAccount } from '../../../../mocks/sandbox/src/upstreams/som/state.ts';
import { store as stripe } from '../../../../mocks/sandbox/src/upstreams/stripe/store.ts';
import { challenge } from '../../testing/payments.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { logIn, ShopBrowser } from '../../testing/shop-browser.ts';

const { shop, sandboxUrl } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_PAYMENT: '1000' });

beforeEach(async () => {
  const switched = await fetch(`${sandboxUrl()}/commerce/__sandbox/preferences/BE`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ c_billingMismatchControl: true }),
  });
  expect(switched.status).toBe(200);
});

const BELGIAN = {
  firstName: 'Kim',
  lastName: 'Driver',
  countryCode: 'BE',
  address1: 'Grote Markt 1',
  address2: null,
  city: 'Brussel',
  postalCode: '1000',
};
const DUTCH = { ...BELGIAN, countryCode: 'NL', address1: 'Damrak 1', city: 'Amsterdam', postalCode: '1012 LG' };

async function kimInBelgium() {
  const kim = new ShopBrowser(shop);
  await logIn(kim, 'kim');
  await kim.call('getSession', '/api/session?locale=nl-BE');
  return kim;
}

/** kim adds Bancontact with `billingAddress` and authorises at the bank: the return's answer. */
async function addBancontact(kim: ShopBrowser, billingAddress: typeof BELGIAN) {
  const setup = await kim.call('setupPayment', '/api/checkout/payment-setup', {
    method: 'POST',
    body: JSON.stringify({ context: 'accountPaymentMethod' }),
  });
  const bank = await kim.call('createSandboxBankMethod', '/api/sandbox/bank-methods', {
    method: 'POST',
    body: JSON.stringify({ paymentMethodType: 'BANCONTACT', stripeElements: setup.body.elementsOptions }),
  });
  expect(bank.response.status).toBe(201);
  const saved = await kim.call('addPaymentMethod', '/api/account/payment-method', {
    method: 'POST',
    body: JSON.stringify({
      provider: 'stripe',
      paymentMethodType: 'BANCONTACT',
      stripePaymentMethodId: bank.body.token,
      billingAddress,
    }),
  });
  // The bank account's country is known only once the bank approved: the saving goes to the bank page.
  expect(saved.response.status).toBe(202);
  const back = await challenge(saved.body.redirectUrl, 'complete');
  expect(back.get('mode')).toBe('add');
  return kim.call('confirmPayment', '/api/checkout/payment-confirmation', {
    method: 'POST',
    body: JSON.stringify({
      context: 'accountPaymentMethod',
      provider: 'stripe',
      setup_intent: back.get('setup_intent'),
      setup_intent_client_secret: back.get('setup_intent_client_secret'),
      redirect_status: back.get('redirect_status'),
    }),
  });
}

/** The SEPA Direct Debit methods Stripe holds attached to a customer. */
const attachedSepa = () =>
  [...stripe.paymentMethods.values()].filter((m) => m.object.type === 'sepa_debit' && !m.detached);

describe('the billing mismatch control on a bank account (account §5)', () => {
  it('when kim saves a Belgian Bancontact account with a Dutch billing address, then the billing-mismatch answer, the new SEPA method removed, nothing recorded', async () => {
    const kim = await kimInBelgium();
    const confirmed = await addBancontact(kim, DUTCH);
    expect(confirmed.response.status).toBe(409);
    expect(confirmed.body).toMatchObject({ paymentErrorKind: 'billing_address_missmatch' });
    expect(paymentRecordOfAccount(KIM_ACCOUNT_ID)?.token ?? null).toBeNull();
    expect(attachedSepa().filter((m) => m.object.customer !== null)).toEqual([]);
    const page = await kim.call('getPaymentMethod', '/api/account/payment-method');
    expect(page.body.paymentMethod).toBeNull();
  });

  it('when the billing address is Belgian, then saved; changing it to a Dutch one is refused and a Belgian one accepted', async () => {
    const kim = await kimInBelgium();
    const confirmed = await addBancontact(kim, BELGIAN);
    expect(confirmed.response.status).toBe(200);
    expect(confirmed.body).toEqual({ outcome: 'paymentMethodSaved', orderNo: null, status: null });
    expect((await kim.call('getPaymentMethod', '/api/account/payment-method')).body.paymentMethod).toMatchObject({
      type: 'BANCONTACT',
    });

    const put = (address: typeof BELGIAN) =>
      kim.call('updateBillingAddress', '/api/account/billing-address', {
        method: 'PUT',
        body: JSON.stringify(address),
      });
    const dutch = await put(DUTCH);
    expect(dutch.response.status).toBe(409);
    expect(dutch.body.paymentErrorKind).toBe('billing_address_missmatch');
    const moved = await put({ ...BELGIAN, address1: 'Rue Neuve 2', postalCode: '1000' });
    expect(moved.response.status).toBe(200);
    expect(moved.body.billingAddress).toMatchObject({ countryCode: 'BE', address1: 'Rue Neuve 2' });
  });
});
