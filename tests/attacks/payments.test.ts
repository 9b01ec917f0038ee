/**
 * Payments under attack (issue 17): the replay of a 3-D Secure return (Stripe's redirect back, and
 * Adyen's redirectResult), by the same session or by another, creates no second order or charge; and
 * amount tampering: whatever amount, currency or price the browser adds to any body of the checkout,
 * the charge the sandbox provider records (the Adyen stand-in's ledger, read in-process) equals the
 * basket's total in the market's currency.
 */
import { describe, expect, it } from 'vitest';
import { store as adyen } from '../../mocks/sandbox/src/upstreams/adyen/store.ts';
import { useSandboxServer } from '../../server/src/testing/sandbox-server.ts';
import {
  challenge,
  confirmStripeReturn,
  FR_ADDRESS,
  newKey,
  payAdyen,
  payStripe,
} from '../../server/src/testing/payments.ts';
import { readyBasket, TestShopper } from '../../server/src/testing/shop-client.ts';
import { ledger } from './support.ts';

const { url } = useSandboxServer({ RATE_LIMIT_PAYMENT: '1000' });
const replays = ledger('replay-3ds');
const tampering = ledger('amount-tampering');

/** Every way a browser might try to name its own price. */
const TAMPER = {
  amount: { value: 1, currency: 'USD' },
  price: 0.01,
  currency: 'USD',
  orderTotal: 0.01,
  total: 0.01,
  value: 1,
  discount: 99,
};

describe('replay of a 3-D Secure return', () => {
  it('when a completed Stripe 3-D Secure return is sent again, by the same session or another, then no second order', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const placed = await payStripe(shopper, '4000002760003184');
    expect(placed.response.status).toBe(202);
    const back = await challenge(placed.body.redirectUrl, 'complete');
    const first = await confirmStripeReturn(shopper, back);
    expect(first.body).toMatchObject({ outcome: 'orderPlaced', orderNo: back.get('orderNo') });

    await replays.attack('the same return again in the same session', async () => {
      const again = await confirmStripeReturn(shopper, back);
      expect(again.response.status).toBeLessThan(500);
      // Either refused, or the same order told again: never another one.
      if (again.response.status === 200) expect(again.body.orderNo).toBe(first.body.orderNo);
      const listed = await shopper.call('getBasket', 'GET', '/api/basket');
      expect(listed.body.items ?? []).toHaveLength(0);
    });
    await replays.attack('the return in another session', async () => {
      const other = await new TestShopper(url).start();
      const stolen = await confirmStripeReturn(other, back);
      expect(stolen.response.status).toBeGreaterThanOrEqual(400);
      expect(stolen.response.status).toBeLessThan(500);
      const confirmation = await other.call(
        'getOrderConfirmation',
        'GET',
        `/api/checkout/confirmation/${back.get('orderNo')}`,
      );
      expect([403, 404]).toContain(confirmation.response.status);
    });
  });

  it('when a completed Adyen redirectResult is sent again, by the same session or another, then one charge only', async () => {
    const shopper = await frShopper();
    const placed = await payAdyen(shopper, '4000002760003184');
    expect(placed.response.status).toBe(202);
    const back = await challenge(placed.body.redirectUrl, 'complete');
    const confirm = (who: TestShopper) =>
      who.call('confirmPayment', 'POST', '/api/checkout/payment-confirmation', {
        orderNo: back.get('orderNo'),
        provider: 'adyen',
        redirectResult: back.get('redirectResult'),
      });
    const first = await confirm(shopper);
    expect(first.body).toMatchObject({ outcome: 'orderPlaced' });
    const charges = adyen.ledger.filter((c) => c.merchantReference.includes(back.get('orderNo')!)).length;
    expect(charges).toBe(1);

    await replays.attack('the same redirectResult again', async () => {
      const again = await confirm(shopper);
      expect(again.response.status).toBeLessThan(500);
      if (again.response.status === 200) expect(again.body.orderNo).toBe(first.body.orderNo);
      expect(adyen.ledger.filter((c) => c.merchantReference.includes(back.get('orderNo')!))).toHaveLength(1);
    });
    await replays.attack('the redirectResult in another session', async () => {
      const other = await new TestShopper(url).start('?locale=fr-FR');
      const stolen = await confirm(other);
      expect(stolen.response.status).toBeGreaterThanOrEqual(400);
      expect(stolen.response.status).toBeLessThan(500);
      expect(adyen.ledger.filter((c) => c.merchantReference.includes(back.get('orderNo')!))).toHaveLength(1);
    });
  });
});

