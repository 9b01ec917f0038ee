import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../app.ts';
import { ADYEN_SEED, adyenLedger, adyenModule } from './index.ts';
import { cardPayment } from './test-fixtures.ts';

// Reversing a payment (Checkout v71 Modifications): a technical cancel by the merchant's reference
// (/cancels) and a cancel or refund by pspReference (/payments/{pspReference}/reversals).
const sandbox: Sandbox = createSandbox([adyenModule]);
let root = '';

beforeAll(async () => {
  root = `http://localhost:${await sandbox.start(0)}`;
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
});

const post = (path: string, body: unknown, key?: string) =>
  fetch(`${root}/adyen/v71${path}`, {
    method: 'POST',
    headers: {
      'x-api-key': 'sandbox-adyen-api-key',
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });

const payment = (reference: string) => cardPayment('4242424242424242', { reference });
const merchantAccount = ADYEN_SEED.merchantAccount;

describe('Adyen stand-in: technical cancel and reversal', () => {
  it('when a payment is cancelled by its reference, then its charge is reversed and the answer is 201 received', async () => {
    const paid = await post('/payments', payment('00009001'));
    expect((await paid.json()).resultCode).toBe('Authorised');
    const cancel = await post('/cancels', { merchantAccount, paymentReference: '00009001', reference: 'c-1' }, 'k-1');
    expect(cancel.status).toBe(201);
    expect(await cancel.json()).toMatchObject({ merchantAccount, paymentReference: '00009001', status: 'received' });
    expect(adyenLedger()).toEqual([
      expect.objectContaining({
        merchantReference: '00009001',
        reversed: expect.objectContaining({ how: 'technical-cancel' }),
      }),
    ]);
  });

  it('when the cancel comes before the payment it names is handled, then that payment is cancelled as it is authorised', async () => {
    await post('/cancels', { merchantAccount, paymentReference: '00009002' });
    expect((await (await post('/payments', payment('00009002'))).json()).resultCode).toBe('Authorised');
    expect(adyenLedger()[0]?.reversed?.how).toBe('technical-cancel');
    // Another reference is untouched.
    await post('/payments', payment('00009003'));
    expect(adyenLedger()[1]?.reversed).toBeUndefined();
  });

  it('when a payment is reversed by pspReference, then its charge is reversed', async () => {
    const paid = (await (await post('/payments', payment('00009004'))).json()) as { pspReference: string };
    const reversal = await post(`/payments/${paid.pspReference}/reversals`, { merchantAccount, reference: 'r-1' });
    expect(reversal.status).toBe(201);
    expect(await reversal.json()).toMatchObject({ paymentPspReference: paid.pspReference, status: 'received' });
    expect(adyenLedger()[0]?.reversed?.how).toBe('cancel-or-refund');
  });

  it('when a reversal names no payment or another merchant account, then it is refused', async () => {
    expect((await post('/payments/SBXP000000000000/reversals', { merchantAccount })).status).toBe(422);
    expect((await post('/cancels', { merchantAccount: 'Other', paymentReference: '1' })).status).toBe(422);
    expect((await post('/cancels', { merchantAccount })).status).toBe(422);
  });
});
