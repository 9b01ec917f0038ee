/**
 * Placing and paying orders with Adyen (FR) against the in-process sandbox (storefront §4 "On
 * payment", §8 payment errors; DESIGN.md provider per market). Every answer is checked against proxy.yaml.
 */
import { describe, expect, it } from 'vitest';
import { adyenLedger } from '../../../../mocks/sandbox/src/upstreams/adyen/index.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { FR_ADDRESS, payAdyen } from '../../testing/payments.ts';
import { readyBasket, TestShopper } from '../../testing/shop-client.ts';

const { url } = useSandboxServer({ RATE_LIMIT_PAYMENT: '1000' });

describe('placeOrder with Adyen (FR)', () => {
  async function frShopper() {
    const shopper = await new TestShopper(url).start('?locale=fr-FR');
    await readyBasket(shopper, { vin: 'ZAAAA1000AA000004', locale: 'fr-FR', address: FR_ADDRESS });
    return shopper;
  }

  it('when 4242 pays in FR, then Adyen authorises and the order is new', async () => {
    const shopper = await frShopper();
    const setup = await shopper.call('setupPayment', 'POST', '/api/checkout/payment-setup', {});
    expect(setup.body).toMatchObject({ provider: 'adyen', clientKey: 'test_SANDBOXCLIENTKEY' });
    const { response, body } = await payAdyen(shopper, '4242424242424242');
    expect(response.status).toBe(201);
    expect(body.status).toBe('new');
  });

  it('when 0002 is refused by Adyen, then 402 card_error and the basket kept', async () => {
    const shopper = await frShopper();
    const { response, body } = await payAdyen(shopper, '4000000000000002');
    expect(response.status).toBe(402);
    expect(body.paymentErrorKind).toBe('card_error');
    expect((await shopper.call('getCheckoutState', 'GET', '/api/checkout')).body.basket.itemCount).toBe(1);
  });

  it('when 3184 is challenged and completed, then /payments/details authorises it', async () => {
    const shopper = await frShopper();
    const first = await payAdyen(shopper, '4000002760003184');
    expect(first.response.status).toBe(202);
    const response = await fetch(first.body.redirectUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
    });
    const back = new URL(response.headers.get('location')!).searchParams;
    const confirmed = await shopper.call('confirmPayment', 'POST', '/api/checkout/payment-confirmation', {
      orderNo: back.get('orderNo'),
      provider: 'adyen',
      redirectResult: back.get('redirectResult'),
    });
    expect(confirmed.body).toMatchObject({ outcome: 'orderPlaced', status: 'new' });
  });

  it('when a GB card (4000 0082 6000 0000) pays with an FR billing address, then 409 billing mismatch and its authorisation reversed', async () => {
    const shopper = await frShopper();
    const from = adyenLedger().length;
    const { response, body } = await payAdyen(shopper, '4000008260000000');
    expect(response.status).toBe(409);
    expect(body.paymentErrorKind).toBe('billing_address_missmatch');
    // Adyen authorised the card before its country was known: given back at once (decision 023).
    const charges = adyenLedger().slice(from);
    expect(charges).toHaveLength(1);
    expect(charges[0]?.reversed?.how).toBe('cancel-or-refund');
  });
});
