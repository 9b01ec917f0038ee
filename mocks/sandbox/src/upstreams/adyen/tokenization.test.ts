/**
 * Tokenization in the Adyen stand-in as Adyen documents it (issue 31; Checkout v71 PaymentRequest
 * `storePaymentMethod`: "When true and `shopperReference` is provided, the payment details will be
 * stored"; docs.adyen.com/online-payments/tokenization): a method is stored only with both, its
 * token told in the answer (`recurring.*`, `tokenization.*`) and by a signed RECURRING_CONTRACT
 * notification; a later merchant-initiated payment (ContAuth, Subscription) with the token and the
 * same shopperReference is authorised without the shopper, and refused with Adyen's 800 for an
 * unknown token or another shopper's. The ledger lists both payments.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../app.ts';
import { Receiver } from '../../core/webhook-receiver.ts';
import { buildSandbox } from '../../sandbox.ts';
import { CREDENTIALS } from '../../seed.ts';
import type { Ledger } from '../ledger.ts';
import { adyenHmacSignature, type NotificationRequestItem } from './notifications.ts';
import { ADYEN_SEED, getStoredPaymentMethods } from './store.ts';
import { cardPayment, RETURN_URL } from './test-fixtures.ts';

const sandbox: Sandbox = buildSandbox();
const receiver = new Receiver();
let root = '';

beforeAll(async () => {
  root = `http://localhost:${await sandbox.start(0)}`;
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
  const url = await receiver.start();
  await fetch(`${root}/__sandbox/webhooks`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url, enabled: true }),
  });
});
afterEach(async () => {
  receiver.received.length = 0;
  await receiver.stop();
});

const KIM = 'abcKimDriver0002';

interface Answer {
  status?: number;
  errorCode?: string;
  message?: string;
  resultCode?: string;
  pspReference: string;
  action?: unknown;
  additionalData: Record<string, string>;
}

async function pay(body: unknown): Promise<{ status: number; body: Answer }> {
  const res = await fetch(`${root}/adyen/v71/payments`, {
    method: 'POST',
    headers: { 'x-api-key': CREDENTIALS.adyen.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

/** A checkout's first payment as the proxy sends it: stored for the renewals (Subscription, Ecommerce). */
const firstPayment = (number: string, extra: Record<string, unknown> = {}) =>
  cardPayment(number, {
    storePaymentMethod: true,
    recurringProcessingModel: 'Subscription',
    shopperInteraction: 'Ecommerce',
    ...extra,
  });

/** A renewal as the order-management system makes it: the token, the shopperReference, no shopper present. */
const renewal = (storedPaymentMethodId: string, shopperReference = ADYEN_SEED.alexShopperReference) => ({
  amount: { currency: 'EUR', value: 9900 },
  merchantAccount: ADYEN_SEED.merchantAccount,
  reference: '00001001',
  returnUrl: RETURN_URL,
  paymentMethod: { type: 'scheme', storedPaymentMethodId },
  shopperReference,
  shopperInteraction: 'ContAuth',
  recurringProcessingModel: 'Subscription',
});

const recurringKeys = (answer: Answer) =>
  Object.keys(answer.additionalData ?? {}).filter((key) => /^(recurring|tokenization)\./.test(key));

/** The notification items the sandbox sent, by event code. */
async function itemsSent(count: number): Promise<NotificationRequestItem[]> {
  const received = await receiver.until(count);
  return received.flatMap(({ body }) =>
    (
      JSON.parse(body) as { notificationItems: Array<{ NotificationRequestItem: NotificationRequestItem }> }
    ).notificationItems.map((n) => n.NotificationRequestItem),
  );
}