async function frShopper() {
  const shopper = await new TestShopper(url).start('?locale=fr-FR');
  await readyBasket(shopper, { vin: 'ZAAAA1000AA000004', locale: 'fr-FR', address: FR_ADDRESS });
  return shopper;
}

describe('amount tampering', () => {
  it('when a checkout body carries a browser-chosen amount, currency or price, then it is refused or dropped, and Adyen charges the untouched basket total', async () => {
    const shopper = await new TestShopper(url).start('?locale=fr-FR');
    const page = await shopper.call(
      'getRenewalPage',
      'GET',
      '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000004&locale=fr-FR',
    );
    expect(page.response.status).toBe(200);
    const steps: Array<[Parameters<TestShopper['call']>[0], string, string, Record<string, unknown>]> = [
      [
        'renewItem',
        'POST',
        '/api/basket/items',
        { productId: 'cn-connected-navigation', variantId: 'cn-connected-navigation-12m' },
      ],
      ['setCustomerEmail', 'PUT', '/api/basket/customer', { email: 'gus.guest@example.com' }],
      ['setShippingAddress', 'PUT', '/api/basket/shipping-address', FR_ADDRESS],
      ['setShippingMethod', 'PUT', '/api/basket/shipping-method', { id: 'DIGITAL' }],
      ['setBillingAddress', 'PUT', '/api/basket/billing-address', FR_ADDRESS],
      ['setupPayment', 'POST', '/api/checkout/payment-setup', {}],
    ];
    for (const [op, method, path, body] of steps) {
      for (const [field, value] of Object.entries(TAMPER)) {
        await tampering.attack(`${op} with ${field}`, async () => {
          // Refused as a field the contract does not know, or dropped: the total below tells which.
          const tampered = await shopper.call(op, method, path, { ...body, [field]: value });
          expect([200, 400]).toContain(tampered.response.status);
        });
      }
      const answer = await shopper.call(op, method, path, body);
      expect(answer.response.status, `${op} ${JSON.stringify(answer.body)}`).toBe(200);
    }
    for (const [field, value] of Object.entries(TAMPER)) {
      await tampering.attack(`placeOrder with ${field}`, async () => {
        const tampered = await payAdyen(shopper, '4242424242424242', newKey(), { [field]: value });
        expect(tampered.response.status).toBe(400);
      });
    }
    const { orderTotal } = (await shopper.call('getBasket', 'GET', '/api/basket')).body;
    const honest = await frShopper();
    expect(orderTotal).toEqual((await honest.call('getBasket', 'GET', '/api/basket')).body.orderTotal);
    expect(orderTotal.currency).toBe('EUR');
    expect(orderTotal.value).toBeGreaterThan(1);
    await tampering.attack('the charge of the order placed after the tampering', async () => {
      const placed = await payAdyen(shopper, '4242424242424242');
      expect(placed.response.status).toBe(201);
      const charges = adyen.ledger.filter((c) => c.merchantReference.includes(placed.body.orderNo));
      expect(charges).toEqual([
        expect.objectContaining({ amount: { currency: 'EUR', value: Math.round(orderTotal.value * 100) } }),
      ]);
    });
  });

  it('when the renew form posts a price, then the basket holds the catalogue price', async () => {
    await tampering.attack('a price in the renew form', async () => {
      const shopper = await new TestShopper(url).start('?locale=fr-FR');
      await shopper.call(
        'getRenewalPage',
        'GET',
        '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000004&locale=fr-FR',
      );
      const plain = await new TestShopper(url).start('?locale=fr-FR');
      await plain.call(
        'getRenewalPage',
        'GET',
        '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000004&locale=fr-FR',
      );
      await plain.call('renewItem', 'POST', '/api/basket/items', {
        productId: 'cn-connected-navigation',
        variantId: 'cn-connected-navigation-12m',
      });
      const { cookie, csrf } = shopper.credentials();
      const res = await fetch(url('/fr-FR/service/cn-connected-navigation'), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          csrfToken: csrf,
          variantId: 'cn-connected-navigation-12m',
          price: '0.01',
          orderTotal: '0.01',
        }).toString(),
      });
      expect(res.status).toBe(303);
      const tampered = (await shopper.call('getBasket', 'GET', '/api/basket')).body;
      const honest = (await plain.call('getBasket', 'GET', '/api/basket')).body;
      expect(tampered.orderTotal).toEqual(honest.orderTotal);
      expect(tampered.orderTotal.value).toBeGreaterThan(1);
    });
  });
});