describe('adyen stand-in: storing a method only with a shopperReference (issue 31)', () => {
  it('when storePaymentMethod comes without a shopperReference, then the card is authorised, nothing is stored, no token told and no RECURRING_CONTRACT sent', async () => {
    const { status, body } = await pay(firstPayment('4242424242424242', { shopperReference: undefined }));
    expect(status).toBe(200);
    expect(body.resultCode).toBe('Authorised');
    expect(recurringKeys(body)).toEqual([]);
    // alex's seed card only: nothing new under any shopper.
    expect(getStoredPaymentMethods(ADYEN_SEED.alexShopperReference)).toHaveLength(1);
    const items = await itemsSent(1);
    expect(items.map((item) => item.eventCode)).toEqual(['AUTHORISATION']);
  });

  it('when storePaymentMethod comes with a shopperReference, then the answer and a signed RECURRING_CONTRACT tell the token', async () => {
    const { body } = await pay(firstPayment('4242424242424242'));
    const token = body.additionalData['recurring.recurringDetailReference']!;
    expect(token).toMatch(/^\d{16}$/);
    expect(body.additionalData).toMatchObject({
      'recurring.shopperReference': ADYEN_SEED.alexShopperReference,
      'tokenization.storedPaymentMethodId': token,
      'tokenization.shopperReference': ADYEN_SEED.alexShopperReference,
      'tokenization.store.operationType': 'created',
      recurringProcessingModel: 'Subscription',
    });
    expect(getStoredPaymentMethods(ADYEN_SEED.alexShopperReference).map((m) => m.id)).toContain(token);

    const items = await itemsSent(2);
    const contract = items.find((item) => item.eventCode === 'RECURRING_CONTRACT')!;
    expect(contract).toMatchObject({
      pspReference: token,
      originalReference: body.pspReference,
      merchantReference: '00001001',
      success: 'true',
      additionalData: {
        'recurring.recurringDetailReference': token,
        'recurring.shopperReference': ADYEN_SEED.alexShopperReference,
      },
    });
    expect(contract.additionalData.hmacSignature).toBe(adyenHmacSignature(contract, CREDENTIALS.adyen.hmacKey));
  });
});

describe('adyen stand-in: a renewal with the stored token (ContAuth, Subscription)', () => {
  it('when the order-management system pays with the token and the shopperReference, then it is authorised without the shopper, even for a 3-D Secure card, and the ledger lists both payments', async () => {
    const first = await pay(firstPayment('4000002760003184'));
    expect(first.body.resultCode).toBe('RedirectShopper');
    // The shopper completes 3-D Secure on the first payment; the token is told by /payments/details.
    const page = first.body.action as { url: string };
    const done = await fetch(page.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
      redirect: 'manual',
    });
    const redirectResult = new URL(done.headers.get('location')!).searchParams.get('redirectResult');
    const details = await fetch(`${root}/adyen/v71/payments/details`, {
      method: 'POST',
      headers: { 'x-api-key': CREDENTIALS.adyen.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ details: { redirectResult } }),
    });
    const authorised = (await details.json()) as Answer;
    const token = authorised.additionalData['recurring.recurringDetailReference']!;
    expect(authorised).toMatchObject({ resultCode: 'Authorised' });
    expect(token).toMatch(/^\d{16}$/);

    const { status, body } = await pay(renewal(token));
    expect(status).toBe(200);
    expect(body.resultCode).toBe('Authorised');
    expect(body.action).toBeUndefined();
    expect(body.additionalData).toMatchObject({ cardSummary: '3184', 'recurring.recurringDetailReference': token });
    // A token payment stores nothing new.
    expect(recurringKeys(body)).not.toContain('tokenization.storedPaymentMethodId');

    const ledger = (await (await fetch(`${root}/__sandbox/ledger`)).json()) as Ledger;
    expect(ledger.payments.filter((p) => p.provider === 'adyen')).toEqual([
      expect.objectContaining({ id: first.body.pspReference, reference: '00001001', state: 'authorised' }),
      expect.objectContaining({ id: body.pspReference, reference: '00001001', state: 'authorised', amount: 9900 }),
    ]);
  });

  it.each([
    ['an unknown token', () => '8999999999999999', ADYEN_SEED.alexShopperReference],
    ["another shopper's reference", () => ADYEN_SEED.alexStoredPaymentMethodId, KIM],
  ])(
    'when a renewal names %s, then Adyen refuses it with 800 Contract not found and charges nothing',
    async (_, id, shopper) => {
      const { status, body } = await pay(renewal(id(), shopper));
      expect(status).toBe(422);
      expect(body).toMatchObject({ errorCode: '800', message: 'Contract not found' });
      const ledger = (await (await fetch(`${root}/__sandbox/ledger`)).json()) as Ledger;
      expect(ledger.payments).toEqual([]);
    },
  );
});
